import { OUTBOX_SYNC_TAG } from './outbox-names';

// Background Sync is Chromium-only and not in TypeScript's DOM types.
interface SyncManager {
  register(tag: string): Promise<void>;
}

/**
 * Hands a waiting application to the service worker as the page goes away, so it is sent
 * once the device is online even if the tab is closed by then. Only then: while the page is
 * open its own retries own the queue (Chromium fires a sync at once when online).
 * Where Background Sync is missing (Safari, Firefox), the page's own retries cover it while
 * the page is open, and the next open resumes the queue.
 */
export function watchForBackgroundSync(hasWaitingApplication: () => boolean): () => void {
  if (!('serviceWorker' in navigator)) return () => undefined;
  let sync: SyncManager | undefined;
  // Looked up ahead: on pagehide there is no time left to wait for a promise.
  void navigator.serviceWorker.ready.then((registration) => {
    sync = Reflect.get(registration, 'sync') as SyncManager | undefined;
  });
  const leave = () => {
    if (sync && hasWaitingApplication()) void sync.register(OUTBOX_SYNC_TAG).catch(() => undefined);
  };
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') leave();
  };
  window.addEventListener('pagehide', leave);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    window.removeEventListener('pagehide', leave);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}
