import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  APPLICATION_ERASED,
  DEFAULT_SEND_TIMEOUT_MS,
  isRetryableStatus,
  NEWER_REVISION_STORED,
  sendApplication,
  type SendResult,
} from '../../../src/outbox/send-application';

const URL = 'https://partners.example.com/api/applications';
const BODY = { personalInfo: { firstName: 'Ada' }, platforms: {}, fields: [{ key: 'pets.value', value: 'No' }] };

function answering(status: number) {
  return vi.fn<typeof fetch>(() => Promise.resolve(new Response(null, { status })));
}

/** A fetch that never answers, and rejects as a browser does once its signal is aborted. */
function hanging() {
  return vi.fn<typeof fetch>(
    (_input, init) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => {
          reject(new DOMException('The operation was aborted.', 'AbortError'));
        });
      }),
  );
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('sendApplication', () => {
  it('PUTs the JSON body with JSON headers and the Idempotency-Key', async () => {
    const fetchImpl = answering(201);

    await sendApplication(URL, BODY, { idempotencyKey: 'id-1', fetchImpl });

    expect(fetchImpl).toHaveBeenCalledOnce();
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe(URL);
    expect(init?.method).toBe('PUT');
    expect(init?.headers).toEqual({ 'Content-Type': 'application/json', Accept: 'application/json', 'Idempotency-Key': 'id-1' });
    expect(JSON.parse(init?.body as string)).toEqual(BODY);
    expect(init?.signal).toBeInstanceOf(AbortSignal);
  });

  it('sends no Idempotency-Key header without a key', async () => {
    const fetchImpl = answering(200);

    await sendApplication(URL, BODY, { fetchImpl });

    expect(fetchImpl.mock.calls[0]![1]?.headers).toEqual({ 'Content-Type': 'application/json', Accept: 'application/json' });
  });

  it('reports a 2xx answer as ok with its status', async () => {
    expect(await sendApplication(URL, BODY, { fetchImpl: answering(201) })).toEqual({ ok: true, status: 201 });
    expect(await sendApplication(URL, BODY, { fetchImpl: answering(204) })).toEqual({ ok: true, status: 204 });
  });

  it.each([
    [500, true],
    [503, true],
    [408, true],
    [429, true],
    [400, false],
    [404, true],
    [405, true],
    [422, false],
  ])('reports HTTP %i as not ok, retryable: %s', async (status, retryable) => {
    const result = await sendApplication(URL, BODY, { fetchImpl: answering(status) });

    expect(result).toEqual({ ok: false, retryable, status, error: `HTTP ${String(status)}` });
  });

  it('reports a 409 for a newer revision stored elsewhere as final, with its code as the error', async () => {
    const body = JSON.stringify({
      error: 'A newer revision of this application is stored already.',
      code: 'newer-revision-stored',
      latestRevision: 2,
      receivedAt: '2026-11-26T01:00:00.000Z',
    });
    const fetchImpl = vi.fn<typeof fetch>(() => Promise.resolve(new Response(body, { status: 409, headers: { 'Content-Type': 'application/json' } })));
    expect(await sendApplication(URL, BODY, { fetchImpl })).toEqual({ ok: false, retryable: false, status: 409, error: NEWER_REVISION_STORED });
  });

  it("reports a 410 Gone (the application was erased) as final, with the receiver's code as the error", async () => {
    const body = JSON.stringify({ error: 'This application was erased and is not stored again.', code: 'application-erased' });
    const fetchImpl = vi.fn<typeof fetch>(() =>
      Promise.resolve(new Response(body, { status: 410, headers: { 'Content-Type': 'application/json', 'Retry-After': '5' } })),
    );
    expect(await sendApplication(URL, BODY, { fetchImpl })).toEqual({ ok: false, retryable: false, status: 410, error: APPLICATION_ERASED });
  });

  it('retries any other 409 (a key still being stored) after its Retry-After, or a second', async () => {
    const busy = vi.fn<typeof fetch>(() => Promise.resolve(new Response('{}', { status: 409, headers: { 'Retry-After': '1' } })));
    expect(await sendApplication(URL, BODY, { fetchImpl: busy })).toEqual({ ok: false, retryable: true, status: 409, error: 'HTTP 409', retryAfterMs: 1000 });
    const bare = vi.fn<typeof fetch>(() => Promise.resolve(new Response(null, { status: 409 })));
    expect(await sendApplication(URL, BODY, { fetchImpl: bare })).toMatchObject({ retryable: true, retryAfterMs: 1000 });
  });

  it.each([429, 503])('reads the Retry-After of a %i as the wait the server asked for', async (status) => {
    const fetchImpl = vi.fn<typeof fetch>(() => Promise.resolve(new Response(null, { status, headers: { 'Retry-After': '5' } })));

    expect(await sendApplication(URL, BODY, { fetchImpl })).toEqual({
      ok: false,
      retryable: true,
      status,
      error: `HTTP ${String(status)}`,
      retryAfterMs: 5_000,
    });
  });

  it('ignores a Retry-After on a refusal, which no wait will change', async () => {
    const fetchImpl = vi.fn<typeof fetch>(() => Promise.resolve(new Response(null, { status: 422, headers: { 'Retry-After': '5' } })));

    expect(await sendApplication(URL, BODY, { fetchImpl })).toEqual({ ok: false, retryable: false, status: 422, error: 'HTTP 422' });
  });

  it('reports a fetch that rejects (no network) as retryable, with its message', async () => {
    const fetchImpl = vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch')));

    expect(await sendApplication(URL, BODY, { fetchImpl })).toEqual({ ok: false, retryable: true, status: null, error: 'Failed to fetch' });
  });

  it('aborts a fetch that does not answer within timeoutMs and reports it as a retryable timeout', async () => {
    const fetchImpl = hanging();
    let result: SendResult | undefined;
    void sendApplication(URL, BODY, { timeoutMs: 1_000, fetchImpl }).then((settled) => {
      result = settled;
    });

    await vi.advanceTimersByTimeAsync(999);
    expect(result).toBeUndefined();
    expect(fetchImpl.mock.calls[0]![1]?.signal?.aborted).toBe(false);

    await vi.advanceTimersByTimeAsync(1);
    expect(fetchImpl.mock.calls[0]![1]?.signal?.aborted).toBe(true);
    expect(result).toEqual({ ok: false, retryable: true, status: null, error: 'timed out after 1000 ms' });
  });

  it('times out after 15 seconds by default', async () => {
    let result: SendResult | undefined;
    void sendApplication(URL, BODY, { fetchImpl: hanging() }).then((settled) => {
      result = settled;
    });

    await vi.advanceTimersByTimeAsync(DEFAULT_SEND_TIMEOUT_MS - 1);
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(result).toEqual({ ok: false, retryable: true, status: null, error: `timed out after ${String(DEFAULT_SEND_TIMEOUT_MS)} ms` });
  });

  it('stops the timeout once an answer has come', async () => {
    await sendApplication(URL, BODY, { fetchImpl: answering(200) });
    await sendApplication(URL, BODY, { fetchImpl: vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch'))) });

    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('isRetryableStatus', () => {
  it('retries timeouts, rate limiting and server errors', () => {
    expect([408, 429, 500, 502, 503, 504].map(isRetryableStatus)).toEqual([true, true, true, true, true, true]);
  });

  it('retries a path that does not answer PUTs (404, 405): a deployment being fixed', () => {
    expect([404, 405].map(isRetryableStatus)).toEqual([true, true]);
  });

  it('does not retry other client errors', () => {
    expect([400, 401, 403, 409, 413, 422].map(isRetryableStatus)).toEqual([false, false, false, false, false, false]);
  });

  it('reads the receipt of a 201 (reference and status link on the page’s origin), and only a valid one', async () => {
    const statusUrl = `https://partners.example.com/status/#${'k'.repeat(43)}`;
    const answer = (body: unknown) => vi.fn<typeof fetch>(() => Promise.resolve(new Response(JSON.stringify(body), { status: 201 })));
    const origin = 'https://partners.example.com';

    expect(await sendApplication(URL, BODY, { fetchImpl: answer({ id: 'a', reference: 'K7QM-4XTR', statusUrl }), pageOrigin: origin })).toEqual({
      ok: true,
      status: 201,
      receipt: { reference: 'K7QM-4XTR', statusUrl },
    });
    expect(
      await sendApplication(URL, BODY, { fetchImpl: answer({ id: 'a', reference: 'K7QM-4XTR', statusUrl }), pageOrigin: 'https://elsewhere.example' }),
    ).toEqual({ ok: true, status: 201 });
    expect(await sendApplication(URL, BODY, { fetchImpl: answer({ id: 'a' }), pageOrigin: origin })).toEqual({ ok: true, status: 201 });
    // A body that is not JSON is still an acceptance.
    expect(
      await sendApplication(URL, BODY, { fetchImpl: vi.fn<typeof fetch>(() => Promise.resolve(new Response('stored', { status: 201 }))), pageOrigin: origin }),
    ).toEqual({ ok: true, status: 201 });
  });
});
