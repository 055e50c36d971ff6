import { useState, useSyncExternalStore } from 'react';
import { applyUpdate, onServiceWorkerState, serviceWorkerState } from './service-worker';
import { useMessages } from '../i18n/messages-context';

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/**
 * Quiet lines about the app itself: offline, ready to work offline, and a new version with a
 * Reload button that saves the draft first.
 */
export function AppStatus({ saveDraft, offlineLines = true }: { saveDraft: () => Promise<void>; offlineLines?: boolean }) {
  // The server snapshots serve the Welcome rendered to HTML at build time (src/prerender).
  const worker = useSyncExternalStore(onServiceWorkerState, serviceWorkerState, serviceWorkerState);
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine, () => true);
  const [reloading, setReloading] = useState(false);
  const messages = useMessages();
  return (
    <div className="app-status">
      <p className="app-status__line" role="status">
        {!offlineLines ? '' : !online ? messages.text('offline') : worker.offlineReady ? messages.text('offlineReady') : ''}
      </p>
      {worker.updateWaiting ? (
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
