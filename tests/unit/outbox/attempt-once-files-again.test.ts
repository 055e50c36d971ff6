import { describe, expect, it, vi } from 'vitest';
import { attemptOnce, type AttemptOnceOptions, type SendReadiness } from '../../../src/outbox/attempt-once';
import type { OutboxRecord } from '../../../src/outbox/outbox-record';
import type { OutboxStore } from '../../../src/outbox/outbox-store';
import type { SendResult } from '../../../src/outbox/send-application';

/**
 * A PUT refused because the receiver did not find a file whole (file-incomplete) or not the one
 * named (file-not-own): the page uploads that file again by itself and the body waits for it, as
 * for any file not uploaded yet; the creator is never asked to remove and choose it again. Once
 * per file: refused that way again, it is a refusal like any other.
 */

const SHA = 'a'.repeat(64);
const body = { personalInfo: { firstName: 'Ada' }, files: [{ key: 'mediaKit', uploadId: '', sha256: SHA }] };
const record: OutboxRecord = {
  applicationId: 'application-1',
  key: 'key-1',
  revision: 1,
  url: '/api/applications',
  body,
  createdAt: 1,
  attempts: 0,
  lastAttemptAt: null,
  lastError: null,
  refused: false,
  held: false,
};

function memoryStore(initial: OutboxRecord | undefined): OutboxStore & { current: () => OutboxRecord | undefined } {
  let stored = initial;
  return {
    current: () => stored,
    read: () => Promise.resolve(stored),
    update: (change) => {
      stored = change(stored);
      return Promise.resolve(stored);
    },
  };
}

const refusedFiles = [{ key: 'mediaKit', index: 0, rule: 'file-incomplete' }];
const incomplete: SendResult = { ok: false, retryable: false, status: 422, error: 'file-refused mediaKit file-incomplete', files: refusedFiles };

/** The device's side: the file is uploaded (its id filled) until it is made to go again, then waits. */
function device() {
  const state = { uploaded: true };
  const prepare = vi.fn((stored: OutboxRecord): Promise<SendReadiness> =>
    Promise.resolve(
      state.uploaded
        ? { ready: true, body: { ...(stored.body as object), files: [{ key: 'mediaKit', uploadId: 'old', sha256: SHA }] } }
        : { ready: false, files: { uploaded: 0, total: 1 } },
    ),
  );
  const uploadAgain = vi.fn<NonNullable<AttemptOnceOptions['uploadAgain']>>((_sent, _refused, already) => {
    if (already.includes(SHA)) return Promise.resolve([]);
    state.uploaded = false;
    return Promise.resolve([SHA]);
  });
  return { state, prepare, uploadAgain };
}

describe('a file the receiver did not find whole at the send', () => {
  it('is uploaded again and the body waits for it, with no failure counted and nothing refused', async () => {
    const store = memoryStore(record);
    const { prepare, uploadAgain } = device();
    const send = vi.fn(() => Promise.resolve(incomplete));
    const result = await attemptOnce(store, { send, now: () => 5_000, prepare, uploadAgain });
    expect(result).toEqual({ kind: 'files', record: expect.objectContaining({ uploadedAgain: [SHA] }) as unknown, files: { uploaded: 0, total: 1 } });
    expect(uploadAgain).toHaveBeenCalledWith({ ...body, files: [{ key: 'mediaKit', uploadId: 'old', sha256: SHA }] }, refusedFiles, []);
    expect(store.current()).toMatchObject({ refused: false, attempts: 0, lastError: null, uploadedAgain: [SHA] });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('goes with the new upload once it is done, and is accepted', async () => {
    const store = memoryStore(record);
    const files = device();
    const answers: SendResult[] = [incomplete, { ok: true, status: 201 }];
    const send = vi.fn(() => Promise.resolve(answers.shift() ?? incomplete));
    await attemptOnce(store, { send, now: () => 5_000, prepare: files.prepare, uploadAgain: files.uploadAgain });
    files.state.uploaded = true;
    expect(await attemptOnce(store, { send, now: () => 5_000, prepare: files.prepare, uploadAgain: files.uploadAgain })).toEqual({
      kind: 'accepted',
      latest: true,
    });
    expect(store.current()).toBeUndefined();
  });

  it('is uploaded again once only: refused that way again, the application is refused as before', async () => {
    const store = memoryStore({ ...record, uploadedAgain: [SHA] });
    const files = device();
    const send = vi.fn(() => Promise.resolve(incomplete));
    const result = await attemptOnce(store, { send, now: () => 5_000, prepare: files.prepare, uploadAgain: files.uploadAgain });
    expect(result).toMatchObject({ kind: 'failed', outcome: 'refused' });
    expect(store.current()).toMatchObject({ refused: true, lastError: 'file-refused mediaKit file-incomplete' });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('is refused as before where nothing can upload it again (no uploadAgain given)', async () => {
    const store = memoryStore(record);
    const files = device();
    const result = await attemptOnce(store, { send: () => Promise.resolve(incomplete), now: () => 5_000, prepare: files.prepare });
    expect(result).toMatchObject({ kind: 'failed', outcome: 'refused' });
  });
});
