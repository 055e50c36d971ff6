// Sizes of the built JavaScript, shared by the byte-budget test (tests/e2e/byte-budgets.spec.ts)
// and the benchmark (tests/benchmark/), so both count the same bytes the same way. Plain ESM
// with JSDoc types: Node 20 cannot import TypeScript, and the TypeScript test can import this.
import { readFile, readdir } from 'node:fs/promises';
import { join, posix, relative, sep } from 'node:path';
import { constants, brotliCompressSync, gzipSync } from 'node:zlib';

/** One kilobyte as Vite's build report counts it. */
export const KB = 1000;

/**
 * @typedef {object} CompressedSize
 * @property {number} bytes  as built
 * @property {number} gzip   gzip level 9, as a static host precompresses
 * @property {number} brotli brotli quality 11, as a static host precompresses
 */

/**
 * @typedef {object} TelemetryMarks
 * @property {boolean} posthog the chunk holds posthog-js code
 * @property {boolean} sentry  the chunk holds Sentry SDK code
 */

/** @typedef {CompressedSize & TelemetryMarks & { file: string }} ChunkSize */

/** Gzip and brotli sizes of one file's bytes, at the levels a static host would precompress with. */
export function compressedSize(/** @type {Buffer} */ bytes) {
  return {
    bytes: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }).length,
  };
}

// Strings only the SDKs themselves contain. A bare "posthog" or "sentry" would also match the
// entry's lazy `import("./posthog-….js")` and flag the chunk that merely points at the SDK.
const POSTHOG_MARKERS = /__POSTHOG|\$autocapture|posthog-js/;
const SENTRY_MARKERS = /__SENTRY__|sentry_key|sentry\.javascript/;

/** Whether a chunk's code (or its file name) is posthog's or Sentry's. */
export function telemetryMarks(/** @type {string} */ file, /** @type {string} */ code) {
  const name = posix.basename(file).toLowerCase();
  return {
    posthog: POSTHOG_MARKERS.test(code) || name.includes('posthog'),
    sentry: SENTRY_MARKERS.test(code) || name.includes('sentry'),
  };
}

/**
 * Every JavaScript file the page may load: all of `assets/`, as paths relative to the build
 * with forward slashes. The service worker (`sw.js`) runs apart from the page and is left out.
 */
export async function pageScripts(/** @type {string} */ distDir) {
  const assets = join(distDir, 'assets');
  const entries = await readdir(assets, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && /\.m?js$/.test(entry.name))
    .map((entry) => relative(distDir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

/** The script and modulepreload URLs of index.html, as build-relative paths. */
function htmlScripts(/** @type {string} */ html) {
  /** @type {string[]} */
  const urls = [];
  const attribute = (/** @type {string} */ tag, /** @type {string} */ name) => new RegExp(`\\s${name}=["']?([^"'\\s>]+)`, 'i').exec(tag)?.[1];
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/gi)) {
    if (/^<script/i.test(tag) && attribute(tag, 'type') === 'module') urls.push(attribute(tag, 'src') ?? '');
    if (/^<link/i.test(tag) && attribute(tag, 'rel') === 'modulepreload') urls.push(attribute(tag, 'href') ?? '');
  }
  return urls.filter((url) => url && !/^[a-z]+:/i.test(url)).map((url) => url.replace(/^\//, ''));
}

// A static import or re-export (`import{a}from"./x.js"`, `import"./x.js"`, `export*from"./x.js"`);
// `import("./x.js")` is dynamic and has a parenthesis, so it never matches.
const STATIC_IMPORT = /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["'](\.{1,2}\/[^"']+\.m?js)["']/g;
// `import("/assets/index-….js")` in index.html's own module script (the inline starter that
// scripts/prerender-welcome.ts writes): it waits for the prerendered Welcome to be painted, then
// always loads the app, so that import counts too.
const DYNAMIC_IMPORT = /import\(\s*["'`]((?:\.{1,2})?\/[^"'`]+\.m?js)["'`]\s*\)/g;

/** The text of index.html's inline module scripts (the starter scripts/prerender-welcome.ts writes). */
function inlineModuleScripts(/** @type {string} */ html) {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter((match) => /\stype=["']?module/i.test(match[1] ?? '') && !/\ssrc=/i.test(match[1] ?? ''))
    .map((match) => match[2] ?? '');
}

/** A path an import names, as a build-relative path, from the file (or index.html) naming it. */
function importTarget(/** @type {string} */ from, /** @type {string} */ path) {
  return path.startsWith('/') ? path.slice(1) : posix.normalize(posix.join(posix.dirname(from), path));
}

/**
 * The static import graph of index.html: its module scripts, every modulepreload, and whatever
 * those import statically, plus what index.html's own module scripts import dynamically (the
 * inline starter loads the app once Welcome is painted, always) and that import's own static
 * graph. This is the JavaScript a first visit must fetch before it can run.
 */
export async function entryScripts(/** @type {string} */ distDir, /** the page: index.html, or status/index.html */ page = 'index.html') {
  const html = await readFile(join(distDir, page), 'utf8');
  const direct = new Set(htmlScripts(html));
  for (const code of inlineModuleScripts(html)) {
    for (const match of [...code.matchAll(STATIC_IMPORT), ...code.matchAll(DYNAMIC_IMPORT)]) direct.add(importTarget(page, match[1] ?? ''));
  }
  const seen = new Set(direct);
  const queue = [...seen];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    const code = await readFile(join(distDir, file), 'utf8');
    const imports = [...code.matchAll(STATIC_IMPORT), ...(direct.has(file) && htmlScripts(html).includes(file) ? code.matchAll(DYNAMIC_IMPORT) : [])];
    for (const match of imports) {
      const target = importTarget(file, match[1] ?? '');
      if (!seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  return [...seen].sort();
}

/** The chunks a chunk imports statically (fetched with it, before it runs), as build-relative paths. */
export async function staticImports(/** @type {string} */ distDir, /** @type {string} */ file) {
  const code = await readFile(join(distDir, file), 'utf8');
  return [...new Set([...code.matchAll(STATIC_IMPORT)].map((match) => importTarget(file, match[1] ?? '')))].sort();
}

/** Raw, gzip and brotli sizes and telemetry marks of each file, largest gzip first. */
export async function chunkSizes(/** @type {string} */ distDir, /** @type {string[]} */ files) {
  /** @type {ChunkSize[]} */
  const sizes = [];
  for (const file of files) {
    const bytes = await readFile(join(distDir, file));
    sizes.push({ file, ...compressedSize(bytes), ...telemetryMarks(file, bytes.toString('utf8')) });
  }
  return sizes.sort((a, b) => b.gzip - a.gzip);
}

/** The sums of a list of sizes. */
export function totalSize(/** @type {CompressedSize[]} */ sizes) {
  return sizes.reduce((sum, size) => ({ bytes: sum.bytes + size.bytes, gzip: sum.gzip + size.gzip, brotli: sum.brotli + size.brotli }), {
    bytes: 0,
    gzip: 0,
    brotli: 0,
  });
}

// The files feature, fetched only when a file field is on screen: the field's chunk and its
// stylesheet, the worker that makes photos smaller, the chunk that holds the tus client and the
// upload queue, and the outbox's wait for uploads and its upload again of files the receiver
// found incomplete (both fetched only for a body that names files).
// The hash is 8 characters: file-field-limits (the bounds the configuration check reads) is not the field.
const FILE_FEATURE_NAMES = /^assets\/(?:file-field|prepare-file\.worker|files-ready-to-send|upload-files-again)-[\w-]{8}\.(?:m?js|css)$/;
// The tus client's chunk is named after whichever of its modules the bundler picks: known by its protocol header instead.
const TUS_MARKER = 'Tus-Resumable';

/** The files feature's own chunks (scripts, and the field's stylesheet), as build-relative paths. */
export async function fileFeatureChunks(/** @type {string} */ distDir) {
  const assets = (await readdir(join(distDir, 'assets'))).map((file) => `assets/${file}`);
  /** @type {string[]} */
  const chunks = [];
  for (const file of assets) {
    if (FILE_FEATURE_NAMES.test(file)) chunks.push(file);
    else if (/\.m?js$/.test(file) && (await readFile(join(distDir, file), 'utf8')).includes(TUS_MARKER)) chunks.push(file);
  }
  return chunks.sort();
}
