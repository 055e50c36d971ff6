// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { attemptOnce } from '../../../src/outbox/attempt-once';
import type { OutboxRecord } from '../../../src/outbox/outbox-record';
import { refusedBodyFiles } from '../../../src/outbox/refused-body-files';
import type { SendResult } from '../../../src/outbox/send-application';

const A = 'a'.repeat(64);
const B = 'b'.repeat(64);
const C = 'c'.repeat(64);
const body = {
  files: [
    { key: 'roomPhotos', uploadId: 'u1', sha256: A },
    { key: 'mediaKit', uploadId: 'u2', sha256: C },
    { key: 'roomPhotos', uploadId: 'u3', sha256: B },
  ],
};

describe('the files a 422 refused, by their bytes', () => {
  it("turn each place among a key's files into that file's SHA-256, with the rule", () => {
    expect(
      refusedBodyFiles(body, [
        { key: 'roomPhotos', index: 1, rule: 'file-type' },
        { key: 'mediaKit', index: 0, rule: 'file-too-large' },
      ]),
    ).toEqual([
      { sha256: B, key: 'roomPhotos', rule: 'file-type' },
      { sha256: C, key: 'mediaKit', rule: 'file-too-large' },
    ]);
  });

  it('leave out a place the body does not have, and a body that names no files', () => {
    expect(refusedBodyFiles(body, [{ key: 'roomPhotos', index: 5, rule: 'file-type' }])).toEqual([]);
    expect(refusedBodyFiles({}, [{ key: 'roomPhotos', index: 0, rule: 'file-type' }])).toEqual([]);
    expect(refusedBodyFiles(null, [{ key: 'roomPhotos', index: 0, rule: 'file-type' }])).toEqual([]);
  });
});

describe('a send refused for a file by its bytes', () => {
  const record: OutboxRecord = {
    applicationId: 'app',
    key: 'k1',
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
  const refusedType: SendResult = {
    ok: false,
    retryable: false,
    status: 422,
    error: 'file-refused roomPhotos file-type',
    files: [{ key: 'roomPhotos', index: 1, rule: 'file-type' }],
  };

  function memoryStore(initial: OutboxRecord | undefined) {
    let stored = initial;
    return {
      current: () => stored,
      read: () => Promise.resolve(stored),
      update: (change: (current: OutboxRecord | undefined) => OutboxRecord | undefined) => {
        stored = change(stored);
        return Promise.resolve(stored);
      },
    };
  }

  it('keeps on the record which file it was, by SHA-256, for its row to say so', async () => {
    const store = memoryStore(record);
    const result = await attemptOnce(store, { send: () => Promise.resolve(refusedType), now: () => 10 });
    expect(result).toMatchObject({ kind: 'failed', outcome: 'refused' });
    expect(store.current()).toMatchObject({
      refused: true,
      lastError: 'file-refused roomPhotos file-type',
      refusedFiles: [{ sha256: B, key: 'roomPhotos', rule: 'file-type' }],
    });
  });

  it('names no file when the failure was not a refusal, and forgets the files of an earlier refusal', async () => {
    const store = memoryStore({ ...record, refusedFiles: [{ sha256: B, key: 'roomPhotos', rule: 'file-type' }] });
    await attemptOnce(store, { send: () => Promise.resolve({ ok: false, retryable: true, status: 503, error: 'HTTP 503' }), now: () => 10 });
    expect(store.current()?.refusedFiles).toBeUndefined();
    expect(store.current()?.refused).toBe(false);
  });
});
