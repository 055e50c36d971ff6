// @vitest-environment node
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiveApplications, type Received } from '../../../../server/applications/applications-table.mjs';
import { latestApplications } from '../../../../server/applications/stored-applications.mjs';
import { createGroupCommit } from '../../../../server/applications/group-commit.mjs';
import { openStore } from '../../../../server/store/open-store.mjs';
import type { Store } from '../../../../server/store/store-types.mjs';
import { freshPostgresDatabase } from '../../../support/local-postgres.mjs';
import { sampleBody } from '../../../support/sample-application.mjs';

const postgres = await freshPostgresDatabase();
if ('reason' in postgres) process.stderr.write(`Skipping the group commit's PostgreSQL tests: ${postgres.reason}.\n`);
afterAll(async () => {
  if (!('reason' in postgres)) await postgres.stop();
});

let counter = 0;
const unique = (prefix: string) => `${prefix}-${String(Date.now())}-${String((counter += 1))}`;

function received(overrides: Partial<Received> = {}): Received {
  const applicationId = overrides.applicationId ?? unique('app');
  return {
    key: unique('key'),
    applicationId,
    clientRevision: 1,
    fingerprint: 'fingerprint',
    body: sampleBody({ email: `${applicationId}@example.com` }),
    email: `${applicationId}@example.com`,
    language: 'en',
    receivedAt: new Date(),
    ...overrides,
  };
}

const stores = [
  { name: 'embedded (PGlite)', databaseUrl: undefined, skip: false },
  { name: 'PostgreSQL', databaseUrl: 'url' in postgres ? postgres.url : undefined, skip: 'reason' in postgres },
];

describe.each(stores)('group commit on the $name store', ({ databaseUrl, skip }) => {
  let store: Store;
  let dataDir: string;
  beforeAll(async () => {
    if (skip) return;
    dataDir = await mkdtemp(join(tmpdir(), 'receiver-group-'));
    store = await openStore({ databaseUrl, dataDir });
  }, 60_000);
  afterAll(async () => {
    if (skip) return;
    await store.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it.skipIf(skip)('stores applications arriving together in one statement, each answered once it is committed', async () => {
    const groups: number[] = [];
    const receive = createGroupCommit(store, { onGroup: (size) => groups.push(size) });
    const all = Array.from({ length: 20 }, () => received());
    const results = await Promise.all(
      all.map(async (item) => {
        const result = await receive(item);
        // Answered only after the commit: any other connection already reads it.
        const stored = await store.query('SELECT count(*) AS n FROM revisions WHERE idempotency_key = $1', [item.key]);
        expect(Number(stored.rows[0]?.n)).toBe(1);
        return result;
      }),
    );
    expect(groups).toEqual([20]);
    results.forEach((result, index) => {
      expect(result).toEqual({ outcome: 'created', receipt: { id: all[index]?.applicationId, receivedAt: all[index]?.receivedAt.toISOString() } });
    });
  });

  it.skipIf(skip)('one request alone is stored at once, and a group is at most maxGroup applications', async () => {
    const groups: number[] = [];
    const receive = createGroupCommit(store, { maxGroup: 4, onGroup: (size) => groups.push(size) });
    expect((await receive(received())).outcome).toBe('created');
    await Promise.all(Array.from({ length: 10 }, () => receive(received())));
    expect(groups).toEqual([1, 4, 4, 2]);
  });

  it.skipIf(skip)("a key's repeat in the same wave waits for the next statement and replays the stored answer; another body is a mismatch", async () => {
    const groups: number[] = [];
    const receive = createGroupCommit(store, { onGroup: (size) => groups.push(size) });
    const first = received();
    const [created, replayed, mismatch] = await Promise.all([receive(first), receive({ ...first }), receive({ ...first, fingerprint: 'another body' })]);
    expect(created.outcome).toBe('created');
    expect(replayed).toEqual({ outcome: 'replayed', receipt: created.outcome === 'created' ? created.receipt : null });
    expect(mismatch).toEqual({ outcome: 'mismatch' });
    expect(groups).toEqual([1, 1, 1]);
  });

  it.skipIf(skip)('two revisions of one application in one statement: the higher first, the lower after it is refused and the higher stays', async () => {
    const applicationId = unique('app');
    const older = received({ applicationId, clientRevision: 2, body: sampleBody({ email: 'older@example.com' }) });
    const newer = received({ applicationId, clientRevision: 3, body: sampleBody({ email: 'newer@example.com' }) });
    // The higher revision number first: the older one, after it, would step back.
    const results = await receiveApplications(store, [newer, older]);
    expect(results).toEqual([
      { outcome: 'created', receipt: { id: applicationId, receivedAt: newer.receivedAt.toISOString() } },
      { outcome: 'stale', latestRevision: 3, receivedAt: newer.receivedAt.toISOString() },
    ]);
    const mine = (await latestApplications(store)).filter((application) => application.id === applicationId);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.revisions).toBe(1);
    expect(mine[0]?.body).toEqual(sampleBody({ email: 'newer@example.com' }));
  });

  it.skipIf(skip)('judges the bodies of one statement in order: a number not above every one stored or before it is refused, with no webhook', async () => {
    const applicationId = unique('app');
    const at = (seconds: number) => new Date(Date.UTC(2030, 0, 1, 0, 0, seconds));
    const first = received({ applicationId, clientRevision: 1, receivedAt: at(0) });
    expect((await receiveApplications(store, [first], { webhooks: true })).map((result) => result.outcome)).toEqual(['created']);
    const batch = [
      received({ applicationId, clientRevision: 1, receivedAt: at(1) }),
      received({ applicationId, clientRevision: 2, receivedAt: at(2) }),
      received({ applicationId, clientRevision: 2, receivedAt: at(3) }),
      received({ applicationId, clientRevision: null, receivedAt: at(4) }),
      received({ applicationId, clientRevision: 4, receivedAt: at(5) }),
      received({ applicationId, clientRevision: 3, receivedAt: at(6) }),
      received({ clientRevision: 1, receivedAt: at(7) }),
    ];
    const results = await receiveApplications(store, batch, { webhooks: true });
    expect(results.map((result) => (result.outcome === 'stale' ? [result.latestRevision, result.receivedAt] : result.outcome))).toEqual([
      [1, at(0).toISOString()],
      'created',
      [2, at(2).toISOString()],
      'created',
      'created',
      [4, at(5).toISOString()],
      'created',
    ]);
    const { rows } = await store.query('SELECT client_revision FROM revisions WHERE application_id = $1 ORDER BY seq', [applicationId]);
    expect(rows.map((row) => row.client_revision)).toEqual([1, 2, null, 4]);
    // A webhook for each revision stored, none for a refused one.
    const keys = [first, ...batch].map((item) => item.key);
    const announced = await store.query(
      'SELECT r.idempotency_key, d.type FROM webhook_deliveries d JOIN revisions r ON r.seq = d.revision_seq WHERE r.idempotency_key IN (SELECT jsonb_array_elements_text($1::jsonb)) ORDER BY d.seq',
      [JSON.stringify(keys)],
    );
    expect(announced.rows.map((row) => [keys.indexOf(String(row.idempotency_key)), row.type])).toEqual([
      [0, 'application.received'],
      [2, 'application.revised'],
      [4, 'application.revised'],
      [5, 'application.revised'],
      [7, 'application.received'],
    ]);
  });

  it.skipIf(skip)('of two bodies of one application with one number arriving together, the first is stored and the second refused', async () => {
    const groups: number[] = [];
    const receive = createGroupCommit(store, { onGroup: (size) => groups.push(size) });
    const applicationId = unique('app');
    const [one, other] = [received({ applicationId }), received({ applicationId, body: sampleBody({ variant: 1 }) })];
    const [stored, refused] = await Promise.all([receive(one), receive(other)]);
    expect(stored.outcome).toBe('created');
    expect(refused).toEqual({ outcome: 'stale', latestRevision: 1, receivedAt: one.receivedAt.toISOString() });
    // A replay of the stored one is still a replay, whatever was stored since.
    expect((await receive(one)).outcome).toBe('replayed');
    expect((await receive({ ...other })).outcome).toBe('stale');
    expect(groups).toEqual([2, 1, 1]);
  });

  it.skipIf(skip)('an application the database refuses fails alone: the others of its group are stored', async () => {
    const groups: number[] = [];
    const receive = createGroupCommit(store, { onGroup: (size) => groups.push(size) });
    // PostgreSQL's jsonb holds no NUL character: the whole statement fails, then each is stored on its own.
    const refused = received({ body: { text: 'nul \u0000 here' } });
    const fine = [received(), received()];
    const outcomes = await Promise.allSettled([receive(fine[0] as Received), receive(refused), receive(fine[1] as Received)]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(groups).toEqual([3, 1, 1, 1]);
    const stored = await store.query('SELECT idempotency_key FROM revisions WHERE idempotency_key IN ($1, $2, $3)', [fine[0]?.key, refused.key, fine[1]?.key]);
    expect(stored.rows.map((row) => row.idempotency_key).sort()).toEqual([fine[0]?.key, fine[1]?.key].sort());
  });
});
