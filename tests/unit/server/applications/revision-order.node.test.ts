// @vitest-environment node
// A stored revision is never followed by a body whose Application-Revision is not higher than every
// one stored for its application (server/applications/applications-table.mjs): with "continue on another device"
// a device whose copy is stale numbers its body as one the other device may have used. Tested where
// it could break: bodies arriving at once, through the embedded store's group commit, through
// PostgreSQL's pool, and through two instances (two pools, two receivers) on one PostgreSQL.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiveApplication, type Received, type ReceiveResult } from '../../../../server/applications/applications-table.mjs';
import { createGroupCommit } from '../../../../server/applications/group-commit.mjs';
import { openStore } from '../../../../server/store/open-store.mjs';
import type { Store } from '../../../../server/store/store-types.mjs';
import { rawRequest, type RawAnswer } from '../../../support/http-request';
import { freshPostgresDatabase } from '../../../support/local-postgres.mjs';
import { startTestReceiver, stopTestReceiver, type StartedReceiver } from '../../../support/receiver-fixture';
import { sampleBody } from '../../../support/sample-application.mjs';

const postgres = await freshPostgresDatabase();
if ('reason' in postgres) process.stderr.write(`Skipping the revision order's PostgreSQL tests: ${postgres.reason}.\n`);
afterAll(async () => {
  if (!('reason' in postgres)) await postgres.stop();
});

let counter = 0;
const unique = (prefix: string) => `${prefix}-${String(Date.now())}-${String((counter += 1))}`;

function received(applicationId: string, clientRevision: number | null): Received {
  return {
    key: unique('key'),
    applicationId,
    clientRevision,
    fingerprint: unique('fingerprint'),
    body: sampleBody({ email: `${applicationId}@example.com`, variant: clientRevision ?? 0 }),
    email: `${applicationId}@example.com`,
    language: 'en',
    receivedAt: new Date(),
  };
}

/** How the receiver stores on this store: the group commit on the embedded one, the pool on PostgreSQL. */
function storing(store: Store): (item: Received) => Promise<ReceiveResult> {
  return store.kind === 'embedded' ? createGroupCommit(store) : (item) => receiveApplication(store, item);
}

/** The numbers stored for an application, in the order they were stored. */
async function storedNumbers(store: Store, applicationId: string): Promise<Array<number | null>> {
  const { rows } = await store.query('SELECT client_revision FROM revisions WHERE application_id = $1 ORDER BY seq', [applicationId]);
  return rows.map((row) => (row.client_revision === null ? null : Number(row.client_revision)));
}

function shuffled<T>(items: T[]): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(Math.random() * (index + 1));
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}

/** Every refusal names a stored revision at least as high as the body it refused. */
function expectRefusalsName(results: ReceiveResult[], bodies: Received[], stored: Array<number | null>) {
  results.forEach((result, index) => {
    if (result.outcome !== 'stale') return;
    expect(result.latestRevision).toBeGreaterThanOrEqual(bodies[index]?.clientRevision ?? Infinity);
    expect(stored).toContain(result.latestRevision);
  });
}

const stores = [
  { name: 'embedded (PGlite)', databaseUrl: undefined, skip: false },
  { name: 'PostgreSQL', databaseUrl: 'url' in postgres ? postgres.url : undefined, skip: 'reason' in postgres },
];

describe.each(stores)('the order of revisions on the $name store', ({ databaseUrl, skip }) => {
  let store: Store;
  let dataDir: string;
  beforeAll(async () => {
    if (skip) return;
    dataDir = await mkdtemp(join(tmpdir(), 'receiver-revisions-'));
    store = await openStore({ databaseUrl, dataDir });
  }, 60_000);
  afterAll(async () => {
    if (skip) return;
    await store.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it.skipIf(skip)('of twenty bodies with one number sent at once, exactly one is stored, the first time and after it', async () => {
    const receive = storing(store);
    const applicationId = unique('app');
    for (const number of [1, 2]) {
      const bodies = Array.from({ length: 20 }, () => received(applicationId, number));
      const results = await Promise.all(bodies.map((body) => receive(body)));
      expect(results.filter((result) => result.outcome === 'created')).toHaveLength(1);
      expect(results.filter((result) => result.outcome === 'stale')).toHaveLength(19);
      for (const result of results) if (result.outcome === 'stale') expect(result.latestRevision).toBe(number);
    }
    expect(await storedNumbers(store, applicationId)).toEqual([1, 2]);
  });

  it.skipIf(skip)('bodies numbered 1 to 30 sent at once in any order: the numbers stored rise, and each refusal names one as high', async () => {
    const receive = storing(store);
    for (let round = 0; round < 3; round += 1) {
      const applicationId = unique('app');
      const bodies = shuffled(Array.from({ length: 30 }, (_, index) => received(applicationId, index + 1)));
      const results = await Promise.all(bodies.map((body) => receive(body)));
      const stored = await storedNumbers(store, applicationId);
      expect(stored.length).toBeGreaterThan(0);
      stored.forEach((number, index) => {
        if (index > 0) expect(number).toBeGreaterThan(stored[index - 1] ?? Infinity);
      });
      expect(results.filter((result) => result.outcome === 'created')).toHaveLength(stored.length);
      expectRefusalsName(results, bodies, stored);
    }
  });

  it.skipIf(skip)('bodies without a number are stored as before, beside numbered ones, and never refused', async () => {
    const receive = storing(store);
    const applicationId = unique('app');
    const results = await Promise.all([received(applicationId, 3), received(applicationId, null), received(applicationId, null)].map((body) => receive(body)));
    expect(results.map((result) => result.outcome)).toEqual(['created', 'created', 'created']);
    expect((await receive(received(applicationId, null))).outcome).toBe('created');
    expect(await receive(received(applicationId, 3))).toMatchObject({ outcome: 'stale', latestRevision: 3 });
  });
});

describe.skipIf('reason' in postgres)('two instances on one PostgreSQL', () => {
  const databaseUrl = 'url' in postgres ? postgres.url : '';

  it('of bodies with one number sent to both at once, exactly one is stored; numbers sent in any order still rise', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'receiver-revisions-'));
    const instances = [await openStore({ databaseUrl, dataDir }), await openStore({ databaseUrl, dataDir })];
    try {
      const on = (index: number, body: Received) => receiveApplication(instances[index % 2] as Store, body);
      for (let round = 0; round < 5; round += 1) {
        const applicationId = unique('pair');
        const results = await Promise.all(Array.from({ length: 20 }, (_, index) => on(index, received(applicationId, 1))));
        expect(results.filter((result) => result.outcome === 'created')).toHaveLength(1);
        expect(await storedNumbers(instances[0] as Store, applicationId)).toEqual([1]);
      }
      const applicationId = unique('pair');
      const bodies = shuffled(Array.from({ length: 40 }, (_, index) => received(applicationId, 1 + (index % 20))));
      const results = await Promise.all(bodies.map((body, index) => on(index, body)));
      const stored = await storedNumbers(instances[1] as Store, applicationId);
      stored.forEach((number, index) => {
        if (index > 0) expect(number).toBeGreaterThan(stored[index - 1] ?? Infinity);
      });
      expect(results.filter((result) => result.outcome === 'created')).toHaveLength(stored.length);
      expectRefusalsName(results, bodies, stored);
    } finally {
      for (const instance of instances) await instance.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('two receivers given the same revision of one application at once: one 201, one 409 naming it', async () => {
    const receivers: StartedReceiver[] = [await startTestReceiver({ databaseUrl }), await startTestReceiver({ databaseUrl })];
    try {
      const put = (receiver: StartedReceiver, applicationId: string, variant: number): Promise<RawAnswer> =>
        rawRequest(`${receiver.url}/api/applications`, {
          headers: [
            ['Content-Type', 'application/json'],
            ['Idempotency-Key', unique('k')],
            ['Application-Id', applicationId],
            ['Application-Revision', '2'],
          ],
          body: JSON.stringify(sampleBody({ variant })),
        });
      for (let round = 0; round < 10; round += 1) {
        const applicationId = unique('pair');
        const answers = await Promise.all(receivers.map((receiver, index) => put(receiver, applicationId, index)));
        expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
        const stored = answers.find((answer) => answer.status === 201);
        expect(answers.find((answer) => answer.status === 409)?.json).toEqual({
          error: 'A newer revision of this application is stored already.',
          code: 'newer-revision-stored',
          latestRevision: 2,
          receivedAt: (stored?.json as { receivedAt: string }).receivedAt,
        });
      }
    } finally {
      for (const receiver of receivers) await stopTestReceiver(receiver);
    }
  }, 60_000);
});
