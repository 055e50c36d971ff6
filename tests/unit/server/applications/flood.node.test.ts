// @vitest-environment node
// The receiver as `npm start` runs it, on each store, under a flood (tests/support/flood.mjs): one
// address PUTting as fast as it can, another trickling header bytes over hundreds of connections,
// and twenty creators sending an application with revisions and retries from their own addresses.
// Every creator's application is stored once with its latest revision, creators are answered
// within a second (p99; or within four times what the same creators saw without the flood, a
// moment before, when this machine is too busy to answer even them in 250 ms), the flooder gets 429s with
// Retry-After, and the receiver's memory stays bounded. The longer run, with its figures, is in
// `npm run bench:receiver`.
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { latestApplications } from '../../../../server/applications/stored-applications.mjs';
import { openStore } from '../../../../server/store/open-store.mjs';
import { creatorsStored, runFlood } from '../../../support/flood.mjs';
import { freshPostgresDatabase } from '../../../support/local-postgres.mjs';
import { spawnReceiver } from '../../../support/receiver-process';

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
/**
 * Creators are answered within this (p99) under the flood, unless the machine itself is slower:
 * then within four times their p99 without it. A receiver that starves creators under a flood
 * makes them wait seconds, which both bounds catch. 500 ms and twice the calm p99 were too tight
 * for a p99 of 100 requests (their second slowest) on two cores that also run the flood's 200
 * connections and PostgreSQL: 533 and 538 ms beside the unit suite, then 657 ms in a CI run, and
 * 554 ms (calm 163) with the test running alone. The quiet machine's figures are the benchmark's
 * (npm run bench:receiver: p99 104 ms embedded, 51 ms PostgreSQL, under the same flood).
 */
const CREATOR_P99_MS = 1000;
const CALM_MULTIPLE = 4;

const stores = [
  { name: 'embedded (PGlite)', databaseUrl: undefined, skip: false },
  { name: 'PostgreSQL', databaseUrl: 'url' in postgres ? postgres.url : undefined, skip: 'reason' in postgres },
];

describe.each(stores)('a flood against the receiver on the $name store', ({ databaseUrl, skip }) => {
  it.skipIf(skip)(
    'stores every creator once with the latest revision, answers them fast, and limits the flooder',
    async () => {
      const root = await mkdtemp(join(tmpdir(), 'flood-root-'));
      const dataDir = await mkdtemp(join(tmpdir(), 'flood-data-'));
      await cp(fileURLToPath(new URL('../../../../public/config.json', import.meta.url)), join(root, 'config.json'));
      await writeFile(join(root, 'index.html'), '<!doctype html>');
      // The defaults a deployer gets (limit-settings.mjs), not the tests' "no rate limit".
      const receiver = await spawnReceiver({
        root,
        dataDir,
        databaseUrl,
        extraEnv: { RATE_LIMIT_PER_MINUTE: '60', RATE_LIMIT_PER_HOUR: '600', LOG_FORMAT: 'text' },
      });
      try {
        const calm = await runFlood({
          url: receiver.url,
          pid: receiver.child.pid ?? 0,
          durationMs: 4000,
          creators: CREATORS,
          trickleConnections: 0,
          flooderConnections: 0,
          run: 'calm',
        });
        const result = await runFlood({ url: receiver.url, pid: receiver.child.pid ?? 0, durationMs: 8000, creators: CREATORS, trickleConnections: 200 });
        await receiver.stop();
        const store = await openStore({ databaseUrl, dataDir });
        const stored = await latestApplications(store);
        await store.close();
        expect(creatorsStored(stored, CREATORS, 'calm')).toEqual({ exactlyOnce: CREATORS, wrong: [] });
        expect(creatorsStored(stored, CREATORS)).toEqual({ exactlyOnce: CREATORS, wrong: [] });
        expect(calm.creators.statuses).toEqual({ 201: CREATORS * 5 });
        expect(result.creators.statuses).toEqual({ 201: CREATORS * 5 });
        expect(result.creators.p99Ms, `p99 ${result.creators.p99Ms.toFixed(0)} ms under the flood, ${calm.creators.p99Ms.toFixed(0)} ms without`).toBeLessThan(
          Math.max(CREATOR_P99_MS, CALM_MULTIPLE * calm.creators.p99Ms),
        );
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
    },
    90_000,
  );
});
