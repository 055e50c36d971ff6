// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { draftUrl, storeDraft, takeDraft, withdrawDraft } from '../../../src/handover/drafts-endpoint';

const ID = 'AAECAwQFBgcICQoLDA0ODw';
const DRAFT = `https://apply.example/api/drafts/${ID}`;
const BYTES = new Uint8Array([1, 2, 3, 250]);

/** A fetch that answers every request with `respond()`, keeping what it was asked. */
function answering(respond: () => Response | Promise<Response>) {
  return vi.fn<typeof fetch>(() => Promise.resolve(respond()));
}

function offline() {
  return vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch')));
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('draftUrl', () => {
  it('puts the draft beside the applications’ path, relative to the page, without the page’s query or fragment', () => {
    expect(draftUrl('/api/applications', 'https://apply.example/partners/?lang=fr#resume=x', ID)).toBe(`https://apply.example/api/drafts/${ID}`);
  });

  it('keeps an absolute endpoint’s origin and folder, and drops its query', () => {
    expect(draftUrl('https://receiver.example/v1/applications?token=abc#top', 'https://apply.example/', ID)).toBe(`https://receiver.example/v1/drafts/${ID}`);
  });

  it('reads a trailing slash as the same endpoint', () => {
    expect(draftUrl('/api/applications/', 'https://apply.example/', ID)).toBe(`https://apply.example/api/drafts/${ID}`);
    expect(draftUrl('/api/applications//', 'https://apply.example/', ID)).toBe(`https://apply.example/api/drafts/${ID}`);
  });

  it('resolves a path without a leading slash against the page’s folder', () => {
    expect(draftUrl('api/applications', 'https://apply.example/partners/apply', ID)).toBe(`https://apply.example/partners/api/drafts/${ID}`);
  });
});

describe('storeDraft', () => {
  it('PUTs the bytes with their lifetime and reads the expiry the receiver answers', async () => {
    const fetchImpl = answering(() => json(201, { expiresAt: '2026-12-03T10:00:00.000Z' }));
    expect(await storeDraft(DRAFT, BYTES, 604_800, { fetchImpl })).toEqual({ ok: true, expiresAt: Date.parse('2026-12-03T10:00:00.000Z') });
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe(DRAFT);
    expect(init).toMatchObject({ method: 'PUT', body: BYTES, headers: { 'Content-Type': 'application/octet-stream', 'Draft-Expires-In': '604800' } });
  });

  it.each<[string, () => Response]>([
    ['no body', () => new Response(null, { status: 201 })],
    ['a body that is not JSON', () => new Response('stored', { status: 201 })],
    ['no expiresAt', () => json(201, {})],
    ['an expiresAt that is not a date', () => json(201, { expiresAt: 'next week' })],
    ['an expiresAt in milliseconds rather than a date', () => json(201, { expiresAt: 1_764_000_000_000 })],
  ])('calls a 201 with %s unavailable: the link’s expiry could not be told', async (_, respond) => {
    expect(await storeDraft(DRAFT, BYTES, 60, { fetchImpl: answering(respond) })).toEqual({ ok: false, reason: 'unavailable', status: 201 });
  });

  it.each([400, 403, 413, 415])('calls a %i refused', async (status) => {
    expect(await storeDraft(DRAFT, BYTES, 60, { fetchImpl: answering(() => json(status, { error: 'no' })) })).toEqual({ ok: false, reason: 'refused', status });
  });

  it.each([408, 429, 500, 503])('calls a %i unavailable, worth trying later', async (status) => {
    expect(await storeDraft(DRAFT, BYTES, 60, { fetchImpl: answering(() => json(status, { error: 'later' })) })).toEqual({
      ok: false,
      reason: 'unavailable',
      status,
    });
  });

  it('is offline when the request fails', async () => {
    expect(await storeDraft(DRAFT, BYTES, 60, { fetchImpl: offline() })).toEqual({ ok: false, reason: 'offline' });
  });

  it('sends a proof of work in the Altcha header when the receiver asks for one, a new one each PUT', async () => {
    let made = 0;
    const proofs = { next: vi.fn(() => Promise.resolve(`proof-${String((made += 1))}`)), refused: vi.fn(), warm: () => () => undefined };
    const fetchImpl = answering(() => json(201, { expiresAt: '2026-12-03T10:00:00.000Z' }));
    expect((await storeDraft(DRAFT, BYTES, 60, { fetchImpl, proofs })).ok).toBe(true);
    expect(fetchImpl.mock.calls[0]![1]).toMatchObject({ headers: { Altcha: 'proof-1' } });
    expect(proofs.refused).not.toHaveBeenCalled();
  });

  it('on a 428 (a solution refused, or proof of work switched on since), starts afresh and sends once more', async () => {
    let made = 0;
    const proofs = { next: vi.fn(() => Promise.resolve(`proof-${String((made += 1))}`)), refused: vi.fn(), warm: () => () => undefined };
    const answers = [json(428, { error: 'proof of work', challenge: '/api/challenge' }), json(201, { expiresAt: '2026-12-03T10:00:00.000Z' })];
    const fetchImpl = answering(() => answers.shift() ?? json(500, {}));
    expect((await storeDraft(DRAFT, BYTES, 60, { fetchImpl, proofs })).ok).toBe(true);
    expect(proofs.refused).toHaveBeenCalledOnce();
    expect(fetchImpl.mock.calls.map(([, init]) => (init?.headers as Record<string, string>).Altcha)).toEqual(['proof-1', 'proof-2']);
    // Refused twice: the page says it was refused, never loops.
    const always = answering(() => json(428, { error: 'proof of work', challenge: '/api/challenge' }));
    expect(await storeDraft(DRAFT, BYTES, 60, { fetchImpl: always, proofs })).toEqual({ ok: false, reason: 'refused', status: 428 });
    expect(always).toHaveBeenCalledTimes(2);
  });

  it('sends no Altcha header while the receiver asks for no proof of work', async () => {
    const proofs = { next: () => Promise.resolve(null), refused: vi.fn(), warm: () => () => undefined };
    const fetchImpl = answering(() => json(201, { expiresAt: '2026-12-03T10:00:00.000Z' }));
    await storeDraft(DRAFT, BYTES, 60, { fetchImpl, proofs });
    expect(Object.keys(fetchImpl.mock.calls[0]![1]?.headers as Record<string, string>)).not.toContain('Altcha');
  });

  it('is offline when no answer comes in time, the request aborted', async () => {
    vi.useFakeTimers();
    try {
      const fetchImpl = vi.fn<typeof fetch>(
        (_, init) =>
          new Promise<Response>((_resolve, reject) => {
            init!.signal!.addEventListener('abort', () => {
              reject(new DOMException('aborted', 'AbortError'));
            });
          }),
      );
      const result = storeDraft(DRAFT, BYTES, 60, { fetchImpl, timeoutMs: 1_000 });
      await vi.advanceTimersByTimeAsync(1_000);
      expect(await result).toEqual({ ok: false, reason: 'offline' });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('takeDraft', () => {
  it('GETs the draft and gives back its bytes', async () => {
    const fetchImpl = answering(() => new Response(BYTES, { status: 200, headers: { 'Content-Type': 'application/octet-stream' } }));
    expect(await takeDraft(DRAFT, { fetchImpl })).toEqual({ ok: true, ciphertext: BYTES });
    expect(fetchImpl.mock.calls[0]).toEqual([DRAFT, expect.objectContaining({ method: 'GET', headers: { Accept: 'application/octet-stream' } })]);
  });

  it.each([410, 404])('calls a %i gone', async (status) => {
    expect(await takeDraft(DRAFT, { fetchImpl: answering(() => json(status, { error: 'gone' })) })).toEqual({ ok: false, reason: 'gone' });
  });

  it.each([429, 503])('calls a %i unavailable', async (status) => {
    expect(await takeDraft(DRAFT, { fetchImpl: answering(() => json(status, {})) })).toEqual({ ok: false, reason: 'unavailable', status });
  });

  it('calls another refusal unavailable, never gone: the link may still work', async () => {
    expect(await takeDraft(DRAFT, { fetchImpl: answering(() => json(400, {})) })).toEqual({ ok: false, reason: 'unavailable', status: 400 });
  });

  it('is offline when the request fails', async () => {
    expect(await takeDraft(DRAFT, { fetchImpl: offline() })).toEqual({ ok: false, reason: 'offline' });
  });

  it('is offline when the body is cut off after the answer began', async () => {
    const cut = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(BYTES);
        controller.error(new TypeError('network error'));
      },
    });
    expect(await takeDraft(DRAFT, { fetchImpl: answering(() => new Response(cut, { status: 200 })) })).toEqual({ ok: false, reason: 'offline' });
  });
});

describe('withdrawDraft', () => {
  it.each<[number, string]>([
    [204, 'withdrawn'],
    [410, 'opened-or-expired'],
    [404, 'unknown'],
    [503, 'unknown'],
  ])('tells a %i as %s', async (status, told) => {
    const fetchImpl = answering(() => new Response(status === 204 ? null : '{}', { status }));
    expect(await withdrawDraft(DRAFT, { fetchImpl })).toBe(told);
    expect(fetchImpl.mock.calls[0]).toEqual([DRAFT, expect.objectContaining({ method: 'DELETE' })]);
  });

  it('is unreachable when the request fails', async () => {
    expect(await withdrawDraft(DRAFT, { fetchImpl: offline() })).toBe('unreachable');
  });
});

describe('every drafts request', () => {
  it('sends no cookie and no referrer, is never cached, and can be aborted', async () => {
    const fetchImpl = answering(() => json(201, { expiresAt: '2026-12-03T10:00:00.000Z' }));
    await storeDraft(DRAFT, BYTES, 60, { fetchImpl });
    await takeDraft(DRAFT, { fetchImpl });
    await withdrawDraft(DRAFT, { fetchImpl });
    expect(fetchImpl.mock.calls.map(([, init]) => init?.method)).toEqual(['PUT', 'GET', 'DELETE']);
    for (const [, init] of fetchImpl.mock.calls) {
      expect(init).toMatchObject({ credentials: 'omit', referrerPolicy: 'no-referrer', cache: 'no-store' });
      expect(init?.signal).toBeInstanceOf(AbortSignal);
    }
  });
});
