import type { KeyValueStore } from '../storage/resilient-store';
import { DRAFT_KEY, OUTBOX_KEY, SUBMITTED_KEY } from '../storage/stored-keys';
import { pageLocalStorage, type SyncStorage } from '../storage/sync-storage';
import { hasUnloadCopy } from '../storage/unload-copy';

/**
 * Whether this device holds anything of an application: a draft (or its unload copy), a
 * queued submission, or the marker of an accepted one. A first visit holds nothing and can
 * open on the Welcome step alone. When unsure (storage failing), the answer is yes: the full
 * application knows how to report and recover.
 */
export async function holdsAnApplication(store: KeyValueStore, synchronous: SyncStorage = pageLocalStorage): Promise<boolean> {
  if (hasUnloadCopy(synchronous)) return true;
  try {
    const held = await Promise.all([store.get(DRAFT_KEY), store.get(OUTBOX_KEY), store.get(SUBMITTED_KEY)]);
    return held.some((value) => value !== undefined);
  } catch {
    return true;
  }
}
