// The cover images a configuration names, and which file of each a phone would download.
// Shared by the byte-budget test and the benchmark. `backgrounds` is read loosely on purpose:
// a path, a list of paths, or responsive sets ({ src, srcset?, sizes?, sources: [{ srcset,
// type?, media?, sizes? }] }), so the budget keeps working while the cover format evolves.
import { stat } from 'node:fs/promises';
import { join, normalize } from 'node:path';
import { PHONE } from './performance-budgets.mjs';

/** @typedef {{ url: string, w?: number, x?: number }} Candidate */
/** @typedef {{ from: 'source' | 'img', type?: string, media?: string, sizes?: string, candidates: Candidate[] }} CandidateSet */
/** @typedef {{ index: number, sets: CandidateSet[], urls: string[] }} CoverEntry */

// What a current phone browser decodes; a <source> of another type is skipped, as browsers do.
const PHONE_TYPES = new Set(['image/avif', 'image/webp', 'image/jpeg', 'image/png', 'image/gif', 'image/svg+xml']);
const IMAGE_PATH = /\.(avif|webp|jpe?g|png|gif|svg)(\?.*)?$/i;

/** The candidates of a `srcset`, with their width or density descriptors. */
export function parseSrcset(/** @type {string} */ srcset) {
  return (
    srcset
      // Cover paths hold no commas, so a plain split is enough (a full parser handles data: URLs).
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [url = '', descriptor = ''] = part.split(/\s+/);
        /** @type {Candidate} */
        const candidate = { url };
        const width = /^(\d+)w$/.exec(descriptor);
        const density = /^(\d+(?:\.\d+)?)x$/.exec(descriptor);
        if (width) candidate.w = Number(width[1]);
        if (density) candidate.x = Number(density[1]);
        return candidate;
      })
  );
}

/** @param {unknown} value @returns {string | undefined} */
function text(value) {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/** Every string below a value that looks like an image path. */
function imageUrls(/** @type {unknown} */ value) {
  /** @type {string[]} */
  const urls = [];
  const visit = (/** @type {unknown} */ node) => {
    if (typeof node === 'string') {
      for (const { url } of parseSrcset(node)) if (IMAGE_PATH.test(url)) urls.push(url);
    } else if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === 'object') Object.values(node).forEach(visit);
  };
  visit(value);
  return [...new Set(urls)];
}

/** One background entry as the candidate sets a <picture> would offer. */
function entrySets(/** @type {unknown} */ entry) {
  /** @type {CandidateSet[]} */
  const sets = [];
  const plain = text(entry);
  if (plain) return [{ from: /** @type {const} */ ('img'), candidates: [{ url: plain }] }];
  if (!entry || typeof entry !== 'object') return sets;
  const record = /** @type {Record<string, unknown>} */ (entry);
  const sizes = text(record.sizes);
  for (const source of Array.isArray(record.sources) ? record.sources : []) {
    if (!source || typeof source !== 'object') continue;
    const fields = /** @type {Record<string, unknown>} */ (source);
    const srcset = text(fields.srcset) ?? text(fields.srcSet) ?? text(fields.src);
    if (!srcset) continue;
    /** @type {CandidateSet} */
    const set = { from: 'source', candidates: parseSrcset(srcset) };
    const type = text(fields.type);
    const media = text(fields.media);
    const ownSizes = text(fields.sizes) ?? sizes;
    if (type) set.type = type;
    if (media) set.media = media;
    if (ownSizes) set.sizes = ownSizes;
    sets.push(set);
  }
  const imgSrcset = text(record.srcset) ?? text(record.srcSet);
  const src = text(record.src) ?? text(record.url);
  const img = imgSrcset ? parseSrcset(imgSrcset) : src ? [{ url: src }] : [];
  if (img.length > 0) sets.push(sizes ? { from: 'img', sizes, candidates: img } : { from: 'img', candidates: img });
  return sets;
}

/** The configuration's `backgrounds`, one entry per configured image (per step when it is a list). */
export function coverEntries(/** @type {unknown} */ backgrounds) {
  const entries = Array.isArray(backgrounds) ? backgrounds : [backgrounds];
  return entries.map((entry, index) => ({ index, sets: entrySets(entry), urls: imageUrls(entry) }));
}

/** Whether a media query of min-/max-width conditions holds on the phone; anything else is assumed to. */
function mediaMatchesPhone(/** @type {string | undefined} */ media) {
  if (!media) return true;
  for (const [, kind, px] of media.matchAll(/(min|max)-width\s*:\s*(\d+(?:\.\d+)?)px/g)) {
    if (kind === 'min' && PHONE.width < Number(px)) return false;
    if (kind === 'max' && PHONE.width > Number(px)) return false;
  }
  return true;
}

/** The comma-separated entries of a `sizes` value; commas inside max(), calc() and media queries are kept. */
function sizesEntries(/** @type {string} */ sizes) {
  /** @type {string[]} */
  const entries = [];
  let depth = 0;
  let current = '';
  for (const char of sizes) {
    if (char === '(') depth += 1;
    if (char === ')') depth -= 1;
    if (char === ',' && depth === 0) {
      entries.push(current.trim());
      current = '';
    } else current += char;
  }
  entries.push(current.trim());
  return entries.filter(Boolean);
}

/**
 * The slot width in CSS pixels that a `sizes` value gives on the phone: its first entry whose
 * media condition holds. A length this cannot work out (max(), calc()) counts as the full
 * width, 100vw, which errs towards a larger file; so does a missing `sizes`.
 */
function slotWidth(/** @type {string | undefined} */ sizes) {
  for (const entry of sizesEntries(sizes ?? '')) {
    let media = '';
    let length = entry;
    if (entry.startsWith('(')) {
      let depth = 0;
      let end = 0;
      for (; end < entry.length; end += 1) {
        if (entry[end] === '(') depth += 1;
        if (entry[end] === ')') depth -= 1;
        if (depth === 0) break;
      }
      media = entry.slice(0, end + 1);
      length = entry.slice(end + 1).trim();
    }
    if (media && !mediaMatchesPhone(media)) continue;
    const match = /^(\d+(?:\.\d+)?)(vw|px)$/.exec(length);
    if (!match) return PHONE.width;
    return match[2] === 'vw' ? (PHONE.width * Number(match[1])) / 100 : Number(match[1]);
  }
  return PHONE.width;
}

/** The candidate a phone downloads from one set: the smallest wide enough for its pixels. */
function pickFromSet(/** @type {CandidateSet} */ set) {
  const { candidates } = set;
  const widths = candidates.filter((candidate) => candidate.w !== undefined);
  if (widths.length > 0) {
    const needed = slotWidth(set.sizes) * PHONE.deviceScaleFactor;
    const sorted = [...widths].sort((a, b) => (a.w ?? 0) - (b.w ?? 0));
    return sorted.find((candidate) => (candidate.w ?? 0) >= needed) ?? sorted.at(-1);
  }
  const sorted = [...candidates].sort((a, b) => (a.x ?? 1) - (b.x ?? 1));
  return sorted.find((candidate) => (candidate.x ?? 1) >= PHONE.deviceScaleFactor) ?? sorted.at(-1);
}

/**
 * The file a phone (see PHONE; decodes AVIF and WebP) downloads for one entry: the first
 * <source> whose type it decodes and whose media holds, else the <img>, as a browser chooses.
 */
export function phonePick(/** @type {CoverEntry} */ entry) {
  const set = entry.sets.find(
    (candidate) => candidate.from === 'img' || ((!candidate.type || PHONE_TYPES.has(candidate.type)) && mediaMatchesPhone(candidate.media)),
  );
  return set ? pickFromSet(set) : undefined;
}

/** The file in the build that serves a site path, or undefined for another site's URL. */
export function buildFile(/** @type {string} */ distDir, /** @type {string} */ url) {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//')) return undefined;
  const path = normalize(join(distDir, decodeURIComponent(url.replace(/[?#].*$/, '').replace(/^\//, ''))));
  return path.startsWith(normalize(distDir)) ? path : undefined;
}

/**
 * @typedef {object} CoverFile
 * @property {number} entry      index in `backgrounds`
 * @property {string} url
 * @property {number | null} bytes null when the file is missing or on another site
 * @property {number | undefined} w  the srcset width descriptor, if any
 * @property {boolean} phone     the file a phone downloads for this entry
 */

/** Every cover file the configuration names, with its size and whether a phone picks it. */
export async function coverFiles(/** @type {string} */ distDir, /** @type {unknown} */ backgrounds) {
  /** @type {CoverFile[]} */
  const files = [];
  for (const entry of coverEntries(backgrounds)) {
    const picked = phonePick(entry)?.url;
    const widths = new Map(entry.sets.flatMap((set) => set.candidates).map((candidate) => [candidate.url, candidate.w]));
    for (const url of entry.urls) {
      const path = buildFile(distDir, url);
      const bytes = path
        ? await stat(path).then(
            (info) => info.size,
            () => null,
          )
        : null;
      files.push({ entry: entry.index, url, bytes, w: widths.get(url), phone: url === picked });
    }
  }
  return files;
}
