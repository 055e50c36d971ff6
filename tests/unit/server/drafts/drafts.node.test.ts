// @vitest-environment node
// Drafts in transit (server/drafts/drafts-in-transit.mjs, server/drafts/drafts-table.mjs), on both stores: ciphertext stored
// under a random id, served once and then gone (410), one winner among fetches (and withdrawals) at
// once, a withdrawal telling an unused link (204) from one opened, withdrawn or expired (410) and
// one never stored (404), never served after its expiry and swept after it, a used id refused (409), the body's size and type checked
// (413, 415, 400), a malformed id not found (404), the applications' rate limit for GET and
// DELETE, a disk floor for PUT (its own budget: hostile/drafts-budget.node.test.ts), and no id in any log line.
import { randomBytes } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_DRAFT_SECONDS, MAX_DRAFT_BYTES, MAX_DRAFT_SECONDS, draftTtlSeconds, draftsPrefix } from '../../../../server/drafts/drafts-in-transit.mjs';
import type { RequestEntry } from '../../../../server/log/server-log.mjs';
import { writeBackup } from '../../../../server/backup/backup.mjs';
import { storeDraft, sweepDrafts, takeDraft, withdrawDraft } from '../../../../server/drafts/drafts-table.mjs';
import { openStore } from '../../../../server/store/open-store.mjs';
import { NEWEST_VERSION } from '../../../../server/store/schema.mjs';
import type { Store } from '../../../../server/store/store-types.mjs';
import { rawRequest, type RawAnswer } from '../../../support/http-request';
import { freshPostgresDatabase } from '../../../support/local-postgres.mjs';
import { startTestReceiver, stopTestReceiver, type StartedReceiver } from '../../../support/receiver-fixture';
import { preparedDataDir } from '../../../support/prepared-data-dir';

const postgres = await freshPostgresDatabase();
if ('reason' in postgres) process.stderr.write(`Skipping the drafts' PostgreSQL tests: ${postgres.reason}.\n`);
afterAll(async () => {
  if (!('reason' in postgres)) await postgres.stop();
});

const stores = [
  { name: 'embedded (PGlite)', databaseUrl: undefined, skip: false },
  { name: 'PostgreSQL', databaseUrl: 'url' in postgres ? postgres.url : undefined, skip: 'reason' in postgres },
];

/** What the browser makes: 16 random bytes in base64url, 22 characters. */
const newId = () => randomBytes(16).toString('base64url');
const ciphertext = (size = 1000) => randomBytes(size);
const HOUR = 3600 * 1000;

async function withStore<T>(databaseUrl: string | undefined, work: (store: Store) => Promise<T>): Promise<T> {
  const dataDir = await preparedDataDir('drafts-store-');
  const store = await openStore({ databaseUrl, dataDir });
  try {
    return await work(store);
  } finally {
    await store.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

describe('settings', () => {
  it('puts the drafts beside the applications, and reads DRAFT_TTL_SECONDS with its range', () => {
    expect(draftsPrefix('/api/applications')).toBe('/api/drafts/');
    expect(draftsPrefix('/submit')).toBe('/drafts/');
    expect(draftsPrefix('/a/b/applications/')).toBe('/a/b/drafts/');
    expect(draftTtlSeconds({})).toBe(7 * 24 * 3600);
    expect(draftTtlSeconds({ DRAFT_TTL_SECONDS: '86400' })).toBe(86400);
    expect(() => draftTtlSeconds({ DRAFT_TTL_SECONDS: '59' })).toThrow(/DRAFT_TTL_SECONDS must be a whole number from 60 to 2592000/);
    expect(() => draftTtlSeconds({ DRAFT_TTL_SECONDS: String(MAX_DRAFT_SECONDS + 1) })).toThrow(/DRAFT_TTL_SECONDS/);
    expect(() => draftTtlSeconds({ DRAFT_TTL_SECONDS: '1e5' })).toThrow(/DRAFT_TTL_SECONDS/);
  });
});

describe.each(stores)('the drafts table on the $name store', ({ databaseUrl, skip }) => {
  it.skipIf(skip)(
    'gives a draft once, then tells a used one (gone) from one never stored (unknown)',
    async () => {
      await withStore(databaseUrl, async (store) => {
        const id = newId();
        const content = ciphertext();
        const now = new Date();
        expect(await storeDraft(store, { id, content, now, expiresAt: new Date(now.getTime() + HOUR) })).toEqual({
          outcome: 'stored',
          expiresAt: new Date(now.getTime() + HOUR),
        });
        const taken = await takeDraft(store, id, now);
        expect(taken.outcome).toBe('taken');
        expect(taken.outcome === 'taken' && taken.content.equals(content)).toBe(true);
        expect(await takeDraft(store, id, now)).toEqual({ outcome: 'gone' });
        expect(await takeDraft(store, newId(), now)).toEqual({ outcome: 'unknown' });
        // Only a tombstone is left: no content anywhere in the table.
        const { rows } = await store.query('SELECT content FROM receiver_drafts.drafts WHERE id = $1', [id]);
        expect(rows).toEqual([{ content: null }]);
        // An id is single-use, tombstone or not.
        expect(await storeDraft(store, { id, content: ciphertext(), now, expiresAt: new Date(now.getTime() + HOUR) })).toEqual({ outcome: 'exists' });
      });
    },
    60_000,
  );

  it.skipIf(skip)(
    'withdrawing tells an unused draft (withdrawn) from one taken, withdrawn or expired (gone) and one never stored or swept (unknown)',
    async () => {
      await withStore(databaseUrl, async (store) => {
        const now = new Date();
        const later = new Date(now.getTime() + HOUR);
        const [taken, expired] = [newId(), newId()];
        await storeDraft(store, { id: taken, content: ciphertext(), now, expiresAt: later });
        await storeDraft(store, { id: expired, content: ciphertext(), now, expiresAt: later });
        expect((await takeDraft(store, taken, now)).outcome).toBe('taken');
        expect(await withdrawDraft(store, taken, now)).toEqual({ outcome: 'gone' });
        // Expired, not swept yet: gone, and its content dropped at once.
        expect(await withdrawDraft(store, expired, later)).toEqual({ outcome: 'gone' });
        expect((await store.query('SELECT content FROM receiver_drafts.drafts WHERE id = $1', [expired])).rows).toEqual([{ content: null }]);
        expect(await withdrawDraft(store, newId(), now)).toEqual({ outcome: 'unknown' });
        await sweepDrafts(store, later);
        expect(await withdrawDraft(store, expired, later)).toEqual({ outcome: 'unknown' });
      });
    },
    60_000,
  );

  it.skipIf(skip)(
    'of fetches and withdrawals at once, exactly one wins: the fetch gets the draft or the withdrawal drops it',
    async () => {
      await withStore(databaseUrl, async (store) => {
        for (let round = 0; round < 5; round += 1) {
          const id = newId();
          const now = new Date();
          await storeDraft(store, { id, content: ciphertext(), now, expiresAt: new Date(now.getTime() + HOUR) });
          const outcomes = await Promise.all(
            Array.from({ length: 10 }, (_, index) => (index % 2 === 0 ? takeDraft(store, id, now) : withdrawDraft(store, id, now))),
          );
          const winners = outcomes.filter((outcome) => outcome.outcome === 'taken' || outcome.outcome === 'withdrawn');
          expect(winners).toHaveLength(1);
          expect(outcomes.filter((outcome) => outcome.outcome === 'gone')).toHaveLength(9);
        }
      });
    },
    60_000,
  );

  it.skipIf(skip)(
    'of twenty fetches at once, exactly one gets the draft',
    async () => {
      await withStore(databaseUrl, async (store) => {
        const id = newId();
        const now = new Date();
        await storeDraft(store, { id, content: ciphertext(), now, expiresAt: new Date(now.getTime() + HOUR) });
        const outcomes = await Promise.all(Array.from({ length: 20 }, () => takeDraft(store, id, now)));
        expect(outcomes.filter((outcome) => outcome.outcome === 'taken')).toHaveLength(1);
        expect(outcomes.filter((outcome) => outcome.outcome === 'gone')).toHaveLength(19);
      });
    },
    60_000,
  );

  it.skipIf(skip)(
    'never gives a draft after its expiry, and the sweep deletes expired drafts and tombstones only',
    async () => {
      await withStore(databaseUrl, async (store) => {
        const now = new Date();
        const [expiring, used, living] = [newId(), newId(), newId()];
        await storeDraft(store, { id: expiring, content: ciphertext(), now, expiresAt: new Date(now.getTime() + HOUR) });
        await storeDraft(store, { id: used, content: ciphertext(), now, expiresAt: new Date(now.getTime() + HOUR) });
        await storeDraft(store, { id: living, content: ciphertext(), now, expiresAt: new Date(now.getTime() + 3 * HOUR) });
        await takeDraft(store, used, now);
        const later = new Date(now.getTime() + HOUR);
        // Not swept yet, and still not served.
        expect(await takeDraft(store, expiring, later)).toEqual({ outcome: 'gone' });
        // On PostgreSQL the other tests' drafts share the table, and expire by then too.
        expect(await sweepDrafts(store, later)).toBeGreaterThanOrEqual(2);
        expect(await takeDraft(store, expiring, later)).toEqual({ outcome: 'unknown' });
        expect(await takeDraft(store, used, later)).toEqual({ outcome: 'unknown' });
        expect((await takeDraft(store, living, later)).outcome).toBe('taken');
      });
    },
    60_000,
  );

  it.skipIf(skip)(
    'a withdrawn draft is gone; backups leave drafts out',
    async () => {
      await withStore(databaseUrl, async (store) => {
        const id = newId();
        const now = new Date();
        await storeDraft(store, { id, content: ciphertext(), now, expiresAt: new Date(now.getTime() + HOUR) });
        expect(await withdrawDraft(store, id, now)).toEqual({ outcome: 'withdrawn' });
        expect(await takeDraft(store, id, now)).toEqual({ outcome: 'gone' });
        expect(await withdrawDraft(store, id, now)).toEqual({ outcome: 'gone' });
        await storeDraft(store, { id: newId(), content: ciphertext(), now, expiresAt: new Date(now.getTime() + HOUR) });
        const summary = await writeBackup(
          store,
          new Writable({
            write: (_chunk, _encoding, done) => {
              done();
            },
          }),
        );
        expect(Object.keys(summary.rows)).not.toContain('drafts');
        expect(summary.schemaVersion).toBe(NEWEST_VERSION);
      });
    },
    60_000,
  );
});

function draftUrl(receiver: StartedReceiver, id: string) {
  return `${receiver.url}${receiver.draftsPath}${id}`;
}

function putDraft(
  receiver: StartedReceiver,
  id: string,
  body: Buffer | string,
  headers: Array<[string, string]> = [['Content-Type', 'application/octet-stream']],
  from?: string,
): Promise<RawAnswer> {
  return rawRequest(draftUrl(receiver, id), { method: 'PUT', headers, body, localAddress: from });
}

/** GET with the body's bytes as they came. */
async function getDraft(receiver: StartedReceiver, id: string): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const response = await fetch(draftUrl(receiver, id));
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe.each(stores)('the drafts routes on the $name store', ({ databaseUrl, skip }) => {
  it.skipIf(skip)(
    'stores with 201 and its expiry, serves the bytes once with no-store and the security headers, then 410; no id in any log line',
    async () => {
      const lines: string[] = [];
      const requests: RequestEntry[] = [];
      const receiver = await startTestReceiver({ databaseUrl, log: (line) => lines.push(line), logRequest: (entry) => requests.push(entry) });
      const ids: string[] = [];
      const fresh = () => {
        const made = newId();
        ids.push(made);
        return made;
      };
      const id = fresh();
      try {
        expect(receiver.draftsPath).toBe('/api/drafts/');
        const content = ciphertext(MAX_DRAFT_BYTES);
        const before = Date.now();
        const stored = await putDraft(receiver, id, content);
        expect(stored.status).toBe(201);
        expect(stored.headers['x-content-type-options']).toBe('nosniff');
        const expiresAt = Date.parse((stored.json as { expiresAt: string }).expiresAt);
        expect(expiresAt).toBeGreaterThanOrEqual(before + DEFAULT_DRAFT_SECONDS * 1000);
        expect(expiresAt).toBeLessThanOrEqual(Date.now() + DEFAULT_DRAFT_SECONDS * 1000);

        const first = await getDraft(receiver, id);
        expect(first.status).toBe(200);
        expect(first.bytes.equals(content)).toBe(true);
        expect(first.headers.get('content-type')).toBe('application/octet-stream');
        expect(first.headers.get('cache-control')).toBe('no-store');
        expect(first.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
        expect(first.headers.get('referrer-policy')).toBeTruthy();
        expect((await getDraft(receiver, id)).status).toBe(410);
        expect((await putDraft(receiver, id, ciphertext())).status).toBe(409);
        expect((await getDraft(receiver, fresh())).status).toBe(404);

        const asked = await putDraft(receiver, fresh(), ciphertext(), [
          ['Content-Type', 'application/octet-stream'],
          ['Draft-Expires-In', '3600'],
        ]);
        expect(asked.status).toBe(201);
        expect(Date.parse((asked.json as { expiresAt: string }).expiresAt) - Date.now()).toBeLessThanOrEqual(3600 * 1000);
        expect(Date.parse((asked.json as { expiresAt: string }).expiresAt) - Date.now()).toBeGreaterThan(3590 * 1000);

        // The creator's device learns whether its link was opened: 204 withdrawn unused, 410 opened
        // (or withdrawn before), 404 never stored.
        const withdrawn = fresh();
        await putDraft(receiver, withdrawn, ciphertext());
        const withdrawal = await rawRequest(draftUrl(receiver, withdrawn), { method: 'DELETE' });
        expect(withdrawal.status).toBe(204);
        expect(withdrawal.headers['cache-control']).toBe('no-store');
        expect((await getDraft(receiver, withdrawn)).status).toBe(410);
        expect((await rawRequest(draftUrl(receiver, withdrawn), { method: 'DELETE' })).status).toBe(410);
        const opened = await rawRequest(draftUrl(receiver, id), { method: 'DELETE' });
        expect(opened.status).toBe(410);
        expect(opened.json).toEqual({ error: 'This draft was opened already, withdrawn or has expired.' });
        expect((await rawRequest(draftUrl(receiver, fresh()), { method: 'DELETE' })).status).toBe(404);
      } finally {
        await stopTestReceiver(receiver);
      }
      const draftRequests = requests.filter((entry) => entry.path.startsWith('/api/drafts/'));
      expect(draftRequests.length).toBeGreaterThanOrEqual(9);
      expect(new Set(draftRequests.map((entry) => entry.path))).toEqual(new Set(['/api/drafts/:id']));
      const everything = JSON.stringify([lines, requests]);
      for (const used of ids) expect(everything).not.toContain(used);
    },
    60_000,
  );

  it.skipIf(skip)(
    'of two GETs at once, one gets the bytes and the other 410',
    async () => {
      const receiver = await startTestReceiver({ databaseUrl });
      try {
        for (let round = 0; round < 5; round += 1) {
          const id = newId();
          expect((await putDraft(receiver, id, ciphertext())).status).toBe(201);
          const statuses = (await Promise.all([getDraft(receiver, id), getDraft(receiver, id)])).map((answer) => answer.status);
          expect(statuses.sort()).toEqual([200, 410]);
        }
      } finally {
        await stopTestReceiver(receiver);
      }
    },
    60_000,
  );

  it.skipIf(skip)(
    'refuses a body too large (413), of another type (415), empty or with a bad expiry (400), and a malformed id (404)',
    async () => {
      const requests: RequestEntry[] = [];
      const receiver = await startTestReceiver({ databaseUrl, logRequest: (entry) => requests.push(entry) });
      try {
        const id = newId();
        expect((await putDraft(receiver, id, ciphertext(MAX_DRAFT_BYTES + 1))).status).toBe(413);
        expect((await putDraft(receiver, id, '{"a":1}', [['Content-Type', 'application/json']])).status).toBe(415);
        expect((await putDraft(receiver, id, '', [['Content-Type', 'application/octet-stream']])).status).toBe(400);
        for (const expiry of ['59', String(MAX_DRAFT_SECONDS + 1), 'soon', '0']) {
          expect(
            (
              await putDraft(receiver, id, ciphertext(), [
                ['Content-Type', 'application/octet-stream'],
                ['Draft-Expires-In', expiry],
              ])
            ).status,
          ).toBe(400);
        }
        // None of them stored anything: the id is still free.
        expect((await getDraft(receiver, id)).status).toBe(404);
        for (const bad of ['short', 'a'.repeat(65), `${'a'.repeat(21)}.`, `${'a'.repeat(21)}%2F`, `${newId()}/more`]) {
          expect((await putDraft(receiver, bad, ciphertext())).status).toBe(404);
          expect((await getDraft(receiver, bad)).status).toBe(404);
        }
        // HEAD would use a draft up as a GET does: refused.
        expect((await rawRequest(draftUrl(receiver, id), { method: 'HEAD' })).status).toBe(405);
        expect((await rawRequest(draftUrl(receiver, id), { method: 'POST', body: 'x' })).status).toBe(405);
      } finally {
        await stopTestReceiver(receiver);
      }
      expect(requests.filter((entry) => entry.path.includes('drafts')).every((entry) => entry.path === '/api/drafts/:id')).toBe(true);
    },
    60_000,
  );

  it.skipIf(skip)(
    'an expired draft is never served, even before the sweep, and is gone from the table after it',
    async () => {
      const receiver = await startTestReceiver({ databaseUrl });
      try {
        const id = newId();
        expect(
          (
            await putDraft(receiver, id, ciphertext(), [
              ['Content-Type', 'application/octet-stream'],
              ['Draft-Expires-In', '60'],
            ])
          ).status,
        ).toBe(201);
        await receiver.store.query("UPDATE receiver_drafts.drafts SET expires_at = now() - interval '1 second' WHERE id = $1", [id]);
        expect((await getDraft(receiver, id)).status).toBe(410);
        expect((await rawRequest(draftUrl(receiver, id), { method: 'DELETE' })).status).toBe(410);
        expect(await sweepDrafts(receiver.store, new Date())).toBe(1);
        expect((await receiver.store.query('SELECT 1 FROM receiver_drafts.drafts WHERE id = $1', [id])).rows).toEqual([]);
        expect((await getDraft(receiver, id)).status).toBe(404);
        expect((await rawRequest(draftUrl(receiver, id), { method: 'DELETE' })).status).toBe(404);
      } finally {
        await stopTestReceiver(receiver);
      }
    },
    60_000,
  );

  it.skipIf(skip)(
    "GET and DELETE take the applications' rate limit; CORS origins and a disk floor",
    async () => {
      let free = 1024 ** 4;
      const receiver = await startTestReceiver({
        databaseUrl,
        corsOrigins: 'https://apply.example.com',
        limits: { rateWindows: [{ points: 3, durationSeconds: 60 }] },
        freeBytes: () => Promise.resolve(free),
      });
      try {
        const from = `127.0.${databaseUrl ? '8' : '9'}.${String(1 + Math.floor(Math.random() * 200))}`;
        const id = newId();
        const origin: Array<[string, string]> = [['Origin', 'https://apply.example.com']];
        const stored = await putDraft(receiver, id, ciphertext(), [['Content-Type', 'application/octet-stream'], ...origin], from);
        expect(stored.status).toBe(201);
        expect(stored.headers['access-control-allow-origin']).toBe('https://apply.example.com');
        expect((await rawRequest(draftUrl(receiver, id), { method: 'GET', localAddress: from, headers: origin })).status).toBe(200);
        expect((await rawRequest(draftUrl(receiver, newId()), { method: 'GET', localAddress: from })).status).toBe(404);
        // A draft's PUT has a share of its own (hostile/drafts-budget.node.test.ts): GETs and DELETEs count here.
        expect((await rawRequest(draftUrl(receiver, newId()), { method: 'GET', localAddress: from })).status).toBe(404);
        const refused = await rawRequest(draftUrl(receiver, newId()), { method: 'GET', localAddress: from, headers: origin });
        expect(refused.status).toBe(429);
        expect(refused.headers['retry-after']).toBeTruthy();
        expect(refused.headers['access-control-expose-headers']).toBe('Retry-After');
        // The same share as applications: this client's PUT of an application is refused too.
        expect(
          (
            await rawRequest(`${receiver.url}${receiver.path}`, {
              method: 'PUT',
              localAddress: from,
              headers: [
                ['Content-Type', 'application/json'],
                ['Idempotency-Key', newId()],
              ],
              body: '{}',
            })
          ).status,
        ).toBe(429);

        const preflight = await rawRequest(draftUrl(receiver, newId()), { method: 'OPTIONS', headers: [...origin, ['Access-Control-Request-Method', 'PUT']] });
        expect(preflight.status).toBe(204);
        expect(preflight.headers['access-control-allow-methods']).toBe('GET, PUT, DELETE');
        expect(preflight.headers['access-control-allow-headers']).toMatch(/Draft-Expires-In/);
        expect((await rawRequest(draftUrl(receiver, newId()), { method: 'GET', headers: [['Origin', 'https://elsewhere.example']] })).status).toBe(403);

        if (!databaseUrl) {
          // Under the disk floor, no draft is stored; one stored before is still given.
          const kept = newId();
          expect((await putDraft(receiver, kept, ciphertext())).status).toBe(201);
          free = 0;
          await new Promise((resolve) => setTimeout(resolve, 1100));
          expect((await putDraft(receiver, newId(), ciphertext())).status).toBe(503);
          expect((await getDraft(receiver, kept)).status).toBe(200);
        }
      } finally {
        await stopTestReceiver(receiver);
      }
    },
    60_000,
  );
});

describe('docs/receiver-openapi.json', () => {
  it('documents the drafts routes with the statuses these tests see, and no others', async () => {
    const doc = JSON.parse(await readFile(new URL('../../../../docs/receiver-openapi.json', import.meta.url), 'utf8')) as {
      paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    };
    const drafts = doc.paths['/api/drafts/{id}'];
    const statuses = (method: string) => Object.keys(drafts?.[method]?.responses ?? {}).sort();
    expect(statuses('put')).toEqual(['201', '400', '403', '404', '405', '409', '413', '415', '428', '429', '503']);
    expect(statuses('get')).toEqual(['200', '403', '404', '405', '410', '429', '503']);
    expect(statuses('delete')).toEqual(['204', '403', '404', '405', '410', '429', '503']);
  });
});
