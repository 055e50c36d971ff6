import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { chunkSizes, entryScripts, fileFeatureChunks, KB, pageScripts, staticImports, totalSize, type ChunkSize } from '../support/bundle-sizes.mjs';
import { coverFiles } from '../support/cover-images.mjs';
import { firstJourneyBytes, firstJourneyScripts, precacheManifest } from '../support/first-journey-bytes.mjs';
import { FILES_FEATURE, languageFeature, programmeFeatures, PROOF_OF_WORK_FEATURE } from '../../sw/programme-features';
import { BUDGETS } from '../support/performance-budgets.mjs';
import { DIST_DIR } from '../support/dist-dir';

// The byte budgets, read from the production build: deterministic, unlike the timings
// of `npm run bench`, so they can fail a build. No browser needed.

function breakdown(chunks: ChunkSize[]): string {
  return chunks.map((chunk) => `${chunk.file}: ${(chunk.gzip / KB).toFixed(1)} kB gzip`).join('\n');
}

test.describe('byte budgets of the production build', () => {
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook needs from this pattern.
  test.beforeEach(({}, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'reads files only: once is enough');
  });

  test('the JavaScript index.html loads (its static import graph) is at most 90 kB gzip', async () => {
    const chunks = await chunkSizes(DIST_DIR, await entryScripts(DIST_DIR));
    expect(chunks.length).toBeGreaterThan(0);
    expect(totalSize(chunks).gzip, breakdown(chunks)).toBeLessThanOrEqual(BUDGETS.criticalPathGzip);
  });

  test('the status page loads at most 12 kB gzip of JavaScript, its own, nothing of the wizard', async () => {
    const chunks = await chunkSizes(DIST_DIR, await entryScripts(DIST_DIR, 'status/index.html'));
    expect(chunks.length).toBeGreaterThan(0);
    expect(totalSize(chunks).gzip, breakdown(chunks)).toBeLessThanOrEqual(BUDGETS.statusPageGzip);
    expect(totalSize(chunks).gzip, breakdown(chunks)).toBeLessThanOrEqual(BUDGETS.criticalPathGzip);
    const wizard = await entryScripts(DIST_DIR);
    for (const chunk of chunks) {
      expect(chunk.file).toMatch(/^status\/assets\//);
      expect(wizard).not.toContain(chunk.file);
    }
    // Nor does the wizard's first visit download it: its scripts are kept only once it is opened.
    const config = JSON.parse(await readFile(join(DIST_DIR, 'config.json'), 'utf8')) as unknown;
    const journey = await firstJourneyBytes(DIST_DIR, config, programmeFeatures);
    expect(journey.chunks.map((chunk) => chunk.file).filter((file) => file.startsWith('status/'))).toEqual([]);
  });

  test('the team app loads at most 120 kB gzip of JavaScript, its own, and no creator downloads or precaches it', async () => {
    const own = (await readdir(join(DIST_DIR, 'team', 'assets'))).filter((file) => /\.m?js$/.test(file)).map((file) => `team/assets/${file}`);
    expect(own.length).toBeGreaterThan(0);
    const chunks = await chunkSizes(DIST_DIR, own);
    expect(totalSize(chunks).gzip, breakdown(chunks)).toBeLessThanOrEqual(BUDGETS.teamAppGzip);
    // Every script team/index.html names is its own: nothing shared with the wizard.
    const entry = await entryScripts(DIST_DIR, 'team/index.html');
    expect(entry.length).toBeGreaterThan(0);
    for (const file of entry) expect(file).toMatch(/^team\/assets\//);
    const wizard = await pageScripts(DIST_DIR);
    for (const file of own) expect(wizard).not.toContain(file);
    // Not in the service worker's precache, under any feature: no creator's device keeps the team's pages.
    const manifest = await precacheManifest(DIST_DIR);
    expect(manifest.map((entry) => entry.url).filter((url) => url.startsWith('team/'))).toEqual([]);
    // No inline script: the server's policy (script-src 'self' and index.html's hashes) runs it as it is.
    const html = await readFile(join(DIST_DIR, 'team', 'index.html'), 'utf8');
    expect([...html.matchAll(/<script\b([^>]*)>/gi)].filter((match) => !/\ssrc=/i.test(match[1] ?? ''))).toEqual([]);
  });

  test('no posthog or Sentry code is in the static import graph of index.html', async () => {
    const chunks = await chunkSizes(DIST_DIR, await entryScripts(DIST_DIR));
    const telemetry = chunks.filter((chunk) => chunk.posthog || chunk.sentry).map((chunk) => chunk.file);
    expect(telemetry).toEqual([]);
  });

  test('all the JavaScript of the wizard, telemetry included, is at most 361 kB gzip', async () => {
    const chunks = await chunkSizes(DIST_DIR, await pageScripts(DIST_DIR));
    expect(totalSize(chunks).gzip, breakdown(chunks)).toBeLessThanOrEqual(BUDGETS.wholeWizardGzip);
  });

  test('continue on another device: its dialog and QR code are at most 6 kB gzip, and loaded only when asked for', async () => {
    const assets = await readdir(join(DIST_DIR, 'assets'));
    const own = assets.filter((file) => /^(handover-dialog|qr-code)-[\w-]+\.js$/.test(file)).map((file) => `assets/${file}`);
    expect(own, 'one chunk for the dialog, one for the QR code').toHaveLength(2);
    const chunks = await chunkSizes(DIST_DIR, own);
    expect(totalSize(chunks).gzip, breakdown(chunks)).toBeLessThanOrEqual(BUDGETS.handoverChunksGzip);
    const entry = await entryScripts(DIST_DIR);
    for (const file of own) expect(entry).not.toContain(file);
  });

  test('files: the field, the photo worker and the uploads are at most 28 kB gzip, in chunks only a dynamic import reaches', async () => {
    const own = await fileFeatureChunks(DIST_DIR);
    const scripts = own.filter((file) => /\.m?js$/.test(file));
    expect(
      scripts.filter((file) => /\/file-field-/.test(file)),
      'the file field has a chunk of its own',
    ).toHaveLength(1);
    expect(
      scripts.filter((file) => /\/prepare-file\.worker-/.test(file)),
      'the worker that makes photos smaller',
    ).toHaveLength(1);
    expect(scripts.length, 'and the tus client with the upload queue').toBeGreaterThanOrEqual(3);
    const chunks = await chunkSizes(DIST_DIR, own);
    expect(totalSize(chunks).gzip, breakdown(chunks)).toBeLessThanOrEqual(BUDGETS.fileFeatureChunksGzip);
    const entry = await entryScripts(DIST_DIR);
    for (const file of scripts) expect(entry, 'index.html never loads the files feature').not.toContain(file);
    // Nothing outside the feature imports it statically: it is fetched with a file field (or a body naming files), never with a step's own code.
    for (const file of (await pageScripts(DIST_DIR)).filter((script) => !own.includes(script))) {
      for (const imported of await staticImports(DIST_DIR, file)) expect(own, `${file} imports ${imported} statically`).not.toContain(imported);
    }
  });

  test('a first visit of the default programme downloads at most 200 kB gzip of JavaScript, service worker and precache included', async () => {
    const config = JSON.parse(await readFile(join(DIST_DIR, 'config.json'), 'utf8')) as unknown;
    const journey = await firstJourneyBytes(DIST_DIR, config, programmeFeatures);
    expect(journey.total.gzip, breakdown(journey.chunks)).toBeLessThanOrEqual(BUDGETS.firstJourneyDefaultGzip);
    const files = await fileFeatureChunks(DIST_DIR);
    expect(
      journey.chunks.map((chunk) => chunk.file).filter((file) => files.includes(file)),
      'no files feature for a programme without a file field',
    ).toEqual([]);
    expect(
      journey.chunks.map((chunk) => chunk.file).filter((file) => /\/messages-(fr|es)-/.test(file)),
      'no other catalogue for an English programme',
    ).toEqual([]);
  });

  test('a first visit of the files example downloads at most 230 kB gzip of JavaScript, the files feature included', async () => {
    const config = JSON.parse(await readFile(fileURLToPath(new URL('../../docs/examples/config.files.json', import.meta.url)), 'utf8')) as unknown;
    const journey = await firstJourneyBytes(DIST_DIR, config, programmeFeatures);
    expect(journey.total.gzip, breakdown(journey.chunks)).toBeLessThanOrEqual(BUDGETS.firstJourneyFilesGzip);
    const scripts = (await fileFeatureChunks(DIST_DIR)).filter((file) => /\.m?js$/.test(file));
    expect(
      journey.chunks.map((chunk) => chunk.file),
      'the files feature, fetched for offline',
    ).toEqual(expect.arrayContaining(scripts));
  });

  test("the service worker precaches no optional feature, and names each one's chunks for the programmes that ask", async () => {
    const manifest = await precacheManifest(DIST_DIR);
    const tagged = (feature: string) => manifest.filter((entry) => entry.features?.includes(feature)).map((entry) => entry.url);
    const files = await fileFeatureChunks(DIST_DIR);
    expect(tagged(FILES_FEATURE).sort()).toEqual(files);
    expect(tagged(languageFeature('fr'))).toEqual([expect.stringMatching(/^assets\/messages-fr-[\w-]+\.js$/)]);
    expect(tagged(languageFeature('es'))).toEqual([expect.stringMatching(/^assets\/messages-es-[\w-]+\.js$/)]);
    const sw = (await chunkSizes(DIST_DIR, ['sw.js']))[0];
    expect(sw?.gzip).toBeLessThanOrEqual(BUDGETS.serviceWorkerGzip);
  });

  test("the proof-of-work solver is in no programme's first visit: not precached, kept only where a receiver asked for it", async () => {
    const manifest = await precacheManifest(DIST_DIR);
    const solver = manifest.filter((entry) => /^assets\/(page-proofs|solver-worker)-[\w-]+\.js$/.test(entry.url));
    expect(solver.map((entry) => entry.url.replace(/^assets\/(page-proofs|solver-worker)-.*$/, '$1')).sort(), "the page's solver and its Web Worker").toEqual([
      'page-proofs',
      'solver-worker',
    ]);
    for (const entry of solver) expect(entry.features, entry.url).toEqual([PROOF_OF_WORK_FEATURE]);
    const examples = ['public/config.json', 'docs/examples/config.files.json', 'docs/examples/config.en-fr.json'];
    for (const example of examples) {
      const config = JSON.parse(await readFile(fileURLToPath(new URL(`../../${example}`, import.meta.url)), 'utf8')) as unknown;
      const scripts = await firstJourneyScripts(DIST_DIR, config, programmeFeatures);
      expect(
        scripts.filter((file) => solver.some((entry) => entry.url === file)),
        example,
      ).toEqual([]);
    }
  });

  test('every cover image a phone downloads is at most 80 kB', async () => {
    const config = JSON.parse(await readFile(join(DIST_DIR, 'config.json'), 'utf8')) as { backgrounds: unknown };
    const files = await coverFiles(DIST_DIR, config.backgrounds);
    const picked = files.filter((file) => file.phone);
    expect(picked.length, 'one phone-sized file per configured cover').toBe(new Set(files.map((file) => file.entry)).size);
    for (const file of picked) {
      expect(file.bytes, `${file.url} exists in the build`).not.toBeNull();
      expect(file.bytes ?? Infinity, `${file.url} (cover ${String(file.entry)})`).toBeLessThanOrEqual(BUDGETS.phoneCoverBytes);
    }
  });
});
