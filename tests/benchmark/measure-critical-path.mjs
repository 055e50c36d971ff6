// Measurement 1: the JavaScript of `/` that is requested before the Welcome step is
// interactive, per chunk, against every chunk of the build. The served configuration has
// analytics and error reporting set, so the figures show whether either SDK is fetched early.
import { URL } from 'node:url';
import { chunkSizes, entryScripts, pageScripts, totalSize } from '../support/bundle-sizes.mjs';
import { TELEMETRY_PATHS } from './bench-server.mjs';
import { PHONE_CONTEXT } from './browser.mjs';
import { WELCOME } from '../support/default-programme.mjs';
import { readyProbe, waitUntilReady } from './page-probes.mjs';
import { sleep } from './sleep.mjs';
import { summarize } from './stats.mjs';
/* global performance -- the callbacks of page.evaluate and waitForFunction run in the page */

// How long to keep watching after Welcome is interactive, to see the lazy telemetry arrive.
const WATCH_AFTER_READY_MS = 5000;

/**
 * @param {{ browser: import('@playwright/test').Browser, url: string, dist: string, runs: number }} options
 *   `url`: a server whose config.json has analytics and error reporting configured.
 */
export async function measureCriticalPath({ browser, url, dist, runs }) {
  const chunks = await chunkSizes(dist, await pageScripts(dist));
  const entryGraph = new Set(await entryScripts(dist));
  /** @type {Map<string, number>} */
  const before = new Map();
  /** @type {Map<string, number>} */
  const after = new Map();
  /** @type {number[]} */
  const interactive = [];
  /** @type {Set<string>} */
  const foreignScripts = new Set();
  /** @type {Set<string>} */
  const images = new Set();
  let telemetryCallsBefore = 0;
  let telemetryCallsAfter = 0;
  const count = (/** @type {Map<string, number>} */ map, /** @type {string} */ key) => map.set(key, (map.get(key) ?? 0) + 1);

  for (let run = 0; run < runs; run += 1) {
    const context = await browser.newContext(PHONE_CONTEXT);
    const page = await context.newPage();
    await page.addInitScript(readyProbe, WELCOME);
    await page.goto(`${url}/`, { waitUntil: 'commit' });
    const mark = await waitUntilReady(page);
    await sleep(WATCH_AFTER_READY_MS);
    const resources = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => ({ name: entry.name, startTime: entry.startTime })));
    await context.close();
    interactive.push(mark.domAt);
    for (const resource of resources) {
      const path = new URL(resource.name).pathname;
      const early = resource.startTime < mark.domAt;
      if (path.startsWith(TELEMETRY_PATHS.analytics) || path.startsWith(TELEMETRY_PATHS.errorReporting)) {
        if (early) telemetryCallsBefore += 1;
        else telemetryCallsAfter += 1;
      }
      if (/\.(avif|webp|jpe?g|png|gif|svg)$/.test(path)) images.add(path);
      if (!/\.m?js$/.test(path)) continue;
      const file = path.replace(/^\//, '');
      if (!chunks.some((chunk) => chunk.file === file)) foreignScripts.add(path);
      else count(early ? before : after, file);
    }
  }

  const rows = chunks.map((chunk) => ({
    ...chunk,
    inEntryGraph: entryGraph.has(chunk.file),
    criticalRuns: before.get(chunk.file) ?? 0,
    laterRuns: after.get(chunk.file) ?? 0,
  }));
  // Conservative: a chunk is on the critical path if it was fetched early in any run.
  const critical = rows.filter((row) => row.criticalRuns > 0);
  return {
    runs,
    watchAfterReadyMs: WATCH_AFTER_READY_MS,
    interactiveMs: summarize(interactive),
    chunks: rows,
    critical: {
      files: critical.map((row) => row.file),
      total: totalSize(critical),
      telemetry: critical.filter((row) => row.posthog || row.sentry).map((row) => row.file),
    },
    entryGraph: { files: [...entryGraph], total: totalSize(rows.filter((row) => row.inEntryGraph)) },
    wholeWizard: { files: rows.length, total: totalSize(rows) },
    telemetry: {
      chunks: rows.filter((row) => row.posthog || row.sentry).map((row) => row.file),
      chunksLoadedAfterInteractive: rows.filter((row) => (row.posthog || row.sentry) && row.laterRuns > 0).map((row) => row.file),
      callsBeforeInteractive: telemetryCallsBefore,
      callsAfterInteractive: telemetryCallsAfter,
    },
    scriptsFromElsewhere: [...foreignScripts],
    /** Images the phone downloaded while opening Welcome: shows which cover file it really picked. */
    imagesOnWelcome: [...images].sort(),
  };
}
