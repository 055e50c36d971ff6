// @vitest-environment node
// Node's Blob survives fake-indexeddb's structured clone as a browser's does; jsdom's comes back as {}.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Outbox } from '../../../src/outbox/outbox';
import { createResilientStore } from '../../../src/storage/resilient-store';
import { DRAFT_KEY, SUBMITTED_KEY } from '../../../src/storage/stored-keys';
import { breakIndexedDb, STORAGE_FAILURES, type StorageFailure } from '../../support/broken-indexed-db';

// Whatever way IndexedDB fails, nothing the creator does throws: the draft is kept in memory, the
// files chosen are kept in this page's memory (or, on a full disk, refused by name), the outbox
// sends, and acceptance ends at the Creator Hub with the personal data cleared. A blocked storage
// used to throw from the files' shelf after the 201 (`typeof indexedDB` on a throwing getter),
// leaving the page on "Sending your application…".

let databases = 0;
const freshDbName = (): string => `storage-fails-${String((databases += 1))}`;
const SHA = 'a'.repeat(64);
const photo = () => ({ sha256: SHA, name: 'front-door.jpg', type: 'image/jpeg', size: 3, blob: new Blob(['abc'], { type: 'image/jpeg' }) });

/** The files' module as a page loads it: its shelf is decided at first use, so each test loads it afresh. */
async function freshFilesModules() {
  vi.resetModules();
  const files = await import('../../../src/storage/device-files');
  const { clearAfterAcceptance } = await import('../../../src/outbox/clear-after-acceptance');
  return { ...files, clearAfterAcceptance };
}

describe.each(STORAGE_FAILURES)('IndexedDB fails: %s', (failure: StorageFailure) => {
  let mend: () => void = () => undefined;

  beforeEach(() => {
    // Only the store's retry timer is faked: fake-indexeddb schedules its work with setImmediate.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    mend = breakIndexedDb(failure);
  });

  afterEach(() => {
    mend();
    vi.useRealTimers();
  });

  /** Runs fake time on while `promise` settles (the broken open answers on a timer). */
  async function settled<T>(promise: Promise<T>): Promise<T> {
    const state = { done: false };
    const tracked = promise.finally(() => {
      state.done = true;
    });
    // Heard by the caller once returned; until then a rejection is not unhandled.
    tracked.catch(() => undefined);
    for (let turn = 0; turn < 50 && !state.done; turn += 1) await vi.advanceTimersByTimeAsync(1);
    return tracked;
  }

  it('the draft is kept in memory, the store says so, and nothing throws', async () => {
    const store = createResilientStore({ dbName: freshDbName(), storeName: 'state', retryDelaysMs: [60_000] });
    await settled(store.set(DRAFT_KEY, { answers: { firstName: 'Ada' } }));
    expect(await settled(store.get(DRAFT_KEY))).toEqual({ answers: { firstName: 'Ada' } });
    expect(store.health()).toBe('memory-only');
    await settled(store.delete(DRAFT_KEY));
    expect(await settled(store.get(DRAFT_KEY))).toBeUndefined();
  });

  it('the files chosen stay usable on this page (a full disk refuses one by name), and clearing never throws', async () => {
    const { clearDeviceFiles, DeviceStorageFullError, getDeviceFile, listDeviceFiles, putDeviceFile, updateDeviceFile } = await freshFilesModules();
    const kept = settled(putDeviceFile(photo()));
    if (failure === 'quota exceeded on write') {
      // The field names the file as not kept, and goes on with the others.
      await expect(kept).rejects.toBeInstanceOf(DeviceStorageFullError);
      expect(await settled(listDeviceFiles())).toEqual([]);
    } else {
      await kept;
      const file = await settled(getDeviceFile(SHA));
      expect(await file?.blob?.text()).toBe('abc');
      await settled(updateDeviceFile(SHA, { uploadUrl: 'https://receiver.example/api/uploads/1', uploaded: true }));
      expect(await settled(listDeviceFiles())).toMatchObject([{ sha256: SHA, uploadUrl: 'https://receiver.example/api/uploads/1', uploaded: true }]);
    }
    await settled(clearDeviceFiles());
    expect(await settled(listDeviceFiles())).toEqual([]);
  });

  it('the outbox sends, and acceptance clears the personal data and marks the application submitted', async () => {
    const { clearAfterAcceptance, putDeviceFile } = await freshFilesModules();
    await settled(putDeviceFile(photo()).catch(() => undefined));
    const store = createResilientStore({ dbName: freshDbName(), storeName: 'state', retryDelaysMs: [60_000] });
    await settled(store.set(DRAFT_KEY, { answers: { firstName: 'Ada' } }));
    const send = vi.fn(() => Promise.resolve({ ok: true as const, status: 201 }));
    const outbox = new Outbox({ store, send, exclusively: (attempt) => attempt(), newId: () => 'id-1' });

    expect(await settled(outbox.submit('/api/applications', { firstName: 'Ada' }))).toBe('accepted');
    expect(send).toHaveBeenCalledTimes(1);
    expect(outbox.getStatus()).toEqual({ state: 'accepted' });

    // What the session does after the 201 (application-session.ts): it must end, not throw.
    await settled(clearAfterAcceptance(store, 5_000));
    expect(await settled(store.get(DRAFT_KEY))).toBeUndefined();
    expect(await settled(store.get(SUBMITTED_KEY))).toEqual({ submittedAt: 5_000 });
    outbox.stop();
  });
});
