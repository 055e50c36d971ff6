/**
 * Asks the browser once per page to keep this site's storage (navigator.storage.persist()),
 * so drafts are not evicted, and remembers the answer for whoever needs it. Without the API,
 * or while a browser's permission prompt is unanswered (Firefox asks the person), the answer
 * is null: unknown, not refused.
 */
type PersistApi = Pick<StorageManager, 'persist'>;

let asked: Promise<boolean | null> | null = null;

function browserStorage(): PersistApi | null {
  return typeof navigator !== 'undefined' && 'storage' in navigator && 'persist' in navigator.storage ? navigator.storage : null;
}

/** The browser's answer to persist(), asked once; later calls share it. */
export function requestPersistentStorage(storage: PersistApi | null = browserStorage()): Promise<boolean | null> {
  if (!asked) {
    asked = storage ? storage.persist().catch(() => null) : Promise.resolve(null);
  }
  return asked;
}

/** Whether the page runs from the Home Screen or as an installed app. */
export function runsInstalled(): boolean {
  const standalone = typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches;
  // iOS Safari's own flag for a page opened from the Home Screen.
  return standalone || (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

/** Forgets the answer (tests). */
export function resetPersistentStorageRequest(): void {
  asked = null;
}
