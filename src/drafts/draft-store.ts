import type { KeyValueStore } from '../storage/resilient-store';
import {
  CORRUPT_DRAFT_KEY,
  DRAFT_KEY,
  HANDED_OVER_KEY,
  HANDOVER_REVISION_KEY,
  HANDOVER_REVISION_KEY_BEFORE,
  SUBMITTED_KEY,
  type SubmittedMarker,
} from '../storage/stored-keys';
import { rememberHoldsApplication } from '../storage/resume-hint';
import { pageLocalStorage, type SyncStorage } from '../storage/sync-storage';
import { clearUnloadCopy, takeUnloadCopy } from '../storage/unload-copy';
import type { DraftRecord } from './draft-record';

/**
 * Where the draft lives: `draft` in the app's store until the application is accepted, then
 * only a `submitted` marker with no personal data (written by outbox/clear-after-acceptance.ts).
 * A draft that cannot be read is moved to `corrupt-draft` rather than deleted, so nothing is
 * destroyed by a bug in reading it.
 */

function savedAt(record: unknown): number {
  if (typeof record !== 'object' || record === null) return -1;
  const value = (record as { savedAt?: unknown }).savedAt;
  return typeof value === 'number' ? value : -1;
}

/** The stored draft as it is (not yet checked), the newer of IndexedDB's and the unload copy (in `synchronous`). */
export async function loadStoredDraft(store: KeyValueStore, synchronous: SyncStorage = pageLocalStorage): Promise<unknown> {
  const unloadCopy = takeUnloadCopy(synchronous);
  const stored = await store.get<unknown>(DRAFT_KEY);
  if (unloadCopy !== undefined && savedAt(unloadCopy) > savedAt(stored)) {
    await store.set(DRAFT_KEY, unloadCopy);
    return unloadCopy;
  }
  return stored;
}

export async function saveDraft(store: KeyValueStore, record: DraftRecord, synchronous: SyncStorage = pageLocalStorage): Promise<void> {
  await store.set(DRAFT_KEY, record);
  // The next visit opens on this draft's step: index.html shows the loading line, not Welcome.
  rememberHoldsApplication(true, synchronous);
}

export async function setAsideCorruptDraft(store: KeyValueStore, stored: unknown, reason: string): Promise<void> {
  await store.set(CORRUPT_DRAFT_KEY, { setAsideAt: Date.now(), reason, stored });
  await store.delete(DRAFT_KEY);
}

export async function loadSubmittedMarker(store: KeyValueStore): Promise<SubmittedMarker | undefined> {
  const marker = await store.get<unknown>(SUBMITTED_KEY);
  if (typeof marker === 'object' && marker !== null && typeof (marker as SubmittedMarker).submittedAt === 'number') return marker as SubmittedMarker;
  return undefined;
}

/**
 * The application was accepted while this page was away (by the service worker after the tab
 * closed): a draft saved as the tab closed, or its synchronous copy, must not come back.
 */
export async function forgetDraft(store: KeyValueStore, synchronous: SyncStorage = pageLocalStorage): Promise<void> {
  clearUnloadCopy(synchronous);
  await store.delete(DRAFT_KEY);
}

/** Starting a new application after one was accepted. */
export async function startNewApplication(store: KeyValueStore, synchronous: SyncStorage = pageLocalStorage): Promise<void> {
  clearUnloadCopy(synchronous);
  await store.delete(SUBMITTED_KEY);
  await store.delete(DRAFT_KEY);
  await store.delete(HANDOVER_REVISION_KEY);
  await store.delete(HANDOVER_REVISION_KEY_BEFORE);
  await store.delete(HANDED_OVER_KEY);
  rememberHoldsApplication(false, synchronous);
}
