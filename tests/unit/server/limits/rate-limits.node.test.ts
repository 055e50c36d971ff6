// @vitest-environment node
// Rate limits per client (rate-limits.mjs): 429 with Retry-After once a client sent its share, and
// taken again once the window is over; counted per socket address, or per forwarded address only
// behind a trusted proxy; shared by every instance on PostgreSQL; failing open when the counters'
// table is gone. Each limit here is 3 PUTs a second, so a test waits at most a second to see it reset.
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, limitSettings } from '../../../../server/limits/limit-settings.mjs';
import { RATE_LIMIT_SCHEMA, rateLimitKey } from '../../../../server/limits/rate-limits.mjs';
import { rawRequest, type RawAnswer } from '../../../support/http-request';
import { freshPostgresDatabase } from '../../../support/local-postgres.mjs';
import { startTestReceiver, stopTestReceiver, type StartedReceiver } from '../../../support/receiver-fixture';
import { sampleBody } from '../../../support/sample-application.mjs';

const postgres = await freshPostgresDatabase();
if ('reason' in postgres) process.stderr.write(`Skipping the rate limits' PostgreSQL tests: ${postgres.reason}.\n`);
afterAll(async () => {
  if (!('reason' in postgres)) await postgres.stop();
});

const LIMITS = { rateWindows: [{ points: 3, durationSeconds: 1 }] };
let counter = 0;

function put(receiver: StartedReceiver, { from, headers = [] }: { from?: string; headers?: Array<[string, string]> } = {}): Promise<RawAnswer> {
  counter += 1;
  return rawRequest(`${receiver.url}/api/applications`, {
    localAddress: from,
    headers: [['Content-Type', 'application/json'], ['Idempotency-Key', `rate-${String(Date.now())}-${String(counter)}`], ...headers],
    body: JSON.stringify(sampleBody({ email: `rate-${String(counter)}@example.com` })),
  });
}

async function statuses(receiver: StartedReceiver, count: number, options: Parameters<typeof put>[1] = {}): Promise<number[]> {
  const answers = [];
  for (let index = 0; index < count; index += 1) answers.push((await put(receiver, options)).status);
  return answers;
}

describe('settings and keys', () => {
  it('counts an IPv4 client by its address and an IPv6 one by its /64', () => {
    expect(rateLimitKey('198.51.100.7')).toBe('198.51.100.7');
    expect(rateLimitKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(rateLimitKey('2001:db8:1:2::9')).toBe('2001:db8:1:2::/64');
    expect(rateLimitKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(rateLimitKey('::1')).toBe('0:0:0:0::/64');
  });

  it('reads the limits from the environment, with defaults, 0 for off, and every problem listed', () => {
    expect(limitSettings({})).toEqual(DEFAULT_LIMITS);
    expect(limitSettings({ RATE_LIMIT_PER_MINUTE: '0', RATE_LIMIT_PER_HOUR: '100', DISK_FLOOR_MB: '1' })).toMatchObject({
      rateWindows: [{ points: 100, durationSeconds: 3600 }],
      diskFloorBytes: 1024 * 1024,
    });
    expect(() => limitSettings({ RATE_LIMIT_PER_MINUTE: 'lots', HEADERS_TIMEOUT_MS: '5', REQUEST_TIMEOUT_MS: '200' })).toThrow(
      /RATE_LIMIT_PER_MINUTE must be a whole number[\s\S]*HEADERS_TIMEOUT_MS must be[\s\S]*/,
    );
    expect(() => limitSettings({ HEADERS_TIMEOUT_MS: '30000', REQUEST_TIMEOUT_MS: '20000' })).toThrow(
      /REQUEST_TIMEOUT_MS \(20000\) must be at least HEADERS_TIMEOUT_MS/,
    );
  });
});

const stores = [
  { name: 'embedded (PGlite)', databaseUrl: undefined, skip: false },
  { name: 'PostgreSQL', databaseUrl: 'url' in postgres ? postgres.url : undefined, skip: 'reason' in postgres },
];

describe.each(stores)('rate limits on the $name store', ({ databaseUrl, skip }) => {
  it.skipIf(skip)(
    'answers 429 with Retry-After and the security headers once a client sent its share, and takes it again after',
    async () => {
      const receiver = await startTestReceiver({ databaseUrl, limits: LIMITS, corsOrigins: 'https://apply.example.com' });
      try {
        expect(await statuses(receiver, 3, { from: '127.0.0.2' })).toEqual([201, 201, 201]);
        const refused = await put(receiver, { from: '127.0.0.2', headers: [['Origin', 'https://apply.example.com']] });
        expect(refused.status).toBe(429);
        expect(refused.headers['retry-after']).toBe('1');
        expect(refused.headers['cache-control']).toBe('no-store');
        expect(refused.headers['x-content-type-options']).toBe('nosniff');
        expect(refused.headers['content-security-policy']).toMatch(/default-src 'self'/);
        // A page on another origin reads Retry-After only when it is exposed.
        expect(refused.headers['access-control-allow-origin']).toBe('https://apply.example.com');
        expect(refused.headers['access-control-expose-headers']).toBe('Retry-After');
        expect(refused.json).toMatchObject({ error: expect.stringMatching(/Retry-After/) as unknown });
        // Another client is not held back by the first.
        expect((await put(receiver, { from: '127.0.0.3' })).status).toBe(201);
        await sleep(Number(refused.headers['retry-after']) * 1000);
        expect((await put(receiver, { from: '127.0.0.2' })).status).toBe(201);
      } finally {
        await stopTestReceiver(receiver);
      }
    },
    60_000,
  );

  it.skipIf(skip)(
    'without TRUST_PROXY, a forged X-Forwarded-For changes nothing: the socket is the client',
    async () => {
      const receiver = await startTestReceiver({ databaseUrl, limits: LIMITS });
      try {
        const forged = (index: number) => ({ from: '127.0.0.4', headers: [['X-Forwarded-For', `203.0.113.${String(index)}`] as [string, string]] });
        const answers = [];
        for (let index = 1; index <= 4; index += 1) answers.push((await put(receiver, forged(index))).status);
        expect(answers).toEqual([201, 201, 201, 429]);
      } finally {
        await stopTestReceiver(receiver);
      }
    },
    60_000,
  );

  it.skipIf(skip)(
    'behind a trusted proxy, the clients it forwards for are limited separately, and forging in front changes nothing',
    async () => {
      const receiver = await startTestReceiver({ databaseUrl, limits: LIMITS, trustProxy: '127.0.0.5' });
      try {
        const via = (client: string, forgedInFront = '') => ({
          from: '127.0.0.5',
          headers: [['X-Forwarded-For', `${forgedInFront}${client}`] as [string, string]],
        });
        expect(await statuses(receiver, 4, via('198.51.100.1'))).toEqual([201, 201, 201, 429]);
        // The client writes addresses in front of its own: the proxy appends the real one, which counts.
        expect((await put(receiver, via('198.51.100.1', '192.0.2.99, '))).status).toBe(429);
        expect(await statuses(receiver, 3, via('198.51.100.2'))).toEqual([201, 201, 201]);
        // An address not trusted as a proxy is its own client, whatever it forwards.
        expect(await statuses(receiver, 4, { from: '127.0.0.6', headers: [['X-Forwarded-For', '198.51.100.3']] })).toEqual([201, 201, 201, 429]);
      } finally {
        await stopTestReceiver(receiver);
      }
    },
    60_000,
  );
});

describe.skipIf('reason' in postgres)('rate limits shared on PostgreSQL', () => {
  const databaseUrl = 'url' in postgres ? postgres.url : '';

  it('two instances on one database count against the same numbers', async () => {
    const limits = { rateWindows: [{ points: 3, durationSeconds: 5 }] };
    const first = await startTestReceiver({ databaseUrl, limits });
    const second = await startTestReceiver({ databaseUrl, limits });
    try {
      expect(await statuses(first, 2, { from: '127.0.0.7' })).toEqual([201, 201]);
      expect(await statuses(second, 2, { from: '127.0.0.7' })).toEqual([201, 429]);
      expect((await put(first, { from: '127.0.0.7' })).status).toBe(429);
      // The counters live outside `public`, which backups read.
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      const tables = await client.query<{ table_schema: string }>("SELECT DISTINCT table_schema FROM information_schema.tables WHERE table_name LIKE 'put_%'");
      await client.end();
      expect(tables.rows.map((row) => row.table_schema)).toEqual([RATE_LIMIT_SCHEMA]);
    } finally {
      await stopTestReceiver(first);
      await stopTestReceiver(second);
    }
  }, 60_000);

  it('fails open when the counters cannot be read: creators are answered, each instance counting in memory', async () => {
    const lines: string[] = [];
    const receiver = await startTestReceiver({ databaseUrl, limits: { rateWindows: [{ points: 3, durationSeconds: 30 }] }, log: (line) => lines.push(line) });
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(`DROP SCHEMA ${RATE_LIMIT_SCHEMA} CASCADE`);
      expect(await statuses(receiver, 4, { from: '127.0.0.8' })).toEqual([201, 201, 201, 429]);
    } finally {
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${RATE_LIMIT_SCHEMA}`);
      await client.end();
      await stopTestReceiver(receiver);
    }
  }, 60_000);
});
