// @vitest-environment node
// The receiver as `npm start` runs it, on each store, under a flood (tests/support/flood.mjs): one
// address PUTting as fast as it can, another trickling header bytes over hundreds of connections,
// and twenty creators sending an application with revisions and retries from their own addresses.
// Every creator's application is stored once with its latest revision, creators are answered
// within 500 ms (p99), the flooder gets 429s with Retry-After, and the receiver's memory stays
// bounded. The longer run, with its figures, is in `npm run bench:receiver`.
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { latestApplications } from '../../../server/store/applications.mjs';
import { openStore } from '../../../server/store/open-store.mjs';
import { creatorsStored, runFlood } from '../../support/flood.mjs';
import { freshPostgresDatabase } from '../../support/local-postgres.mjs';
import { spawnReceiver } from '../../support/receiver-process';

const postgres = await freshPostgresDatabase();
if ('reason' in postgres) process.stderr.write(`Skipping the flood on PostgreSQL: ${postgres.reason}.\n`);
afterAll(async () => {
  if (!('reason' in postgres)) await postgres.stop();
});

const CREATORS = 20;
/**
 * What the receiver's memory may grow by during the flood (measured: 7-20 MB; PGlite's WebAssembly
 * heap makes the embedded receiver's RSS about 850 MB before any request, PostgreSQL's about 65 MB).
 */
const MAX_RSS_GROWTH_BYTES = 128 * 1024 * 1024;

const stores = [
  { name: 'embedded (PGlite)', databaseUrl: undefined, skip: false },
  { name: 'PostgreSQL', databaseUrl: 'url' in postgres ? postgres.url : undefined, skip: 'reason' in postgres },
];

describe.each(stores)('a flood against the receiver on the $name store', ({ databaseUrl, skip }) => {
  it.skipIf(skip)('stores every creator once with the latest revision, answers them fast, and limits the flooder', async () => {
    const root = await mkdtemp(join(tmpdir(), 'flood-root-'));
    const dataDir = await mkdtemp(join(tmpdir(), 'flood-data-'));
    await cp(fileURLToPath(new URL('../../../public/config.json', import.meta.url)), join(root, 'config.json'));
    await writeFile(join(root, 'index.html'), '<!doctype html>');
    // The defaults a deployer gets (limit-settings.mjs), not the tests' "no rate limit".
    const receiver = await spawnReceiver({ root, dataDir, databaseUrl, extraEnv: { RATE_LIMIT_PER_MINUTE: '60', RATE_LIMIT_PER_HOUR: '600', LOG_FORMAT: 'text' } });
    try {
      const result = await runFlood({ url: receiver.url, pid: receiver.child.pid ?? 0, durationMs: 8000, creators: CREATORS, trickleConnections: 200 });
      await receiver.stop();
      const store = await openStore({ databaseUrl, dataDir });
      const stored = await latestApplications(store);
      await store.close();
      expect(creatorsStored(stored, CREATORS)).toEqual({ exactlyOnce: CREATORS, wrong: [] });
      expect(result.creators.statuses).toEqual({ 201: CREATORS * 5 });
      expect(result.creators.p99Ms).toBeLessThan(500);
      expect(result.flooder.limited).toBeGreaterThan(0);
      expect(result.flooder.limitedWithRetryAfter).toBe(result.flooder.limited);
      expect(result.flooder.accepted).toBeLessThanOrEqual(60);
      expect(result.trickler.closedWithoutAnswer).toBeGreaterThan(0);
      expect(result.rss.max - result.rss.before).toBeLessThan(MAX_RSS_GROWTH_BYTES);
    } finally {
      await receiver.stop();
      await rm(root, { recursive: true, force: true });
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
