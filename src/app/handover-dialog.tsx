import '../styles/dialog.css';
import { lazy, Suspense, useId, useLayoutEffect, useRef, useState } from 'react';
import { formatMoment } from '../i18n/format-moment';
import { useMessages } from '../i18n/messages-context';
import type { MessageKey } from '../i18n/catalogue';
import type { HandoverAttempt } from './handover-attempt';

const QrCode = lazy(() => import('./qr-code'));

const FAILURE_TEXT: Record<Extract<HandoverAttempt, { state: 'failed' }>['reason'], MessageKey> = {
  offline: 'handoverOffline',
  unavailable: 'handoverFailed',
  refused: 'handoverFailed',
  accepted: 'handoverFailed',
  'too-large': 'handoverTooLarge',
};

interface HandoverDialogProps {
  title: string;
  attempt: HandoverAttempt;
  onRetry: () => void;
  onClose: () => void;
}

/**
 * The link to continue on another device: as text to select, a Copy button, the system's share
 * sheet where there is one, and a QR code on request; when it stops working, in the creator's
 * words. Or why it could not be made, the answers being safe here either way.
 */
export default function HandoverDialog({ title, attempt, onRetry, onClose }: HandoverDialogProps) {
  const messages = useMessages();
  const linkId = useId();
  const linkField = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const [showQr, setShowQr] = useState(false);

  const copy = (link: string) => {
    const done = () => {
      setCopied(true);
    };
    const byHand = () => {
      // No clipboard API (an insecure context, an old engine): select it, so the creator can copy it.
      linkField.current?.select();
    };
    // Absent outside secure contexts, whatever the types say.
    if (typeof (navigator.clipboard as Clipboard | undefined)?.writeText === 'function') navigator.clipboard.writeText(link).then(done, byHand);
    else byHand();
  };

  const share = (link: string) => {
    // The share sheet may be dismissed: nothing to say then.
    navigator.share({ title, url: link }).catch(() => undefined);
  };

  // The browser's own modal dialog: the rest of the page inert, focus inside, Escape closes it, and
  // focus goes back where it was when it closes (the button, while it is still there).
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // Opened and closed around the DOM's own insertion and removal (layout effects), so that closing
  // it hands focus back before the element is gone.
  useLayoutEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => {
      element?.close();
    };
  }, []);

  return (
    <dialog
      ref={dialog}
      className="dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId} className="dialog__title">
        {title}
      </h2>
      {attempt.state === 'making' ? (
        <p role="status">{messages.text('handoverMaking')}</p>
      ) : attempt.state === 'failed' ? (
        <>
          <p role="alert">{messages.text(FAILURE_TEXT[attempt.reason])}</p>
          <div className="dialog__actions">
            {attempt.reason === 'too-large' || attempt.reason === 'accepted' ? null : (
              <button type="button" className="button button--primary" onClick={onRetry}>
                {messages.text('handoverTryAgain')}
              </button>
            )}
            <button type="button" className="button button--secondary" onClick={onClose}>
              {messages.text('handoverClose')}
            </button>
          </div>
        </>
      ) : (
        <>
          <p>{messages.text('handoverIntro')}</p>
          {attempt.staying.length > 0 ? (
            <p className="dialog__note">
              {messages.text('handoverFilesStay', { files: new Intl.ListFormat(messages.locale, { type: 'conjunction' }).format(attempt.staying) })}
            </p>
          ) : null}
          <label htmlFor={linkId} className="dialog__label">
            {messages.text('handoverLink')}
          </label>
          <input
            id={linkId}
            ref={linkField}
            className="dialog__link"
            // A web address reads left to right in every language (styles/form.css says how it sits in a right-to-left page).
            dir="ltr"
            type="url"
            readOnly
            value={attempt.link}
            onFocus={(event) => {
              event.currentTarget.select();
            }}
          />
          <div className="dialog__actions">
            <button
              type="button"
              className="button button--primary"
              onClick={() => {
                copy(attempt.link);
              }}
            >
              {messages.text('handoverCopy')}
            </button>
            {typeof navigator.share === 'function' ? (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => {
                  share(attempt.link);
                }}
              >
                {messages.text('handoverShare')}
              </button>
            ) : null}
            {showQr ? null : (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => {
                  setShowQr(true);
                }}
              >
                {messages.text('handoverShowQr')}
              </button>
            )}
          </div>
          <p className="dialog__status" role="status">
            {copied ? messages.text('handoverCopied') : null}
          </p>
          {showQr ? (
            <Suspense fallback={null}>
              <QrCode text={attempt.link} label={messages.text('handoverQr')} />
            </Suspense>
          ) : null}
          <p>{messages.text('handoverExpires', { date: formatMoment(attempt.expiresAt, messages.locale) })}</p>
          <div className="dialog__actions">
            <button type="button" className="button button--secondary" onClick={onClose}>
              {messages.text('handoverClose')}
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}
