import { pageLocalStorage, type SyncStorage } from './sync-storage';

/**
 * A synchronous copy of the draft written only as the page goes away (pagehide, or hidden on
 * phones, where pagehide may never come). An IndexedDB write started then may not finish
 * before the page is gone; localStorage writes finish before the call returns. The next load
 * keeps whichever copy is newer and removes this one at once.
 */
export const UNLOAD_COPY_KEY = 'creator-wizard:unload-draft';

export function writeUnloadCopy(record: unknown, storage: SyncStorage = pageLocalStorage): void {
  try {
    storage.setItem(UNLOAD_COPY_KEY, JSON.stringify(record));
  } catch {
    // Storage full or blocked: the IndexedDB write is still on its way.
  }
}

/** Whether a copy waits, without taking it. */
export function hasUnloadCopy(storage: SyncStorage = pageLocalStorage): boolean {
  try {
    return storage.getItem(UNLOAD_COPY_KEY) !== null;
  } catch {
    return false;
  }
}

/** Returns the copy, if any, and removes it. */
export function takeUnloadCopy(storage: SyncStorage = pageLocalStorage): unknown {
  try {
    const text = storage.getItem(UNLOAD_COPY_KEY);
    storage.removeItem(UNLOAD_COPY_KEY);
    return text === null ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

export function clearUnloadCopy(storage: SyncStorage = pageLocalStorage): void {
  try {
    storage.removeItem(UNLOAD_COPY_KEY);
  } catch {
    // Nothing to clear where localStorage is blocked.
  }
}
