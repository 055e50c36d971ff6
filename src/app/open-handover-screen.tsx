import { type ReactElement, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { WizardConfig } from '../config/config-schema';
import type { DescribedApplication } from '../handover/open-handover';
import type { OpenHandoverFlow, OpenHandoverView } from '../handover/open-handover-flow';
import type { MessageKey } from '../i18n/catalogue';
import { formatMoment } from '../i18n/format-moment';
import { useMessages } from '../i18n/messages-context';

const FAILURE: Record<Extract<OpenHandoverView, { kind: 'failed' }>['reason'], { title: MessageKey; text: MessageKey; retry: boolean }> = {
  gone: { title: 'arrivalGoneTitle', text: 'arrivalGone', retry: false },
  tampered: { title: 'arrivalTamperedTitle', text: 'arrivalTampered', retry: false },
  unreadable: { title: 'arrivalUnreadableTitle', text: 'arrivalUnreadable', retry: false },
  offline: { title: 'arrivalOfflineTitle', text: 'arrivalOffline', retry: true },
  unavailable: { title: 'arrivalUnavailableTitle', text: 'arrivalUnavailable', retry: true },
};

interface OpenHandoverScreenProps {
  config: WizardConfig;
  flow: OpenHandoverFlow;
  /** The wizard with what the device holds once the link is settled (read from the store then). */
  loadWizard: () => Promise<ReactElement>;
}

/** The page opened by a resume link: opening it, what went wrong, or the choice between two applications; then the wizard. */
export function OpenHandoverScreen({ config, flow, loadWizard }: OpenHandoverScreenProps) {
  const view = useSyncExternalStore(flow.subscribe, flow.getSnapshot);
  const [wizard, setWizard] = useState<ReactElement | null>(null);
  useEffect(() => {
    if (view.kind !== 'done') return undefined;
    let current = true;
    void loadWizard().then((element) => {
      if (current) setWizard(element);
    });
    return () => {
      current = false;
    };
  }, [view.kind, loadWizard]);
  if (wizard) return wizard;
  return <OpenHandoverView config={config} view={view} flow={flow} />;
}

function OpenHandoverView({ config, view, flow }: { config: WizardConfig; view: OpenHandoverView; flow: OpenHandoverFlow }) {
  const messages = useMessages();
  const heading = useRef<HTMLHeadingElement>(null);
  // A new screen: its heading is where a screen reader and the keyboard start.
  useEffect(() => {
    heading.current?.focus();
  }, [view.kind]);
  if (view.kind === 'opening' || view.kind === 'done') {
    return (
      <main className="open-handover">
        <p className="boot-message" role="status">
          {messages.text('arrivalOpening')}
        </p>
      </main>
    );
  }
  if (view.kind === 'failed') {
    const failure = FAILURE[view.reason];
    return (
      <main className="open-handover">
        <h1 ref={heading} tabIndex={-1}>
          {messages.text(failure.title)}
        </h1>
        <p role="alert">{messages.text(failure.text)}</p>
        <div className="open-handover__actions">
          {failure.retry ? (
            <button type="button" className="button button--primary" onClick={flow.retry}>
              {messages.text('arrivalRetry')}
            </button>
          ) : null}
          <button type="button" className={failure.retry ? 'button button--secondary' : 'button button--primary'} onClick={flow.carryOn}>
            {messages.text('arrivalCarryOn')}
          </button>
        </div>
      </main>
    );
  }
  const describe = (application: DescribedApplication) =>
    messages.text('arrivalDescribe', {
      name: application.name || messages.text('arrivalNoName'),
      step: config.steps[application.step]?.name ?? '',
      date: application.savedAt === undefined ? '' : formatMoment(application.savedAt, messages.locale),
    });
  return (
    <main className="open-handover">
      <h1 ref={heading} tabIndex={-1}>
        {messages.text('arrivalChooseTitle')}
      </h1>
      <p>{messages.text('arrivalChooseIntro')}</p>
      <dl className="open-handover__choices">
        <div className="open-handover__choice">
          <dt>{messages.text('arrivalFromLink')}</dt>
          <dd>{describe(view.incoming)}</dd>
        </div>
        <div className="open-handover__choice">
          <dt>{messages.text('arrivalOnDevice')}</dt>
          <dd>{describe(view.local)}</dd>
          {view.local.queued ? <dd>{messages.text('arrivalQueued')}</dd> : null}
        </div>
      </dl>
      <div className="open-handover__actions">
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            flow.keep('link');
          }}
        >
          {messages.text('arrivalKeepLink')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            flow.keep('device');
          }}
        >
          {messages.text('arrivalKeepDevice')}
        </button>
      </div>
    </main>
  );
}
