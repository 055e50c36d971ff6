import { describe, expect, it, vi } from 'vitest';
import { attemptOnce, type AttemptOnceOptions } from '../../../src/outbox/attempt-once';
import type { OutboxRecord } from '../../../src/outbox/outbox-record';
import type { OutboxStore } from '../../../src/outbox/outbox-store';
import { APPLICATION_ERASED, NEWER_REVISION_STORED } from '../../../src/outbox/send-application';

const record: OutboxRecord = {
  applicationId: 'application-1',
  key: 'key-1',
  revision: 1,
  url: '/api/applications',
  body: { personalInfo: { firstName: 'Ada' } },
  createdAt: 1,
  attempts: 0,
  lastAttemptAt: null,
  lastError: null,
  refused: false,
  held: false,
};

/** An outbox store in memory; `during` runs while the request is out (an edit, say). */
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

function options(answer: Awaited<ReturnType<AttemptOnceOptions['send']>>, during: () => void = () => undefined) {
  return {
    send: vi.fn<AttemptOnceOptions['send']>(() => {
      during();
      return Promise.resolve(answer);
    }),
    now: () => 5_000,
  };
}

describe('attemptOnce (the page and the service worker alike)', () => {
  it('finds nothing to send when there is no record', async () => {
    const opts = options({ ok: true, status: 201 });
    expect(await attemptOnce(memoryStore(undefined), opts)).toEqual({ kind: 'none' });
    expect(opts.send).not.toHaveBeenCalled();
  });

  it.each([
    ['held', { ...record, held: true }],
    ['refused', { ...record, refused: true }],
  ])('sends nothing for a %s record and hands it back as it is', async (_, stored) => {
    const opts = options({ ok: true, status: 201 });
    expect(await attemptOnce(memoryStore(stored), opts)).toEqual({ kind: 'waiting', record: stored });
    expect(opts.send).not.toHaveBeenCalled();
  });

  it('removes the record once its body is accepted, telling the caller before the request goes out', async () => {
    const store = memoryStore(record);
    const onSending = vi.fn();
    expect(await attemptOnce(store, { ...options({ ok: true, status: 201 }), onSending })).toEqual({ kind: 'accepted', latest: true });
    expect(onSending).toHaveBeenCalledWith(record);
    expect(store.current()).toBeUndefined();
  });

  it('keeps an edit written while the request was out, for the caller to send next', async () => {
    const edited = { ...record, key: 'key-2', revision: 2, body: { personalInfo: { firstName: 'Augusta' } } };
    const store = memoryStore(record);
    const during = () => void store.update(() => edited);
    expect(await attemptOnce(store, options({ ok: true, status: 201 }, during))).toEqual({ kind: 'accepted', latest: false });
    expect(store.current()).toEqual(edited);
  });

  it('settles an application another device sent first: the record goes, an edit made meanwhile too, and the outcome is acceptance elsewhere', async () => {
    const edited = { ...record, key: 'key-2', revision: 2, body: { personalInfo: { firstName: 'Augusta' } } };
    const store = memoryStore(record);
    const during = () => void store.update(() => edited);
    const refused = { ok: false, retryable: false, status: 409, error: NEWER_REVISION_STORED } as const;
    expect(await attemptOnce(store, options(refused, during))).toEqual({ kind: 'accepted', latest: true, elsewhere: true });
    expect(store.current()).toBeUndefined();
  });

  it('ends an application the receiver erased (410): the record goes, an edit made meanwhile too, and the outcome is withdrawn', async () => {
    const edited = { ...record, key: 'key-2', revision: 2, body: { personalInfo: { firstName: 'Augusta' } } };
    const store = memoryStore(record);
    const during = () => void store.update(() => edited);
    const gone = { ok: false, retryable: false, status: 410, error: APPLICATION_ERASED } as const;
    expect(await attemptOnce(store, options(gone, during))).toEqual({ kind: 'accepted', latest: true, withdrawn: true });
    expect(store.current()).toBeUndefined();
  });

  it('counts a failure worth retrying on the stored record', async () => {
    const store = memoryStore(record);
    const result = await attemptOnce(store, options({ ok: false, retryable: true, status: 503, error: 'HTTP 503' }));
    const counted = { ...record, attempts: 1, lastAttemptAt: 5_000, lastError: 'HTTP 503', refused: false };
    expect(result).toEqual({ kind: 'failed', outcome: 'retry', record: counted, attemptedAt: 5_000 });
    expect(store.current()).toEqual(counted);
  });

  it("keeps the server's Retry-After on the record as the time before which nothing is sent", async () => {
    const store = memoryStore(record);
    const result = await attemptOnce(store, options({ ok: false, retryable: true, status: 429, error: 'HTTP 429', retryAfterMs: 5_000 }));
    expect(result).toMatchObject({ kind: 'failed', outcome: 'retry', record: { attempts: 1, notBefore: 10_000 } });
    expect(store.current()?.notBefore).toBe(10_000);
  });

  it('sends nothing before that time and says when it is due; sends once it has passed', async () => {
    const waiting = { ...record, attempts: 1, notBefore: 5_001 };
    const early = options({ ok: true, status: 201 });
    expect(await attemptOnce(memoryStore(waiting), early)).toEqual({ kind: 'later', record: waiting, due: 5_001 });
    expect(early.send).not.toHaveBeenCalled();

    const due = options({ ok: true, status: 201 });
    expect(await attemptOnce(memoryStore({ ...waiting, notBefore: 5_000 }), due)).toEqual({ kind: 'accepted', latest: true });
    expect(due.send).toHaveBeenCalledOnce();
  });

  it('forgets an earlier Retry-After once a failure comes without one', async () => {
    const store = memoryStore({ ...record, attempts: 1, notBefore: 4_000 });
    await attemptOnce(store, options({ ok: false, retryable: true, status: null, error: 'Failed to fetch' }));
    expect(store.current()?.notBefore).toBeUndefined();
  });

  it('marks a refusal only on the body refused: a newer body is worth its own attempt', async () => {
    const edited = { ...record, key: 'key-2', revision: 2 };
    const store = memoryStore(record);
    const during = () => void store.update(() => edited);
    const result = await attemptOnce(store, options({ ok: false, retryable: false, status: 422, error: 'HTTP 422' }, during));
    expect(result).toMatchObject({ kind: 'failed', outcome: 'retry', record: { key: 'key-2', attempts: 1, refused: false } });

    const refusedStore = memoryStore(record);
    const refused = await attemptOnce(refusedStore, options({ ok: false, retryable: false, status: 422, error: 'HTTP 422' }));
    expect(refused).toMatchObject({ kind: 'failed', outcome: 'refused', record: { key: 'key-1', refused: true } });
  });
});
