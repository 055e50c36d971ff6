import type { PageEvents } from '../browser/page-events';
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
export function watchForBackgroundSync(hasWaitingApplication: () => boolean, page: PageEvents, serviceWorker: ServiceWorkerContainer | undefined): () => void {
  if (!serviceWorker) return () => undefined;
  let sync: SyncManager | undefined;
  // Looked up ahead: on pagehide there is no time left to wait for a promise.
  void serviceWorker.ready.then((registration) => {
    sync = Reflect.get(registration, 'sync') as SyncManager | undefined;
  });
  return page.onLeave(() => {
    if (sync && hasWaitingApplication()) void sync.register(OUTBOX_SYNC_TAG).catch(() => undefined);
  });
}
