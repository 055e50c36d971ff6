// Measurement 15: all the JavaScript a programme's first visit downloads, the service worker and
// what it fetches included (its precache, and the optional features' chunks the programme asks
// for), for the default programme and for the files example (docs/examples/config.files.json).
// Two figures each: counted from the build (tests/support/first-journey-bytes.mjs, the figure the
// byte-budget test holds), and seen in Chromium walking the programme (Welcome, Basic Info,
// Details; the default programme is sent) in a fresh phone context, until the service worker is
// ready offline, every script request of the page and of the worker counted once at its gzip size.
import { readFile } from 'node:fs/promises';
import { fileURLToPath, URL } from 'node:url';
import { join } from 'node:path';
import { chunkSizes, totalSize } from '../support/bundle-sizes.mjs';
import { firstJourneyBytes } from '../support/first-journey-bytes.mjs';
import { BASIC_INFO_HEADING, continueTo, DETAILS_HEADING, fillBasicInfo, fillDetails, WELCOME } from '../support/default-programme.mjs';
import { startBenchServer } from './bench-server.mjs';
import { PHONE_CONTEXT } from './browser.mjs';
import { importTypeScript } from './typescript-module.mjs';

/* global navigator -- the callback of page.evaluate runs in the page */

const FILES_EXAMPLE = fileURLToPath(new URL('../../docs/examples/config.files.json', import.meta.url));
const PROGRAMME_FEATURES = fileURLToPath(new URL('../../sw/programme-features.ts', import.meta.url));
const THANKS = 'Thank you for applying!';

/**
 * One walk in a fresh context: the scripts the page and the worker requested, build-relative.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} url
 * @param {boolean} send walk to the end (the default programme) or stop on Details (files: they would need uploads)
 */
async function walk(browser, url, send) {
  const context = await browser.newContext(PHONE_CONTEXT);
  /** @type {Set<string>} */
  const scripts = new Set();
  let fromWorker = 0;
  context.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (!/\.m?js$/.test(path)) return;
    scripts.add(path.replace(/^\//, ''));
    if (request.serviceWorker()) fromWorker += 1;
  });
  const page = await context.newPage();
  await page.goto(`${url}/`);
  await page.getByRole('heading', { name: WELCOME.heading }).waitFor();
  await continueTo(page, BASIC_INFO_HEADING);
  await fillBasicInfo(page);
  await continueTo(page, DETAILS_HEADING);
  if (send) {
    await fillDetails(page);
    await continueTo(page, THANKS);
  }
  await page.getByText('Ready to work offline').filter({ visible: true }).waitFor({ timeout: 30_000 });
  // The worker's fetches of the features, started at its install, are settled once it is active.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await context.close();
  return { scripts: [...scripts].sort(), fromWorker };
}

/**
 * @param {{ browser: import('@playwright/test').Browser, dist: string, root: string }} options
 *   `dist`: the build; `root`: a folder for the served copies.
 */
export async function measureFirstJourney({ browser, dist, root }) {
  const { programmeFeatures } = /** @type {{ programmeFeatures: (config: unknown) => Set<string> }} */ (await importTypeScript(PROGRAMME_FEATURES));
  const filesConfig = /** @type {Record<string, unknown>} */ (JSON.parse(await readFile(FILES_EXAMPLE, 'utf8')));
  const programmes = [
    { name: 'default', editConfig: undefined, send: true },
    {
      name: 'files example',
      editConfig: (/** @type {Record<string, unknown>} */ config) => {
        // The served config.json becomes the example's: keys it lacks are left out when written.
        for (const key of Object.keys(config)) config[key] = undefined;
        Object.assign(config, JSON.parse(JSON.stringify(filesConfig)));
      },
      send: false,
    },
  ];
  const rows = [];
  for (const programme of programmes) {
    const served = await startBenchServer({ dist, root: join(root, `first-journey-${programme.name.replace(/\W+/g, '-')}`), editConfig: programme.editConfig });
    try {
      const config = /** @type {unknown} */ (JSON.parse(await readFile(join(served.root, 'config.json'), 'utf8')));
      const counted = await firstJourneyBytes(served.root, config, programmeFeatures);
      const seen = await walk(browser, served.url, programme.send);
      const seenChunks = await chunkSizes(served.root, seen.scripts);
      rows.push({
        programme: programme.name,
        features: [...programmeFeatures(config)].sort(),
        counted: { files: counted.chunks.length, total: counted.total, serviceWorker: counted.serviceWorker },
        seen: {
          files: seenChunks.length,
          total: totalSize(seenChunks),
          requestsFromWorker: seen.fromWorker,
          chunks: seenChunks.map((chunk) => ({ file: chunk.file, gzip: chunk.gzip })),
        },
      });
    } finally {
      await served.close();
    }
  }
  return { programmes: rows };
}
