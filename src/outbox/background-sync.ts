import { OUTBOX_SYNC_TAG } from '../storage/stored-keys';

// Background Sync is Chromium-only and not in TypeScript's DOM types.
interface SyncManager {
  register(tag: string): Promise<void>;
}

/**
 * Asks the service worker to send the queued application once the device is online, even if
 * the tab is closed by then. Where Background Sync is missing (Safari, Firefox), the page's own
 * retries cover it while the page is open, and the next open resumes the queue.
 */
export async function requestBackgroundSync(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const sync = registration ? (Reflect.get(registration, 'sync') as SyncManager | undefined) : undefined;
  await sync?.register(OUTBOX_SYNC_TAG).catch(() => undefined);
}
