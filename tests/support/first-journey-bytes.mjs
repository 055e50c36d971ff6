// The JavaScript a programme's first visit downloads in all, read from the production build: the
// service worker (sw.js), every script it precaches, and the optional features' chunks it fetches
// for that programme (sw/feature-chunks.ts). The page itself fetches nothing outside these (it
// loads a feature only for a programme that asks for it), except telemetry, fetched when
// configured and never precached. It is the figure of a browser with the HTML Sanitizer API
// (Chromium, Firefox) and a receiver without proof of work: one without it (Safari) loads DOMPurify
// too, a page whose receiver asks for proof of work its solver (1.4 kB), and each has its worker
// keep what it loaded (src/pwa/keep-loaded-scripts.ts). Shared by the byte-budget test and the benchmark, so both count
// the same bytes. Plain ESM with JSDoc types, as bundle-sizes.mjs.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chunkSizes, pageScripts, totalSize } from './bundle-sizes.mjs';

/** @typedef {{ url: string, revision: string | null, features?: string[] }} ManifestEntry */

/** The precache manifest injected into the built sw.js, each optional chunk naming its features. */
export async function precacheManifest(/** @type {string} */ distDir) {
  const code = await readFile(join(distDir, 'sw.js'), 'utf8');
  // workbox-build injects the manifest as JSON: one flat object per file.
  /** @type {ManifestEntry[]} */
  const entries = [...code.matchAll(/\{"(?:features|revision|url)"[^{}]*\}/g)].map((match) => /** @type {ManifestEntry} */ (JSON.parse(match[0])));
  if (!entries.some((entry) => entry.url === 'index.html')) throw new Error(`no precache manifest found in ${join(distDir, 'sw.js')}`);
  return entries;
}

/**
 * The scripts a programme's first visit downloads, build-relative, sw.js first.
 * @param {string} distDir
 * @param {unknown} config the programme's config.json, parsed
 * @param {(config: unknown) => Set<string>} programmeFeatures sw/programme-features.ts's reading of it
 */
export async function firstJourneyScripts(distDir, config, programmeFeatures) {
  const asked = programmeFeatures(config);
  const manifest = await precacheManifest(distDir);
  const fetched = manifest
    .filter((entry) => /\.m?js$/.test(entry.url) && entry.url !== 'sw.js')
    .filter((entry) => !entry.features || entry.features.some((feature) => asked.has(feature)))
    .map((entry) => entry.url);
  const settings = /** @type {{ analytics?: unknown, errorReporting?: unknown }} */ (config ?? {});
  const telemetry = (await pageScripts(distDir)).filter(
    (file) => (settings.analytics && /\/posthog-client-/.test(file)) || (settings.errorReporting && /\/sentry-reporter-/.test(file)),
  );
  return ['sw.js', ...new Set([...fetched, ...telemetry])];
}

/**
 * Gzip bytes of a first visit's scripts, in all and per file (largest first), and what they
 * would be if the worker precached every feature (as it did before).
 * @param {string} distDir
 * @param {unknown} config
 * @param {(config: unknown) => Set<string>} programmeFeatures
 */
export async function firstJourneyBytes(distDir, config, programmeFeatures) {
  const files = await firstJourneyScripts(distDir, config, programmeFeatures);
  const chunks = await chunkSizes(distDir, files);
  const serviceWorker = chunks.find((chunk) => chunk.file === 'sw.js');
  return { total: totalSize(chunks), serviceWorker: serviceWorker ?? null, chunks };
}
