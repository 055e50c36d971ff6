// @vitest-environment node
// Health checks on the public port (server/health/health.mjs): GET /healthz while the process answers,
// GET /readyz while the store takes writes and the disk is above its floor, 503 with the reason
// otherwise (PostgreSQL stopped under a running receiver; a read-only database; a disk under the
// floor), JSON, never cached, HEAD too, neither logged nor counted per request, never rate limited.
// And /metrics holds every gauge from the start, before any application.
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { openPostgresStore } from '../../../../server/store/postgres-store.mjs';
import { storeRefusesWrites } from '../../../../server/store/store-takes-writes.mjs';
import type { RequestEntry } from '../../../../server/log/server-log.mjs';
import { rawRequest } from '../../../support/http-request';
import { freshPostgresDatabase, startLocalPostgres } from '../../../support/local-postgres.mjs';
import { startTestReceiver, stopTestReceiver } from '../../../support/receiver-fixture';
import { sampleBody } from '../../../support/sample-application.mjs';

const MB = 1024 * 1024;
const postgres = await freshPostgresDatabase();
if ('reason' in postgres) process.stderr.write(`Skipping the PostgreSQL health tests: ${postgres.reason}.\n`);
afterAll(async () => {
  if (!('reason' in postgres)) await postgres.stop();
});

const stores = [
  { name: 'embedded (PGlite)', databaseUrl: undefined, skip: false },
  { name: 'PostgreSQL', databaseUrl: 'url' in postgres ? postgres.url : undefined, skip: 'reason' in postgres },
];

function put(url: string, key: string) {
  return rawRequest(`${url}/api/applications`, {
    headers: [
      ['Content-Type', 'application/json'],
      ['Idempotency-Key', key],
      ['Application-Id', key],
    ],
    body: JSON.stringify(sampleBody({ email: `${key}@example.com` })),
  });
}

/** Asks until the answer's status is `status` (readiness is checked at most once a second), or gives up. */
async function readyzUntil(url: string, status: number, withinMs = 15_000) {
  const until = Date.now() + withinMs;
  for (;;) {
    const answer = await rawRequest(`${url}/readyz`, { method: 'GET' });
    if (answer.status === status || Date.now() > until) return answer;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.each(stores)('on the $name store', ({ databaseUrl, skip }) => {
  it.skipIf(skip)(
    'answers /healthz and /readyz with JSON, never cached, on GET and HEAD, neither logged nor counted nor rate limited',
    async () => {
      const entries: RequestEntry[] = [];
      // One PUT a minute per client: the health checks must not use up that share, nor be refused by it.
      const receiver = await startTestReceiver({
        databaseUrl,
        logRequest: (entry) => entries.push(entry),
        limits: { rateWindows: [{ points: 1, durationSeconds: 60 }] },
      });
      try {
        for (let probe = 0; probe < 5; probe += 1) {
          const alive = await rawRequest(`${receiver.url}/healthz`, { method: 'GET' });
          expect(alive.status).toBe(200);
          expect(alive.headers['content-type']).toBe('application/json; charset=utf-8');
          expect(alive.headers['cache-control']).toBe('no-store');
          expect(alive.json).toEqual({ status: 'alive' });
          const ready = await rawRequest(`${receiver.url}/readyz?probe=${String(probe)}`, { method: 'GET' });
          expect(ready.status).toBe(200);
          expect(ready.headers['cache-control']).toBe('no-store');
          expect(ready.json).toEqual({ status: 'ready' });
        }
        const head = await rawRequest(`${receiver.url}/readyz`, { method: 'HEAD' });
        expect(head.status).toBe(200);
        expect(head.text).toBe('');
        expect(head.headers['cache-control']).toBe('no-store');
        const post = await rawRequest(`${receiver.url}/healthz`, { method: 'POST', body: '{}' });
        expect(post.status).toBe(405);
        expect(post.headers.allow).toBe('GET, HEAD');

        expect((await put(receiver.url, 'health-1')).status).toBe(201);
        expect((await put(receiver.url, 'health-2')).status).toBe(429);
        expect((await rawRequest(`${receiver.url}/readyz`, { method: 'GET' })).status).toBe(200);

        await new Promise((resolve) => setTimeout(resolve, 50));
        // Only the two PUTs were logged: no probe, not even the refused POST to a health path.
        expect(entries.map((entry) => `${entry.method} ${entry.path} ${String(entry.status)}`)).toEqual([
          'PUT /api/applications 201',
          'PUT /api/applications 429',
        ]);
        const metrics = (await rawRequest(receiver.metricsUrl, { method: 'GET' })).text;
        expect(metrics).toContain('receiver_answers_total{status="201"} 1');
        expect(metrics).not.toContain('receiver_answers_total{status="200"}');
      } finally {
        await stopTestReceiver(receiver);
      }
    },
    60_000,
  );

  it.skipIf(skip)(
    'has every gauge in /metrics from the start, before any application',
    async () => {
      const receiver = await startTestReceiver({ databaseUrl, limits: { diskFloorBytes: 0 } });
      try {
        const metrics = (await rawRequest(receiver.metricsUrl, { method: 'GET' })).text;
        expect(metrics).toMatch(/^receiver_open_connections \d+$/m);
        expect(metrics).toMatch(/^process_resident_memory_bytes \d+$/m);
        // The data folder's free space is the embedded store's; PostgreSQL's disk is its server's.
        if (databaseUrl) expect(metrics).not.toContain('receiver_disk_free_bytes');
        else expect(metrics).toMatch(/^receiver_disk_free_bytes [1-9]\d*$/m);
      } finally {
        await stopTestReceiver(receiver);
      }
    },
    60_000,
  );
});

describe('not ready', () => {
  it('answers /readyz 503 with the reason while the disk is under its floor, /healthz 200, and logs each change once', async () => {
    let free = 50 * MB;
    const lines: string[] = [];
    const receiver = await startTestReceiver({ freeBytes: () => Promise.resolve(free), limits: { diskFloorBytes: 100 * MB }, log: (line) => lines.push(line) });
    try {
      const under = await readyzUntil(receiver.url, 503);
      expect(under.status).toBe(503);
      expect(under.headers['retry-after']).toBe('5');
      expect(under.headers['cache-control']).toBe('no-store');
      expect(under.json).toEqual({ status: 'not ready', reason: "the data folder's disk is under its floor (DISK_FLOOR_MB)" });
      expect((await rawRequest(`${receiver.url}/healthz`, { method: 'GET' })).status).toBe(200);
      expect((await rawRequest(receiver.metricsUrl, { method: 'GET' })).text).toMatch(/^receiver_disk_free_bytes 52428800$/m);

      free = 500 * MB;
      expect((await readyzUntil(receiver.url, 200)).status).toBe(200);
      expect(lines.filter((line) => line.startsWith('readiness:'))).toEqual([
        expect.stringMatching(/^readiness: not ready, the data folder's disk is under its floor/),
        'readiness: ready again (GET /readyz answers 200)',
      ]);
    } finally {
      await stopTestReceiver(receiver);
    }
  }, 60_000);

  it.skipIf('reason' in postgres)(
    'answers /readyz 503 once PostgreSQL is stopped under a running receiver, and /healthz still 200',
    async () => {
      const server = await startLocalPostgres();
      if ('reason' in server) {
        // TEST_DATABASE_URL's server is not ours to stop: the check of a read-only database below still runs.
        process.stderr.write(`Skipping the stopped-PostgreSQL test: ${server.reason}.\n`);
        return;
      }
      const lines: string[] = [];
      let receiver: Awaited<ReturnType<typeof startTestReceiver>> | undefined;
      try {
        receiver = await startTestReceiver({ databaseUrl: server.url, log: (line) => lines.push(line) });
        expect((await rawRequest(`${receiver.url}/readyz`, { method: 'GET' })).status).toBe(200);
        await server.stop();
        const stopped = await readyzUntil(receiver.url, 503);
        expect(stopped.status).toBe(503);
        expect(stopped.json).toEqual({ status: 'not ready', reason: 'the store does not answer' });
        // The public answer names no address; the log says what failed.
        expect(stopped.text).not.toContain('127.0.0.1');
        expect(lines.some((line) => line.startsWith('readiness: not ready, the store does not answer ('))).toBe(true);
        expect((await rawRequest(`${receiver.url}/healthz`, { method: 'GET' })).status).toBe(200);
        expect((await put(receiver.url, 'while-stopped')).status).toBe(503);
      } finally {
        await receiver?.close();
        await server.stop();
      }
    },
    90_000,
  );

  it.skipIf('reason' in postgres)(
    'says a read-only database refuses writes, where SELECT 1 would pass',
    async () => {
      if (!('url' in postgres)) return;
      const name = `readonly_${String(process.pid)}_${Math.random().toString(36).slice(2, 8)}`;
      const admin = new pg.Client({ connectionString: postgres.url });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(postgres.url);
      url.pathname = `/${name}`;
      const writable = await openPostgresStore(url.toString());
      await writable.query('CREATE TABLE schema_version (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
      expect(await storeRefusesWrites(writable)).toBeNull();
      await writable.close();
      await admin.query(`ALTER DATABASE ${name} SET default_transaction_read_only = on`);
      const readOnly = await openPostgresStore(url.toString());
      try {
        expect((await readOnly.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
        expect(await storeRefusesWrites(readOnly)).toEqual({
          reason: 'the database is read-only',
          detail: expect.stringMatching(/read-only transaction/) as string,
        });
      } finally {
        await readOnly.close();
        await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
        await admin.end();
      }
    },
    60_000,
  );
});
