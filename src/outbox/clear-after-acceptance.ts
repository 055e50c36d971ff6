import { clearDeviceFiles } from '../storage/device-files';
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

/**
 * Once the server has accepted the application, the personal data leaves the app's store: the
 * draft and a draft set aside as unreadable (and the application's id, kept since it travelled
 * between devices, with any record of its hand-over); a marker without personal data stays. The page's
 * session and the service worker (after the tab is gone) both end an accepted submission with
 * this, so neither keeps more than the other. (The page also drops its unload copy, which lives
 * in localStorage, out of the worker's reach.) The files chosen go too, bytes and upload addresses
 * (storage/device-files.ts, their own database): the receiver holds them now, or the application
 * was withdrawn.
 */
export async function clearAfterAcceptance(store: Pick<KeyValueStore, 'delete' | 'set'>, now: number): Promise<void> {
  await store.delete(DRAFT_KEY);
  await store.delete(CORRUPT_DRAFT_KEY);
  await store.delete(HANDOVER_REVISION_KEY);
  await store.delete(HANDOVER_REVISION_KEY_BEFORE);
  await store.delete(HANDED_OVER_KEY);
  // A database that will not open must not hold the acceptance up: the draft naming the files is gone all the same.
  await clearDeviceFiles().catch(() => undefined);
  await store.set(SUBMITTED_KEY, { submittedAt: now } satisfies SubmittedMarker);
}
