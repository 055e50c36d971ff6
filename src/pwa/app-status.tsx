import { useState, useSyncExternalStore } from 'react';
import { useOnline } from '../browser/use-online';
import { applyUpdate, onServiceWorkerState, serviceWorkerState } from './service-worker';
import { useStillWhilePressed } from '../browser/use-still-while-pressed';
import { useMessages } from '../i18n/messages-context';

/**
 * Quiet lines about the app itself: offline, ready to work offline, and a new version with a
 * Reload button that saves the draft first.
 */
export function AppStatus({ saveDraft, offlineLines = true }: { saveDraft: () => Promise<void>; offlineLines?: boolean }) {
  // The server snapshots serve the Welcome rendered to HTML at build time (src/prerender).
  const worker = useSyncExternalStore(onServiceWorkerState, serviceWorkerState, serviceWorkerState);
  const online = useOnline();
  const [reloading, setReloading] = useState(false);
  const messages = useMessages();
  // Both lines come and go by themselves (the network, a new version): never during a press.
  const line = useStillWhilePressed(!offlineLines ? null : !online ? 'offline' : worker.offlineReady ? 'offlineReady' : null);
  const updateWaiting = useStillWhilePressed(worker.updateWaiting);
  return (
    <div className="app-status">
      <p className="app-status__line" role="status">
        {line ? messages.text(line) : ''}
      </p>
      {updateWaiting ? (
        <div className="update-prompt" role="status">
          <span>{messages.text('updateReady')}</span>
          <button
            type="button"
            className="button button--secondary"
            aria-disabled={reloading}
            onClick={() => {
              if (reloading) return;
              setReloading(true);
              void saveDraft().finally(applyUpdate);
            }}
          >
            {messages.text('reload')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
