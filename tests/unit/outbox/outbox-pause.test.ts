// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Outbox, type OutboxOptions } from '../../../src/outbox/outbox';
import type { SendResult } from '../../../src/outbox/send-application';
import { OUTBOX_KEY } from '../../../src/storage/stored-keys';
import { memoryStore } from '../../component/support/memory-store';

const URL = '/api/applications';
const T0 = Date.UTC(2025, 0, 15, 9, 0, 0);
const ACCEPTED: SendResult = { ok: true, status: 201 };
const FAILED: SendResult = { ok: false, retryable: true, status: 500, error: 'HTTP 500' };
/** Longer than any backoff (300 s at most). */
const LONG_AFTER_MS = 10 * 60_000;

function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/** A send that answers with the scripted results in turn, accepting once they run out. */
function scriptedSend(...results: Array<SendResult | Promise<SendResult>>) {
  return vi.fn<OutboxOptions['send']>(() => Promise.resolve(results.shift() ?? ACCEPTED));
}

const outboxes: Outbox[] = [];

function outboxWith(send: OutboxOptions['send'], store = memoryStore()) {
  let ids = 0;
  const outbox = new Outbox({
    store,
    send,
    exclusively: (attempt) => attempt(),
    newId: () => {
      ids += 1;
      return `id-${String(ids)}`;
    },
  });
  outboxes.push(outbox);
  return { outbox, store };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(T0);
});

afterEach(() => {
  for (const outbox of outboxes.splice(0)) outbox.stop();
  vi.useRealTimers();
});

describe('Outbox.pause', () => {
  it('gives the queued record, and no retry goes out after it', async () => {
    const send = scriptedSend(FAILED);
    const { outbox } = outboxWith(send);
    expect(await outbox.submit(URL, { firstName: 'Ada' })).toBe('retry');

    const paused = await outbox.pause();

    expect(paused).toEqual({
      record: expect.objectContaining({ applicationId: 'id-1', key: 'id-2', revision: 1, body: { firstName: 'Ada' }, attempts: 1 }) as unknown,
    });
    await vi.advanceTimersByTimeAsync(LONG_AFTER_MS);
    expect(send).toHaveBeenCalledOnce();
  });

  it('is not undone by the network coming back or the service worker telling: nothing is sent while paused', async () => {
    const send = scriptedSend(FAILED);
    const { outbox } = outboxWith(send);
    await outbox.submit(URL, { firstName: 'Ada' });
    await outbox.pause();

    outbox.retrySoon();
    outbox.recheck();
    await vi.advanceTimersByTimeAsync(0);

    expect(send).toHaveBeenCalledOnce();
  });

  it('gives no record when nothing is queued', async () => {
    const { outbox } = outboxWith(scriptedSend());
    expect(await outbox.pause()).toEqual({ record: undefined });
  });

  it('lets an attempt under way finish first, and says when it was accepted', async () => {
    const answer = deferred<SendResult>();
    const send = scriptedSend(answer.promise);
    const { outbox, store } = outboxWith(send);
    const submitted = outbox.submit(URL, { firstName: 'Ada' });
    await vi.waitFor(() => {
      expect(send).toHaveBeenCalledOnce();
    });

    let settled = false;
    const paused = outbox.pause().then((result) => {
      settled = true;
      return result;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);

    answer.resolve(ACCEPTED);
    expect(await paused).toBe('accepted');
    expect(await submitted).toBe('accepted');
    expect(store.entries.has(OUTBOX_KEY)).toBe(false);
  });

  it('after an attempt under way that failed, gives its record and schedules no retry', async () => {
    const answer = deferred<SendResult>();
    const send = scriptedSend(answer.promise);
    const { outbox } = outboxWith(send);
    void outbox.submit(URL, { firstName: 'Ada' });
    await vi.waitFor(() => {
      expect(send).toHaveBeenCalledOnce();
    });

    const paused = outbox.pause();
    answer.resolve(FAILED);

    expect(await paused).toEqual({ record: expect.objectContaining({ key: 'id-2', attempts: 1, lastError: 'HTTP 500' }) as unknown });
    await vi.advanceTimersByTimeAsync(LONG_AFTER_MS);
    expect(send).toHaveBeenCalledOnce();
  });
});

describe('Outbox.discard', () => {
  it('forgets the queued record: the status is empty and nothing is sent any more', async () => {
    const send = scriptedSend(FAILED);
    const { outbox, store } = outboxWith(send);
    await outbox.submit(URL, { firstName: 'Ada' });
    const statuses: string[] = [];
    outbox.subscribe((status) => statuses.push(status.state));

    await outbox.pause();
    await outbox.discard();

    expect(store.entries.has(OUTBOX_KEY)).toBe(false);
    expect(outbox.getStatus()).toEqual({ state: 'empty' });
    expect(statuses).toEqual(['empty']);
    await outbox.resume();
    await vi.advanceTimersByTimeAsync(LONG_AFTER_MS);
    expect(send).toHaveBeenCalledOnce();
  });
});

describe('Outbox.resume after pause', () => {
  it('carries on: the queued record is attempted again, and accepted', async () => {
    const send = scriptedSend(FAILED, ACCEPTED);
    const { outbox, store } = outboxWith(send);
    await outbox.submit(URL, { firstName: 'Ada' });
    await outbox.pause();
    expect(send).toHaveBeenCalledOnce();

    await outbox.resume();

    await vi.waitFor(() => {
      expect(outbox.getStatus()).toEqual({ state: 'accepted' });
    });
    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.calls[1]?.[0]).toMatchObject({ key: 'id-2', revision: 1 });
    expect(store.entries.has(OUTBOX_KEY)).toBe(false);
  });

  it('starts the backoff again: a second failure is retried on its own timer', async () => {
    const send = scriptedSend(FAILED, FAILED, ACCEPTED);
    const { outbox } = outboxWith(send);
    await outbox.submit(URL, { firstName: 'Ada' });
    await outbox.pause();
    await outbox.resume();
    await vi.waitFor(() => {
      expect(send).toHaveBeenCalledTimes(2);
    });

    await vi.advanceTimersByTimeAsync(LONG_AFTER_MS);

    expect(send).toHaveBeenCalledTimes(3);
    expect(outbox.getStatus()).toEqual({ state: 'accepted' });
  });
});
