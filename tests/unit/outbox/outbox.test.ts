import { createStore, get as idbGet } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OUTBOX_KEY } from '../../../src/storage/stored-keys';
import { Outbox, type OutboxOptions, type OutboxRecord, type OutboxStatus } from '../../../src/outbox/outbox';
import { isRetryableStatus, type SendResult } from '../../../src/outbox/send-application';
import { createResilientStore } from '../../../src/storage/resilient-store';

const STORE_NAME = 'state';
const URL = '/api/applications';
const T0 = Date.UTC(2025, 0, 15, 9, 0, 0);
const ACCEPTED: SendResult = { ok: true, status: 201 };
let databases = 0;

function httpFailure(status: number): SendResult {
  return { ok: false, retryable: isRetryableStatus(status), status, error: `HTTP ${String(status)}` };
}

function freshDbName(): string {
  databases += 1;
  return `outbox-test-${String(databases)}`;
}

/** The outbox record as IndexedDB holds it, read past the store under test. */
function storedRecord(dbName: string): Promise<OutboxRecord | undefined> {
  return idbGet<OutboxRecord>(OUTBOX_KEY, createStore(dbName, STORE_NAME));
}

/** A send that answers with the scripted results in turn (accepting once they run out) and keeps what it sent. */
function scriptedSend(...results: SendResult[]) {
  return vi.fn<OutboxOptions['send']>(() => Promise.resolve(results.shift() ?? ACCEPTED));
}

const outboxes: Outbox[] = [];

/** An outbox over a real resilient store on fake-indexeddb, in a tab that always gets the lock. */
function outboxOver(dbName: string, send: OutboxOptions['send'], options: Partial<OutboxOptions> = {}): Outbox {
  const outbox = new Outbox({
    store: createResilientStore({ dbName, storeName: STORE_NAME }),
    send,
    exclusively: (attempt) => attempt(),
    newId: () => 'id-1',
    ...options,
  });
  outboxes.push(outbox);
  return outbox;
}

function statusBecomes<S extends OutboxStatus['state']>(outbox: Outbox, state: S): Promise<Extract<OutboxStatus, { state: S }>> {
  return new Promise((resolve) => {
    const stop = outbox.subscribe((status) => {
      if (status.state !== state) return;
      stop();
      resolve(status as Extract<OutboxStatus, { state: S }>);
    });
  });
}

/** Takes the lock every time, counting the requests: an attempt always starts by asking for it. */
function countingLock(): { exclusively: OutboxOptions['exclusively']; requests: () => number } {
  let requests = 0;
  return {
    exclusively: (attempt) => {
      requests += 1;
      return attempt();
    },
    requests: () => requests,
  };
}

function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

beforeEach(() => {
  // fake-indexeddb schedules its work with setImmediate, which stays real.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(T0);
});

afterEach(() => {
  for (const outbox of outboxes.splice(0)) outbox.dispose();
  vi.useRealTimers();
});

describe('Outbox.submit', () => {
  it('deletes the record when the first attempt is accepted, running the acceptance handler before reporting it', async () => {
    const dbName = freshDbName();
    const send = scriptedSend(ACCEPTED);
    const outbox = outboxOver(dbName, send);
    const events: string[] = [];
    outbox.subscribe((status) => events.push(status.state));
    outbox.handleAcceptance(async () => {
      events.push(`handler (record ${(await storedRecord(dbName)) ? 'still stored' : 'deleted'})`);
    });

    expect(await outbox.submit(URL, { firstName: 'Ada' })).toBe('accepted');

    expect(events).toEqual(['sending', 'handler (record deleted)', 'accepted']);
    expect(outbox.getStatus()).toEqual({ state: 'accepted' });
    expect(await storedRecord(dbName)).toBeUndefined();
    expect(send).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ id: 'id-1', url: URL, body: { firstName: 'Ada' }, attempts: 0 }));
  });

  it('after a 500 waits 2 s, storing the attempt count, time and error in the record', async () => {
    const dbName = freshDbName();
    const outbox = outboxOver(dbName, scriptedSend(httpFailure(500)));

    expect(await outbox.submit(URL, { firstName: 'Ada' })).toBe('retry');

    const status = outbox.getStatus();
    expect(status.state).toBe('waiting');
    expect(status.state === 'waiting' ? status.nextAttemptAt : null).toBe(T0 + 2_000);
    expect(await storedRecord(dbName)).toEqual({
      id: 'id-1',
      url: URL,
      body: { firstName: 'Ada' },
      createdAt: T0,
      attempts: 1,
      lastAttemptAt: T0,
      lastError: 'HTTP 500',
      refused: false,
    });
  });

  it('retries by itself when the backoff is over, and a later success accepts', async () => {
    const dbName = freshDbName();
    const send = scriptedSend(httpFailure(500), httpFailure(503), ACCEPTED);
    const outbox = outboxOver(dbName, send);
    await outbox.submit(URL, { firstName: 'Ada' });

    await vi.advanceTimersByTimeAsync(1_999);
    expect(send).toHaveBeenCalledTimes(1);

    const secondWait = statusBecomes(outbox, 'waiting');
    await vi.advanceTimersByTimeAsync(1);
    const waiting = await secondWait;
    expect(send).toHaveBeenCalledTimes(2);
    // Two failures: 4 s after the second attempt.
    expect(waiting.nextAttemptAt).toBe(T0 + 2_000 + 4_000);
    expect(waiting.record.attempts).toBe(2);

    const accepted = statusBecomes(outbox, 'accepted');
    await vi.advanceTimersByTimeAsync(4_000);
    await accepted;
    expect(send).toHaveBeenCalledTimes(3);
    expect(await storedRecord(dbName)).toBeUndefined();
  });

  it('sends the same id with every attempt', async () => {
    const send = scriptedSend(httpFailure(500), { ok: false, retryable: true, status: null, error: 'Failed to fetch' }, ACCEPTED);
    const newId = vi.fn().mockReturnValueOnce('id-1').mockReturnValue('id-2');
    const outbox = outboxOver(freshDbName(), send, { newId });
    const accepted = statusBecomes(outbox, 'accepted');

    await outbox.submit(URL, { firstName: 'Ada' });
    const secondWait = statusBecomes(outbox, 'waiting');
    await vi.advanceTimersByTimeAsync(2_000);
    await secondWait;
    await vi.advanceTimersByTimeAsync(4_000);
    await accepted;

    expect(send.mock.calls.map(([record]) => record.id)).toEqual(['id-1', 'id-1', 'id-1']);
    expect(newId).toHaveBeenCalledOnce();
  });

  it('retries at once when submitted again while waiting, with the new body and the same id', async () => {
    const dbName = freshDbName();
    const send = scriptedSend(httpFailure(500), ACCEPTED);
    const newId = vi.fn().mockReturnValueOnce('id-1').mockReturnValue('id-2');
    const outbox = outboxOver(dbName, send, { newId });
    await outbox.submit(URL, { firstName: 'Ada' });
    expect(outbox.getStatus().state).toBe('waiting');

    expect(await outbox.submit(URL, { firstName: 'Ada', lastName: 'Lovelace' })).toBe('accepted');

    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.calls[1]![0]).toMatchObject({ id: 'id-1', body: { firstName: 'Ada', lastName: 'Lovelace' }, attempts: 1 });
    expect(newId).toHaveBeenCalledOnce();
    // The backoff timer of the first failure is gone.
    await vi.advanceTimersByTimeAsync(600_000);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('does not start a second attempt while one is in flight', async () => {
    const answer = deferred<SendResult>();
    const send = vi.fn<OutboxOptions['send']>(() => answer.promise);
    const outbox = outboxOver(freshDbName(), send);

    const first = outbox.submit(URL, { firstName: 'Ada' });
    await vi.waitFor(() => {
      expect(send).toHaveBeenCalledOnce();
    });
    const second = outbox.submit(URL, { firstName: 'Ada' });
    outbox.retrySoon();
    answer.resolve(ACCEPTED);

    expect(await Promise.all([first, second])).toEqual(['accepted', 'accepted']);
    expect(send).toHaveBeenCalledOnce();
  });

  it('stops after a refusal (422) and does not retry by itself', async () => {
    const dbName = freshDbName();
    const send = scriptedSend(httpFailure(422));
    const outbox = outboxOver(dbName, send);

    expect(await outbox.submit(URL, { firstName: 'Ada' })).toBe('refused');

    expect(outbox.getStatus()).toMatchObject({ state: 'refused', record: { attempts: 1, lastError: 'HTTP 422', refused: true } });
    expect(await storedRecord(dbName)).toMatchObject({ refused: true, attempts: 1 });
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(send).toHaveBeenCalledOnce();
  });

  it('sends a refused application again when it is submitted again', async () => {
    const send = scriptedSend(httpFailure(422), ACCEPTED);
    const outbox = outboxOver(freshDbName(), send);
    await outbox.submit(URL, { firstName: 'Ada' });

    expect(await outbox.submit(URL, { firstName: 'Ada', emailAddress: 'ada@example.com' })).toBe('accepted');
    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.calls[1]![0]).toMatchObject({ id: 'id-1', refused: false });
  });

  it('is busy and sends nothing while another tab holds the lock, keeping the record for it', async () => {
    const dbName = freshDbName();
    const send = scriptedSend(ACCEPTED);
    const outbox = outboxOver(dbName, send, { exclusively: () => Promise.resolve(null) });

    expect(await outbox.submit(URL, { firstName: 'Ada' })).toBe('busy');

    expect(send).not.toHaveBeenCalled();
    expect(await storedRecord(dbName)).toMatchObject({ id: 'id-1', attempts: 0 });
  });

  it('after acceptance answers accepted without sending again until reset, then sends a new application with a new id', async () => {
    const send = scriptedSend(ACCEPTED, ACCEPTED);
    const newId = vi.fn().mockReturnValueOnce('id-1').mockReturnValue('id-2');
    const outbox = outboxOver(freshDbName(), send, { newId });
    await outbox.submit(URL, { firstName: 'Ada' });

    expect(await outbox.submit(URL, { firstName: 'Ada' })).toBe('accepted');
    expect(send).toHaveBeenCalledOnce();

    outbox.reset();
    expect(outbox.getStatus()).toEqual({ state: 'empty' });
    expect(await outbox.submit(URL, { firstName: 'Grace' })).toBe('accepted');
    expect(send.mock.calls.map(([record]) => record.id)).toEqual(['id-1', 'id-2']);
  });
});

describe('Outbox.resume', () => {
  it('after a reload, sends the application the previous page left waiting', async () => {
    const dbName = freshDbName();
    const before = outboxOver(dbName, scriptedSend(httpFailure(503)));
    await before.submit(URL, { firstName: 'Ada' });
    before.dispose();

    const send = scriptedSend(ACCEPTED);
    const reloaded = outboxOver(dbName, send, { newId: () => 'id-2' });
    const accepted = statusBecomes(reloaded, 'accepted');
    await reloaded.resume();
    await accepted;

    expect(send).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ id: 'id-1', body: { firstName: 'Ada' }, attempts: 1 }));
    expect(await storedRecord(dbName)).toBeUndefined();
  });

  it('after a reload, shows a refused application as refused without sending it', async () => {
    const dbName = freshDbName();
    await outboxOver(dbName, scriptedSend(httpFailure(422))).submit(URL, { firstName: 'Ada' });

    const send = scriptedSend(ACCEPTED);
    const reloaded = outboxOver(dbName, send);
    await reloaded.resume();

    expect(reloaded.getStatus()).toMatchObject({ state: 'refused', record: { id: 'id-1' } });
    expect(send).not.toHaveBeenCalled();
  });

  it('does nothing when nothing is waiting', async () => {
    const send = scriptedSend(ACCEPTED);
    const outbox = outboxOver(freshDbName(), send);

    await outbox.resume();

    expect(outbox.getStatus()).toEqual({ state: 'empty' });
    expect(send).not.toHaveBeenCalled();
  });
});

describe('Outbox.retrySoon', () => {
  it('retries a waiting application at once, before its backoff is over', async () => {
    const send = scriptedSend(httpFailure(500), ACCEPTED);
    const outbox = outboxOver(freshDbName(), send);
    await outbox.submit(URL, { firstName: 'Ada' });
    const accepted = statusBecomes(outbox, 'accepted');

    outbox.retrySoon();
    await accepted;

    expect(send).toHaveBeenCalledTimes(2);
  });

  it('does nothing while nothing is waiting, even with a record another tab left', async () => {
    const dbName = freshDbName();
    await outboxOver(dbName, scriptedSend(), { exclusively: () => Promise.resolve(null) }).submit(URL, { firstName: 'Ada' });
    const lock = countingLock();
    const outbox = outboxOver(dbName, scriptedSend(), { exclusively: lock.exclusively });

    outbox.retrySoon();

    expect(lock.requests()).toBe(0);
    expect(outbox.getStatus()).toEqual({ state: 'empty' });
  });

  it('does nothing for a refused application', async () => {
    const send = scriptedSend(httpFailure(422));
    const lock = countingLock();
    const outbox = outboxOver(freshDbName(), send, { exclusively: lock.exclusively });
    await outbox.submit(URL, { firstName: 'Ada' });

    outbox.retrySoon();

    expect(lock.requests()).toBe(1);
    expect(send).toHaveBeenCalledOnce();
    expect(outbox.getStatus().state).toBe('refused');
  });
});

describe('Outbox.dispose', () => {
  it('cancels the pending automatic retry', async () => {
    const send = scriptedSend(httpFailure(500));
    const outbox = outboxOver(freshDbName(), send);
    await outbox.submit(URL, { firstName: 'Ada' });

    outbox.dispose();
    await vi.advanceTimersByTimeAsync(600_000);

    expect(send).toHaveBeenCalledOnce();
  });
});
