// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { lookupStatus } from '../../../src/status/lookup-status';

const URL = 'https://apply.example.com/api/status';
const SECRET = 'S'.repeat(43);
const BODY = {
  reference: 'K7QM-4XTR',
  receivedAt: '2026-12-02T17:40:00Z',
  status: 'received',
  changedAt: '2026-12-02T17:40:00Z',
  message: null,
  language: null,
  history: [],
};

const answering = (status: number, body: unknown = {}) => vi.fn<typeof fetch>(() => Promise.resolve(new Response(JSON.stringify(body), { status })));

describe('lookupStatus', () => {
  it('sends the secret only as a bearer token: no cookies, no referrer, nothing cached', async () => {
    const fetchImpl = answering(200, BODY);
    const outcome = await lookupStatus(URL, SECRET, { fetchImpl });
    expect(outcome.kind).toBe('answer');
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe(URL);
    expect(url).not.toContain(SECRET);
    expect(init).toMatchObject({ method: 'GET', credentials: 'omit', referrerPolicy: 'no-referrer', cache: 'no-store' });
    expect(init?.headers).toEqual({ Authorization: `Bearer ${SECRET}`, Accept: 'application/json' });
  });

  it.each([
    [410, 'withdrawn'],
    [404, 'unknown'],
    [400, 'unknown'],
    [429, 'busy'],
    [500, 'failed'],
    [503, 'failed'],
  ])('%i is %s', async (status, kind) => {
    expect((await lookupStatus(URL, SECRET, { fetchImpl: answering(status) })).kind).toBe(kind);
  });

  it('a 200 it cannot read failed; no receiver failed; no answer at all is offline', async () => {
    expect((await lookupStatus(URL, SECRET, { fetchImpl: answering(200, { reference: 'x' }) })).kind).toBe('failed');
    expect((await lookupStatus(null, SECRET)).kind).toBe('failed');
    expect((await lookupStatus(URL, SECRET, { fetchImpl: vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch'))) })).kind).toBe('offline');
  });

  it('an answer too slow to wait for failed', async () => {
    const hanging = vi.fn<typeof fetch>(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => {
            reject(new DOMException('aborted', 'AbortError'));
          }),
        ),
    );
    expect((await lookupStatus(URL, SECRET, { fetchImpl: hanging, timeoutMs: 5 })).kind).toBe('failed');
  });
});
