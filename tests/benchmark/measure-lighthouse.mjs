// Measurement 2: Lighthouse 12 with its mobile settings (the default: simulated slow 4G and a
// 4x slower CPU) and its desktop settings, several runs each, medians per figure. Lighthouse
// 12 dropped the PWA category; the audits near installability it still has are reported too.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { CHROME_FLAGS, CHROME_PATH } from '../support/chromium.mjs';
import { lighthouseDiagnostics } from './lighthouse-diagnostics.mjs';
import { median } from './stats.mjs';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const METRICS = /** @type {const} */ ({
  lcpMs: 'largest-contentful-paint',
  tbtMs: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  fcpMs: 'first-contentful-paint',
  speedIndexMs: 'speed-index',
});
// Audits 12.x still runs that bear on installing the app: a secure origin, no HTTP redirect
// trap, a mobile viewport. Any audit whose id names the manifest, install or service worker is
// added when found, so a later Lighthouse that brings one back shows up here.
const INSTALLABILITY_AUDITS = ['is-on-https', 'redirects-http', 'viewport'];
const INSTALLABILITY_PATTERN = /manifest|installab|service-?worker|splash|omnibox|maskable|apple-touch|offline|pwa/;

/** @typedef {'mobile' | 'desktop'} FormFactor */

/**
 * One Lighthouse run in a fresh Chromium, with `chromeFlags` added to the usual ones. `readPage`,
 * when given, reads the very page Lighthouse measured once it is done (its result is `read`).
 * @template [T=undefined]
 * @param {string} url
 * @param {FormFactor} formFactor
 * @param {{ chromeFlags?: string[], readPage?: (page: import('puppeteer-core').Page) => Promise<T> }} [options]
 * @returns {Promise<{ lhr: import('lighthouse').Result, read: T | undefined }>}
 */
export async function runLighthouse(url, formFactor, { chromeFlags = [], readPage } = {}) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: [...CHROME_FLAGS, ...chromeFlags] });
  try {
    // Lighthouse opens a page of its own and closes it when done, unless it is handed one.
    const browser = readPage ? await puppeteer.connect({ browserURL: `http://127.0.0.1:${String(chrome.port)}`, defaultViewport: null }) : undefined;
    const page = await browser?.newPage();
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES },
      formFactor === 'desktop' ? desktopConfig : undefined,
      page,
    );
    if (!result) throw new Error('Lighthouse returned no result');
    const read = page && readPage ? await readPage(page) : undefined;
    await browser?.disconnect();
    return { lhr: result.lhr, read };
  } finally {
    chrome.kill();
  }
}

/** The figures of one run: category scores out of 100, metrics, and the audits that lost points. */
export function figures(/** @type {import('lighthouse').Result} */ lhr) {
  /** @type {Record<string, number | null>} */
  const scores = {};
  /** @type {string[]} */
  const failing = [];
  for (const id of CATEGORIES) {
    const category = lhr.categories[id];
    scores[id] = category?.score === null || category?.score === undefined ? null : Math.round(category.score * 100);
    for (const ref of category?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1 && id !== 'performance') failing.push(`${id}: ${ref.id}`);
    }
  }
  /** @type {Record<string, number | null>} */
  const metrics = {};
  for (const [key, id] of Object.entries(METRICS)) metrics[key] = lhr.audits[id]?.numericValue ?? null;
  return { scores, metrics, failing, benchmarkIndex: lhr.environment.benchmarkIndex, warnings: lhr.runWarnings, diagnostics: lighthouseDiagnostics(lhr) };
}

/** Lighthouse 12's installability-related audits of one run. */
function installabilityAudits(/** @type {import('lighthouse').Result} */ lhr) {
  const ids = Object.keys(lhr.audits).filter((id) => INSTALLABILITY_AUDITS.includes(id) || INSTALLABILITY_PATTERN.test(id));
  return ids.map((id) => {
    const audit = lhr.audits[id];
    return { id, title: audit?.title ?? id, score: audit?.score ?? null, scoreDisplayMode: audit?.scoreDisplayMode ?? 'unknown' };
  });
}

/** The median of a figure over runs. */
function medianOf(/** @type {Array<Record<string, number | null>>} */ runs, /** @type {string} */ key) {
  return median(runs.map((run) => run[key]).filter((value) => typeof value === 'number'));
}

/**
 * Runs Lighthouse `runs` times with one form factor's settings; medians of every figure.
 * @param {string} url
 * @param {FormFactor} formFactor
 * @param {number} runs
 * @param {(line: string) => void} log
 * @returns {Promise<{ version: string, installability: ReturnType<typeof installabilityAudits>, summary: LighthouseSummary }>}
 */
async function runFormFactor(url, formFactor, runs, log) {
  /** @type {Array<ReturnType<typeof figures>>} */
  const all = [];
  /** @type {ReturnType<typeof installabilityAudits>} */
  let installability = [];
  let version = '';
  for (let run = 0; run < runs; run += 1) {
    const { lhr } = await runLighthouse(`${url}/`, formFactor);
    version = lhr.lighthouseVersion;
    const figure = figures(lhr);
    all.push(figure);
    if (run === 0) installability = installabilityAudits(lhr);
    log(`lighthouse ${formFactor} ${String(run + 1)}/${String(runs)}: ${CATEGORIES.map((id) => `${id} ${String(figure.scores[id])}`).join(', ')}`);
  }
  /** @type {Record<string, number>} */
  const failing = {};
  for (const audit of all.flatMap((figure) => figure.failing)) failing[audit] = (failing[audit] ?? 0) + 1;
  // The diagnostics come from one real run, the one with the median performance score.
  const byScore = [...all].sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0));
  const medianRun = byScore[Math.floor((byScore.length - 1) / 2)];
  const summary = {
    runs: all.length,
    scores: Object.fromEntries(
      CATEGORIES.map((id) => [
        id,
        medianOf(
          all.map((figure) => figure.scores),
          id,
        ),
      ]),
    ),
    metrics: Object.fromEntries(
      Object.keys(METRICS).map((key) => [
        key,
        medianOf(
          all.map((figure) => figure.metrics),
          key,
        ),
      ]),
    ),
    perRun: all.map((figure) => ({ scores: figure.scores, metrics: figure.metrics })),
    failingAudits: failing,
    benchmarkIndex: median(all.map((figure) => figure.benchmarkIndex)),
    warnings: [...new Set(all.flatMap((figure) => figure.warnings.map(String)))],
    diagnostics: medianRun?.diagnostics ?? null,
  };
  return { version, installability, summary };
}

/**
 * Runs Lighthouse `runs` times per form factor (mobile, then desktop) against `url`.
 * @param {{ url: string, runs: number, log: (line: string) => void }} options
 */
export async function measureLighthouse({ url, runs, log }) {
  const mobile = await runFormFactor(url, 'mobile', runs, log);
  const desktop = await runFormFactor(url, 'desktop', runs, log);
  return { version: mobile.version, mobile: mobile.summary, desktop: desktop.summary, installabilityAudits: mobile.installability };
}

/**
 * @typedef {object} LighthouseSummary
 * @property {number} runs
 * @property {Record<string, number | null>} scores   medians, out of 100
 * @property {Record<string, number | null>} metrics  medians: lcpMs, tbtMs, cls, fcpMs, speedIndexMs
 * @property {Array<{ scores: Record<string, number | null>, metrics: Record<string, number | null> }>} perRun
 * @property {Record<string, number>} failingAudits  non-performance audits that lost points, with the number of runs
 * @property {number | null} benchmarkIndex           Lighthouse's own CPU benchmark of the machine
 * @property {string[]} warnings
 * @property {import('./lighthouse-diagnostics.mjs').LighthouseDiagnostics | null} diagnostics of the run with the median performance score
 */
