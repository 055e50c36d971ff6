import { createStore, get, set } from 'idb-keyval';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OutboxRecord } from '../../../src/outbox/outbox';
import { replayOutbox } from '../../../src/outbox/replay-outbox';
import { APP_DB_NAME, APP_STORE_NAME, DRAFT_KEY, OUTBOX_KEY, SUBMITTED_KEY } from '../../../src/storage/stored-keys';
import { breakIndexedDb } from '../../support/broken-indexed-db';
import { stubFetchAnswering } from '../../support/stub-fetch';

const store = createStore(APP_DB_NAME, APP_STORE_NAME);

const record: OutboxRecord = {
  applicationId: '0b6c1a2e-9d8f-4e7a-8b6c-5d4e3f2a1b0c',
  key: '7d1f5e0c-1b2a-4c3d-8e9f-0a1b2c3d4e5f',
  revision: 2,
  url: 'https://api.example.com/applications',
  body: { personalInfo: { emailAddress: 'ada@example.com' } },
  createdAt: 1,
  attempts: 1,
  lastAttemptAt: 1,
  lastError: 'HTTP 503',
  refused: false,
  held: false,
};

const answer = stubFetchAnswering;

/** The PUTs among the fetches (the worker first asks the challenge endpoint whether proof of work is on). */
function puts(fetchMock: { mock: { calls: Array<[string, RequestInit]> } }): RequestInit[] {
  return fetchMock.mock.calls.map(([, init]) => init).filter((init) => init.method === 'PUT');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('replayOutbox (the service worker after the tab is gone)', () => {
  it.each(['getter throws', 'open fails'] as const)('with no storage (%s) finds nothing to send, sends nothing, and throws nothing', async (failure) => {
    const mend = breakIndexedDb(failure);
    try {
      const fetchMock = answer(201);
      expect(await replayOutbox()).toBe('nothing');
      expect(fetchMock).not.toHaveBeenCalled();
    } finally {
      mend();
    }
  });

  it('sends the record with its Idempotency-Key, Application-Id and revision and, on a 2xx, removes the personal data', async () => {
    await set(OUTBOX_KEY, record, store);
    await set(DRAFT_KEY, { values: { personalInfo: { emailAddress: 'ada@example.com' } } }, store);
    const fetchMock = answer(201);
    expect(await replayOutbox()).toBe('accepted');
    const init = puts(fetchMock)[0];
    expect(init?.method).toBe('PUT');
    expect(init?.headers).toMatchObject({ 'Idempotency-Key': record.key, 'Application-Id': record.applicationId, 'Application-Revision': '2' });
    expect(await get(OUTBOX_KEY, store)).toBeUndefined();
    expect(await get(DRAFT_KEY, store)).toBeUndefined();
    expect(await get(SUBMITTED_KEY, store)).toEqual({ submittedAt: expect.any(Number) as number });
  });

  it("sends nothing before the server's Retry-After has passed, failing the sync so the browser fires it later", async () => {
    await set(OUTBOX_KEY, { ...record, notBefore: Date.now() + 60_000 }, store);
    const fetchMock = answer(201);
    expect(await replayOutbox()).toBe('retry');
    expect(fetchMock).not.toHaveBeenCalled();
    expect((await get<OutboxRecord>(OUTBOX_KEY, store))?.attempts).toBe(1);
  });

  it.each([500, 503, 408, 429])('counts a %i as a failure to retry, not as delivered', async (status) => {
    await set(OUTBOX_KEY, record, store);
    answer(status);
    expect(await replayOutbox()).toBe('retry');
    const kept = await get<OutboxRecord>(OUTBOX_KEY, store);
    expect(kept?.attempts).toBe(2);
    expect(kept?.lastError).toBe(`HTTP ${String(status)}`);
    expect(kept?.refused).toBe(false);
  });

  it('marks a 4xx refusal so it is not replayed again', async () => {
    await set(OUTBOX_KEY, record, store);
    answer(422);
    expect(await replayOutbox()).toBe('refused');
    expect((await get<OutboxRecord>(OUTBOX_KEY, store))?.refused).toBe(true);
    const fetchMock = answer(201);
    expect(await replayOutbox()).toBe('nothing');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends an edit the page wrote while its request was out before removing anything', async () => {
    await set(OUTBOX_KEY, record, store);
    await set(DRAFT_KEY, { values: {} }, store);
    const edited: OutboxRecord = { ...record, key: 'key-of-the-edit', revision: 3, body: { personalInfo: { emailAddress: 'augusta@example.com' } } };
    const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>(async () => {
      // The page saves an edit while the first request is on its way.
      if (puts(fetchMock).length === 1) await set(OUTBOX_KEY, edited, store);
      return new Response('{}', { status: 201 });
    });
    vi.stubGlobal('fetch', fetchMock);

    expect(await replayOutbox()).toBe('accepted');
    expect(puts(fetchMock).map((init) => JSON.parse(init.body as string) as unknown)).toEqual([record.body, edited.body]);
    expect((puts(fetchMock)[1]?.headers as Record<string, string>)['Idempotency-Key']).toBe('key-of-the-edit');
    expect(await get(OUTBOX_KEY, store)).toBeUndefined();
    expect(await get(DRAFT_KEY, store)).toBeUndefined();
  });

  it('sends nothing while the answers are held (edited into ones the wizard would not send)', async () => {
    await set(OUTBOX_KEY, { ...record, held: true }, store);
    const fetchMock = answer(201);
    expect(await replayOutbox()).toBe('nothing');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('replayOutbox with files to upload first', () => {
  const withFiles: OutboxRecord = { ...record, body: { ...(record.body as object), files: [{ key: 'mediaKit', uploadId: '', sha256: 'c'.repeat(64) }] } };

  it('sends the body with the upload ids the worker readied', async () => {
    await set(OUTBOX_KEY, withFiles, store);
    const fetchMock = answer(201);
    const filled = { ...(withFiles.body as object), files: [{ key: 'mediaKit', uploadId: '0123456789abcdef0123456789abcdef', sha256: 'c'.repeat(64) }] };
    expect(await replayOutbox(() => Promise.resolve({ ready: true, body: filled }))).toBe('accepted');
    expect(JSON.parse(puts(fetchMock)[0]?.body as string)).toEqual(filled);
  });

  it('sends nothing while files are missing, failing the sync so the browser fires it again, with no failure counted', async () => {
    await set(OUTBOX_KEY, withFiles, store);
    const fetchMock = answer(201);
    expect(await replayOutbox(() => Promise.resolve({ ready: false, files: { uploaded: 0, total: 1 } }))).toBe('retry');
    expect(puts(fetchMock)).toHaveLength(0);
    expect((await get<OutboxRecord>(OUTBOX_KEY, store))?.attempts).toBe(1);
  });

  it('leaves a file refused for good to the page, which says which field to change', async () => {
    await set(OUTBOX_KEY, withFiles, store);
    const fetchMock = answer(201);
    expect(
      await replayOutbox(() => Promise.resolve({ ready: false, files: { uploaded: 0, total: 1, failed: { key: 'mediaKit', reason: 'too-large' } } })),
    ).toBe('nothing');
    expect(puts(fetchMock)).toHaveLength(0);
  });
});
