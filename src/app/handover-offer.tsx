import { lazy, Suspense, useCallback, useState } from 'react';
import type { WizardConfig } from '../config/config-schema';
import { linkLifetimeSeconds } from '../handover/offers-handover';
import { useMessages } from '../i18n/messages-context';
import type { ApplicationSession } from '../session/application-session-contract';
import type { HandoverAttempt } from './handover-attempt';

// The dialog, its link and its QR code come when asked for: nothing of them is on a step's first paint.
const HandoverDialog = lazy(() => import('./handover-dialog'));

/** The page the link opens: this one, as it is now (its language among its parameters), without a fragment. */
export function currentPageUrl(): string {
  const url = new URL(window.location.href);
  url.hash = '';
  return url.href;
}

interface HandoverOfferProps {
  config: WizardConfig;
  session: ApplicationSession;
  /** The button is shown (not while read only, handed over, or busy sending). */
  showButton: boolean;
  /** Where focus goes once the dialog closes on a made link (the button is gone then). */
  focusAfterHandover: () => void;
}

/**
 * "Continue on another device": the button, and the dialog it opens. The link is made from the
 * press itself (not from an effect, which React may run twice), and its state lives here, above
 * the button, so the dialog stays open as the form behind it turns read only.
 */
export function HandoverOffer({ config, session, showButton, focusAfterHandover }: HandoverOfferProps) {
  const messages = useMessages();
  const [attempt, setAttempt] = useState<HandoverAttempt | null>(null);

  const makeLink = useCallback(() => {
    if (!navigator.onLine) {
      setAttempt({ state: 'failed', reason: 'offline' });
      return;
    }
    if (config.requestUrl == null) return;
    setAttempt({ state: 'making' });
    session
      .handOver({ requestUrl: config.requestUrl, pageUrl: currentPageUrl(), expiresInSeconds: linkLifetimeSeconds(config), programme: config.programmeTitle })
      .then(
        (result) => {
          setAttempt(
            result.ok
              ? { state: 'ready', link: result.link, expiresAt: result.handedOver.expiresAt, staying: result.staying }
              : { state: 'failed', reason: result.reason },
          );
        },
        () => {
          setAttempt({ state: 'failed', reason: 'unavailable' });
        },
      );
  }, [config, session]);

  const close = useCallback(() => {
    const made = attempt?.state === 'ready';
    setAttempt(null);
    if (made) queueMicrotask(focusAfterHandover);
  }, [attempt, focusAfterHandover]);

  const buttonText = (config.continueOnAnotherDevice || undefined)?.buttonText ?? messages.text('handoverButton');
  return (
    <div className="handover-offer">
      {showButton ? (
        <button type="button" className="button button--link" onClick={makeLink} aria-haspopup="dialog">
          {buttonText}
        </button>
      ) : null}
      {attempt ? (
        <Suspense
          fallback={
            <p className="handover-offer__making" role="status">
              {messages.text('handoverMaking')}
            </p>
          }
        >
          <HandoverDialog title={buttonText} attempt={attempt} onRetry={makeLink} onClose={close} />
        </Suspense>
      ) : null}
    </div>
  );
}
