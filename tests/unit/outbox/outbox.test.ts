import { createStore, get as idbGet } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OUTBOX_KEY } from '../../../src/storage/stored-keys';
import { Outbox, type OutboxOptions, type OutboxRecord, type OutboxStatus } from '../../../src/outbox/outbox';
import { isRetryableStatus, type SendResult } from '../../../src/outbox/send-application';
import { createResilientStore } from '../../../src/storage/resilient-store';
import { showsServerError } from '../../../src/outbox/shows-server-error';

const STORE_NAME = 'state';
const URL = '/api/applications';
const T0 = Date.UTC(2025, 0, 15, 9, 0, 0);
const ACCEPTED: SendResult = { ok: true, status: 201 };
let databases = 0;

/** An HTTP failure, with the wait its Retry-After asked for when given. */
function httpFailure(status: number, retryAfterMs?: number): SendResult {
  return { ok: false, retryable: isRetryableStatus(status), status, error: `HTTP ${String(status)}`, ...(retryAfterMs !== undefined && { retryAfterMs }) };
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
  for (const outbox of outboxes.splice(0)) outbox.stop();
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
    expect(send).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({ applicationId: 'id-1', key: 'id-1', revision: 1, url: URL, body: { firstName: 'Ada' }, attempts: 0 }),
    );
  });

  it('ends an application answered 410 Gone (erased on the receiver) as withdrawn: the record deleted, the handler told, no retry ever', async () => {
    const dbName = freshDbName();
    const send = scriptedSend(httpFailure(410));
    const outbox = outboxOver(dbName, send);
    const endings: string[] = [];
    outbox.handleAcceptance(async (ending) => {
      endings.push(`${ending} (record ${(await storedRecord(dbName)) ? 'still stored' : 'deleted'})`);
    });

    expect(await outbox.submit(URL, { firstName: 'Ada' })).toBe('withdrawn');

    expect(endings).toEqual(['withdrawn (record deleted)']);
    expect(outbox.getStatus()).toEqual({ state: 'accepted', withdrawn: true });
    // Nothing is waiting to be sent: the network back, the page back, a minute later, nothing goes out.
    outbox.retrySoon();
    await outbox.resume();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(send).toHaveBeenCalledOnce();
    expect(await storedRecord(dbName)).toBeUndefined();
  });

  it('after a 500 waits 2 s, storing the attempt count, time and error in the record', async () => {
    const dbName = freshDbName();
    const outbox = outboxOver(dbName, scriptedSend(httpFailure(500)));

    expect(await outbox.submit(URL, { firstName: 'Ada' })).toBe('retry');

    const status = outbox.getStatus();
    expect(status.state).toBe('waiting');
    expect(status.state === 'waiting' ? status.nextAttemptAt : null).toBe(T0 + 2_000);
    expect(await storedRecord(dbName)).toEqual({
      applicationId: 'id-1',
      key: 'id-1',
      revision: 1,
      url: URL,
      body: { firstName: 'Ada' },
      createdAt: T0,
      attempts: 1,
      lastAttemptAt: T0,
      lastError: 'HTTP 500',
      refused: false,
      held: false,
    });
  });

  it('after a 429 with Retry-After waits that long, not the shorter backoff, whatever asks for an attempt meanwhile', async () => {
    const dbName = freshDbName();
    const send = scriptedSend(httpFailure(429, 5_000), ACCEPTED);
    const outbox = outboxOver(dbName, send);

    expect(await outbox.submit(URL, { firstName: 'Ada' })).toBe('retry');
    const status = outbox.getStatus();
    expect(status.state === 'waiting' ? status.nextAttemptAt : null).toBe(T0 + 5_000);

    await vi.advanceTimersByTimeAsync(2_000);
    // Continue pressed again, the browser back online: the server's wait still holds.
    expect(await outbox.submit(URL, { firstName: 'Ada' })).toBe('retry');
    outbox.retrySoon();
    await vi.advanceTimersByTimeAsync(2_999);
    expect(send).toHaveBeenCalledOnce();
    expect(outbox.getStatus().state).toBe('waiting');

    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => {
      expect(outbox.getStatus().state).toBe('accepted');
    });
    expect(send).toHaveBeenCalledTimes(2);
  });

  it("keeps the server's wait across a reload", async () => {
    const dbName = freshDbName();
    await outboxOver(dbName, scriptedSend(httpFailure(503, 60_000))).submit(URL, { firstName: 'Ada' });

    const send = scriptedSend(ACCEPTED);
    const reloaded = outboxOver(dbName, send);
    await reloaded.resume();
    await vi.advanceTimersByTimeAsync(59_000);
    expect(send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.waitFor(() => {
      expect(send).toHaveBeenCalledOnce();
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

  it('after a 405 or a 404 (no receiver at the path yet) shows the server-error line and retries on its schedule until the path answers', async () => {
    const dbName = freshDbName();
    const send = scriptedSend(httpFailure(405), httpFailure(404), ACCEPTED);
    const outbox = outboxOver(dbName, send);

    expect(await outbox.submit(URL, { firstName: 'Ada' })).toBe('retry');
    const first = outbox.getStatus();
    expect(first.state).toBe('waiting');
    expect(showsServerError(first)).toBe(true);
    expect(first.state === 'waiting' ? first.nextAttemptAt : null).toBe(T0 + 2_000);

    const secondWait = statusBecomes(outbox, 'waiting');
    await vi.advanceTimersByTimeAsync(2_000);
    const second = await secondWait;
    expect(second.record.lastError).toBe('HTTP 404');
    expect(showsServerError(second)).toBe(true);

    const accepted = statusBecomes(outbox, 'accepted');
    await vi.advanceTimersByTimeAsync(4_000);
    await accepted;
    expect(send).toHaveBeenCalledTimes(3);
    expect(await storedRecord(dbName)).toBeUndefined();
  });

  it('sends the same application id and key with every attempt of one body', async () => {
    const send = scriptedSend(httpFailure(500), { ok: false, retryable: true, status: null, error: 'Failed to fetch' }, ACCEPTED);
    const newId = vi.fn().mockReturnValueOnce('app-1').mockReturnValueOnce('key-1').mockReturnValue('unexpected');
    const outbox = outboxOver(freshDbName(), send, { newId });
    const accepted = statusBecomes(outbox, 'accepted');

    await outbox.submit(URL, { firstName: 'Ada' });
    const secondWait = statusBecomes(outbox, 'waiting');
    await vi.advanceTimersByTimeAsync(2_000);
    await secondWait;
    await vi.advanceTimersByTimeAsync(4_000);
    await accepted;

    expect(send.mock.calls.map(([record]) => [record.applicationId, record.key, record.revision])).toEqual([
      ['app-1', 'key-1', 1],
      ['app-1', 'key-1', 1],
      ['app-1', 'key-1', 1],
    ]);
    expect(newId).toHaveBeenCalledTimes(2);
  });

  it('retries at once when submitted again while waiting, with the new body under a new key, the same application id and the next revision', async () => {
    const dbName = freshDbName();
    const send = scriptedSend(httpFailure(500), ACCEPTED);
    const newId = vi.fn().mockReturnValueOnce('app-1').mockReturnValueOnce('key-1').mockReturnValue('key-2');
    const outbox = outboxOver(dbName, send, { newId });
    await outbox.submit(URL, { firstName: 'Ada' });
    expect(outbox.getStatus().state).toBe('waiting');

    expect(await outbox.submit(URL, { firstName: 'Ada', lastName: 'Lovelace' })).toBe('accepted');

    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.calls[1]![0]).toMatchObject({
      applicationId: 'app-1',
      key: 'key-2',
      revision: 2,
      body: { firstName: 'Ada', lastName: 'Lovelace' },
      attempts: 1,
    });
    expect(newId).toHaveBeenCalledTimes(3);
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
    expect(send.mock.calls[1]![0]).toMatchObject({ applicationId: 'id-1', revision: 2, refused: false });
  });

  it('is busy and sends nothing while another tab holds the lock, keeping the record for it', async () => {
    const dbName = freshDbName();
    const send = scriptedSend(ACCEPTED);
    const outbox = outboxOver(dbName, send, { exclusively: () => Promise.resolve(null) });

    expect(await outbox.submit(URL, { firstName: 'Ada' })).toBe('busy');

    expect(send).not.toHaveBeenCalled();
    expect(await storedRecord(dbName)).toMatchObject({ applicationId: 'id-1', key: 'id-1', attempts: 0 });
  });

  it('after acceptance answers accepted without sending again until reset, then sends a new application with a new id', async () => {
    const send = scriptedSend(ACCEPTED, ACCEPTED);
    let ids = 0;
    const newId = () => `id-${String((ids += 1))}`;
    const outbox = outboxOver(freshDbName(), send, { newId });
    await outbox.submit(URL, { firstName: 'Ada' });

    expect(await outbox.submit(URL, { firstName: 'Ada' })).toBe('accepted');
    expect(send).toHaveBeenCalledOnce();

    outbox.reset();
    expect(outbox.getStatus()).toEqual({ state: 'empty' });
    expect(await outbox.submit(URL, { firstName: 'Grace' })).toBe('accepted');
    expect(send.mock.calls.map(([record]) => [record.applicationId, record.key])).toEqual([
      ['id-1', 'id-2'],
      ['id-3', 'id-4'],
    ]);
  });
});

describe('Outbox.resume', () => {
  it('after a reload, sends the application the previous page left waiting', async () => {
    const dbName = freshDbName();
    const before = outboxOver(dbName, scriptedSend(httpFailure(503)));
    await before.submit(URL, { firstName: 'Ada' });
    before.stop();

    const send = scriptedSend(ACCEPTED);
    const reloaded = outboxOver(dbName, send, { newId: () => 'id-2' });
    const accepted = statusBecomes(reloaded, 'accepted');
    await reloaded.resume();
    await accepted;

    expect(send).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ applicationId: 'id-1', key: 'id-1', body: { firstName: 'Ada' }, attempts: 1 }));
    expect(await storedRecord(dbName)).toBeUndefined();
  });

  it('after a reload, shows a refused application as refused without sending it', async () => {
    const dbName = freshDbName();
    await outboxOver(dbName, scriptedSend(httpFailure(422))).submit(URL, { firstName: 'Ada' });

    const send = scriptedSend(ACCEPTED);
    const reloaded = outboxOver(dbName, send);
    await reloaded.resume();

    expect(reloaded.getStatus()).toMatchObject({ state: 'refused', record: { applicationId: 'id-1' } });
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

describe('Outbox.recheck', () => {
  it('accepts a waiting application the service worker sent meanwhile, without sending it again', async () => {
    const dbName = freshDbName();
    const send = scriptedSend(httpFailure(503));
    const outbox = outboxOver(dbName, send);
    await outbox.submit(URL, { firstName: 'Ada' });
    await createResilientStore({ dbName, storeName: STORE_NAME }).delete(OUTBOX_KEY);
    const accepted = statusBecomes(outbox, 'accepted');

    outbox.recheck();
    await accepted;

    expect(send).toHaveBeenCalledOnce();
  });

  it('shows an application refused elsewhere meanwhile as refused, without sending it (as the service worker does)', async () => {
    const dbName = freshDbName();
    const send = scriptedSend(httpFailure(503));
    const outbox = outboxOver(dbName, send);
    await outbox.submit(URL, { firstName: 'Ada' });
    const other = createResilientStore({ dbName, storeName: STORE_NAME });
    await other.set(OUTBOX_KEY, { ...(await storedRecord(dbName))!, refused: true });
    const refused = statusBecomes(outbox, 'refused');

    outbox.recheck();
    await refused;

    expect(send).toHaveBeenCalledOnce();
  });
});

describe('Outbox.stop and resume', () => {
  it('stop cancels the pending automatic retry', async () => {
    const send = scriptedSend(httpFailure(500));
    const outbox = outboxOver(freshDbName(), send);
    await outbox.submit(URL, { firstName: 'Ada' });

    outbox.stop();
    await vi.advanceTimersByTimeAsync(600_000);

    expect(send).toHaveBeenCalledOnce();
  });

  it('stopped and resumed at once (an effect run twice), a failed attempt is still retried on schedule', async () => {
    const send = scriptedSend(httpFailure(503), ACCEPTED);
    const outbox = outboxOver(freshDbName(), send);
    // As a page's effect runs under StrictMode: resume, cleanup, resume.
    await outbox.resume();
    outbox.stop();
    await outbox.resume();
    const waiting = statusBecomes(outbox, 'waiting');
    await outbox.submit(URL, { firstName: 'Ada' });
    await waiting;

    const accepted = statusBecomes(outbox, 'accepted');
    await vi.advanceTimersByTimeAsync(2_000);
    await accepted;
    expect(send).toHaveBeenCalledTimes(2);
  });
});

describe('an edit while the application is pending', () => {
  let ids = 0;
  const counting = () => `id-${String((ids += 1))}`;

  it('goes out with the next automatic retry, under a new key and the next revision of the same application', async () => {
    const dbName = freshDbName();
    const send = scriptedSend(httpFailure(503), ACCEPTED);
    const outbox = outboxOver(dbName, send, { newId: counting });
    await outbox.submit(URL, { firstName: 'Ada' });

    await outbox.revise({ firstName: 'Augusta Ada' });
    const accepted = statusBecomes(outbox, 'accepted');
    await vi.advanceTimersByTimeAsync(2_000);
    await accepted;

    const [first, second] = send.mock.calls.map(([record]) => record);
    expect(second).toMatchObject({ applicationId: first!.applicationId, revision: 2, body: { firstName: 'Augusta Ada' } });
    expect(second!.key).not.toBe(first!.key);
  });

  it('made while an older body is in flight is sent at once after it, and only then is the application accepted', async () => {
    const firstAnswer = deferred<SendResult>();
    const answers = [firstAnswer.promise, Promise.resolve(ACCEPTED)];
    const send = vi.fn<OutboxOptions['send']>(() => answers.shift() ?? Promise.resolve(ACCEPTED));
    const outbox = outboxOver(freshDbName(), send, { newId: counting });
    const handler = vi.fn(() => Promise.resolve());
    outbox.handleAcceptance(handler);

    const first = outbox.submit(URL, { firstName: 'Ada' });
    await vi.waitFor(() => {
      expect(send).toHaveBeenCalledOnce();
    });
    const edited = outbox.submit(URL, { firstName: 'Augusta Ada' });
    // The older body is accepted by the server while the edit waits: that is not the end.
    firstAnswer.resolve(ACCEPTED);

    expect(await Promise.all([first, edited])).toEqual(['accepted', 'accepted']);
    expect(send.mock.calls.map(([record]) => record.body)).toEqual([{ firstName: 'Ada' }, { firstName: 'Augusta Ada' }]);
    expect(send.mock.calls[1]![0].revision).toBe(2);
    expect(handler).toHaveBeenCalledOnce();
  });

  it('saved while an attempt is failing is what the next attempt sends', async () => {
    const firstAnswer = deferred<SendResult>();
    const answers = [firstAnswer.promise];
    const send = vi.fn<OutboxOptions['send']>(() => answers.shift() ?? Promise.resolve(ACCEPTED));
    const outbox = outboxOver(freshDbName(), send, { newId: counting });
    void outbox.submit(URL, { firstName: 'Ada' });
    await vi.waitFor(() => {
      expect(send).toHaveBeenCalledOnce();
    });
    await outbox.revise({ firstName: 'Augusta Ada' });
    const waiting = statusBecomes(outbox, 'waiting');
    firstAnswer.resolve(httpFailure(500));
    expect((await waiting).record.body).toEqual({ firstName: 'Augusta Ada' });

    const accepted = statusBecomes(outbox, 'accepted');
    // The failed attempt ends just after it reports waiting.
    await vi.advanceTimersByTimeAsync(0);
    outbox.retrySoon();
    await accepted;
    expect(send.mock.calls[1]![0].body).toEqual({ firstName: 'Augusta Ada' });
  });

  it('into answers that are not valid holds the older body back until they are valid again', async () => {
    const dbName = freshDbName();
    const send = scriptedSend(httpFailure(503), ACCEPTED);
    const outbox = outboxOver(dbName, send, { newId: counting });
    await outbox.submit(URL, { firstName: 'Ada' });

    await outbox.revise(null);
    await vi.advanceTimersByTimeAsync(600_000);
    outbox.retrySoon();
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledOnce();
    expect(await storedRecord(dbName)).toMatchObject({ held: true, body: { firstName: 'Ada' } });

    const accepted = statusBecomes(outbox, 'accepted');
    await outbox.revise({ firstName: 'Augusta Ada' });
    await accepted;
    expect(send.mock.calls[1]![0].body).toEqual({ firstName: 'Augusta Ada' });
  });

  it('never gives one key to two bodies, and keeps the key of a body sent again unchanged', async () => {
    const send = scriptedSend(httpFailure(503), httpFailure(503), httpFailure(503), ACCEPTED);
    const outbox = outboxOver(freshDbName(), send, { newId: counting });
    await outbox.submit(URL, { answer: 1 });
    await outbox.submit(URL, { answer: 2 });
    await outbox.submit(URL, { answer: 2 });
    await outbox.submit(URL, { answer: 1 });

    const sent = send.mock.calls.map(([record]) => record);
    const bodyOfKey = new Map<string, string>();
    for (const record of sent) {
      const body = JSON.stringify(record.body);
      expect(bodyOfKey.get(record.key) ?? body).toBe(body);
      bodyOfKey.set(record.key, body);
    }
    expect(sent[1]!.key).toBe(sent[2]!.key);
    expect(sent.map((record) => record.revision)).toEqual([1, 2, 2, 3]);
    expect(new Set(sent.map((record) => record.applicationId)).size).toBe(1);
  });

  it('is ignored once nothing is pending', async () => {
    const dbName = freshDbName();
    const outbox = outboxOver(dbName, scriptedSend(ACCEPTED), { newId: counting });
    await outbox.revise({ firstName: 'Ada' });
    expect(await storedRecord(dbName)).toBeUndefined();
  });
});

describe('a record stored by an earlier version (one id for everything)', () => {
  it('is resumed with that id as its application id and key', async () => {
    const dbName = freshDbName();
    await createResilientStore({ dbName, storeName: STORE_NAME }).set(OUTBOX_KEY, {
      id: 'old-id',
      url: URL,
      body: { firstName: 'Ada' },
      createdAt: T0,
      attempts: 1,
      lastAttemptAt: T0,
      lastError: 'HTTP 503',
      refused: false,
    });
    const send = scriptedSend(ACCEPTED);
    const outbox = outboxOver(dbName, send);
    const accepted = statusBecomes(outbox, 'accepted');
    await outbox.resume();
    await accepted;
    expect(send).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ applicationId: 'old-id', key: 'old-id', revision: 1, body: { firstName: 'Ada' } }));
  });
});
