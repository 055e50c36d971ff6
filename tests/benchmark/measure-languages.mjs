// Measurement 10: a programme in two languages (docs/examples/config.en-fr.json, built as
// `npm run build:languages` builds it). index.html is drawn in English and carries the French
// Welcome in a <template>, swapped in before the first paint for a browser that prefers French
// (src/first-paint/). Measured, for a browser in en-US and one in fr-CA:
// - Welcome's first contentful paint and LCP, unthrottled like measurement 1, in fresh phone
//   contexts, the two languages alternating (each goes first in half the rounds);
// - the JavaScript each fetches before its Welcome is interactive, and which catalogue chunks
//   (src/i18n/messages-<language>-….js) it fetches at all: English must not fetch French's;
// - Lighthouse mobile, with Chromium's languages set to the locale;
// - index.html's bytes beside the English-only build's.
// Every page is read back (<html lang>) to prove it opened in the language asked for.
import { readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { URL } from 'node:url';
import { chunkSizes, compressedSize, entryScripts, pageScripts, totalSize } from '../support/bundle-sizes.mjs';
import { PHONE_CONTEXT } from './browser.mjs';
import { CATEGORIES, figures, runLighthouse } from './measure-lighthouse.mjs';
import { largestPaintProbe, readyProbe, waitUntilReady } from './page-probes.mjs';
import { sleep } from './sleep.mjs';
import { median, round, summarize } from './stats.mjs';
/* global window, document, navigator, performance -- the callbacks of page.evaluate run in the page */

/** The two browsers: the programme's default language, and the other it offers. */
export const LOCALES = /** @type {const} */ ({ en: 'en-US', fr: 'fr-CA' });

/** @typedef {keyof typeof LOCALES} Language */

/** @type {Language[]} */
const LANGUAGES = ['en', 'fr'];

// The app's own Continue in each language, when the programme does not name it (src/i18n/messages-*.ts).
const CONTINUE = /** @type {const} */ ({ en: 'Continue', fr: 'Continuer' });

// How long to keep watching after Welcome is interactive, for a catalogue fetched late.
const WATCH_AFTER_READY_MS = 3000;

const CATALOGUE_CHUNK = /^assets\/messages-([a-z]{2,3})-[\w-]+\.js$/;

/** A text of the configuration in one language: a plain string, or one of a record by language. */
function textIn(/** @type {unknown} */ value, /** @type {Language} */ language) {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const text = /** @type {Record<string, unknown>} */ (value)[language];
    if (typeof text === 'string') return text;
  }
  return null;
}

/**
 * What Welcome shows in `language`, for the ready probe: its first heading and its Continue.
 * @returns {import('./page-probes.mjs').ReadyTarget}
 */
function welcomeIn(/** @type {any} */ config, /** @type {Language} */ language) {
  const first = config?.steps?.[0];
  /** @type {Array<{ component?: string, data?: { text?: unknown } }>} */
  const blocks = first?.blocks ?? [];
  const heading = textIn(blocks.find((block) => block.component === 'Heading')?.data?.text, language);
  if (!heading) throw new Error(`the programme's Welcome has no heading in "${language}"`);
  return { heading, button: textIn(first?.continueButtonText, language) ?? CONTINUE[language] };
}

/**
 * One cold load of `/` in a fresh phone context whose browser prefers `LOCALES[language]`.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} url
 * @param {Language} language
 * @param {import('./page-probes.mjs').ReadyTarget} target
 */
async function loadWelcome(browser, url, language, target) {
  const context = await browser.newContext({ ...PHONE_CONTEXT, locale: LOCALES[language] });
  try {
    const page = await context.newPage();
    await page.addInitScript(readyProbe, target);
    await page.addInitScript(largestPaintProbe);
    await page.goto(`${url}/`, { waitUntil: 'commit' });
    const mark = await waitUntilReady(page);
    await sleep(WATCH_AFTER_READY_MS);
    const seen = await page.evaluate(() => {
      const bench = /** @type {import('./page-probes.mjs').BenchWindow} */ (window);
      return {
        lang: document.documentElement.lang,
        languages: [...navigator.languages],
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        lcp: bench.__benchLargestPaint ?? null,
        resources: performance.getEntriesByType('resource').map((entry) => ({ name: entry.name, startTime: entry.startTime })),
      };
    });
    return { ...seen, interactive: mark.domAt };
  } finally {
    await context.close();
  }
}

/** The 1-, 5- and 15-minute load averages, to two decimals. */
function loadNow() {
  return loadavg().map((load) => Math.round(load * 100) / 100);
}

/** The median of each round's ratio, `other[i] / base[i]`, or null without a complete round. */
function pairedRatio(/** @type {number[]} */ other, /** @type {number[]} */ base) {
  return median(other.flatMap((value, index) => (base[index] ? [value / (base[index] ?? 1)] : [])));
}

/** Whether `<html lang>` is the language asked for (`fr` for a browser in fr-CA). */
function opened(/** @type {string} */ lang, /** @type {Language} */ language) {
  return lang.toLowerCase().split('-')[0] === language;
}

/**
 * @param {{
 *   browser: import('@playwright/test').Browser,
 *   url: string,
 *   dist: string,
 *   englishOnlyDist: string,
 *   runs: number,
 *   lighthouseRuns: number,
 *   log: (line: string) => void,
 * }} options
 *   `url` serves `dist`, the build in English and French; `englishOnlyDist` is the default build.
 */
export async function measureLanguages({ browser, url, dist, englishOnlyDist, runs, lighthouseRuns, log }) {
  const config = JSON.parse(await readFile(join(dist, 'config.json'), 'utf8'));
  const targets = { en: welcomeIn(config, 'en'), fr: welcomeIn(config, 'fr') };
  const chunks = await chunkSizes(dist, await pageScripts(dist));
  const files = new Set(chunks.map((chunk) => chunk.file));
  const perLanguage = () => ({
    /** @type {number[]} */ fcp: [],
    /** @type {number[]} */ lcp: [],
    /** @type {number[]} */ interactive: [],
    /** @type {string[]} */ lcpElements: [],
    /** @type {string[]} */ lang: [],
    /** @type {Map<string, { before: number, after: number }>} */ fetched: new Map(),
  });
  const welcome = { en: perLanguage(), fr: perLanguage() };

  // One load of each first, not counted: the first page of a fresh browser pays for starting it.
  for (const language of LANGUAGES) await loadWelcome(browser, url, language, targets[language]);
  for (let run = 0; run < runs; run += 1) {
    for (const language of run % 2 === 0 ? LANGUAGES : [...LANGUAGES].reverse()) {
      const seen = await loadWelcome(browser, url, language, targets[language]);
      const into = welcome[language];
      into.interactive.push(seen.interactive);
      if (seen.fcp !== null) into.fcp.push(seen.fcp);
      if (seen.lcp) {
        into.lcp.push(seen.lcp.startTime);
        into.lcpElements.push(seen.lcp.element);
      }
      into.lang.push(seen.lang);
      for (const resource of seen.resources) {
        const file = new URL(resource.name).pathname.replace(/^\//, '');
        if (!files.has(file)) continue;
        const counts = into.fetched.get(file) ?? { before: 0, after: 0 };
        if (resource.startTime < seen.interactive) counts.before += 1;
        else counts.after += 1;
        into.fetched.set(file, counts);
      }
    }
    log(
      `languages: Welcome ${String(run + 1)}/${String(runs)}: FCP en ${String(welcome.en.fcp.at(-1)?.toFixed(0))} ms, fr ${String(welcome.fr.fcp.at(-1)?.toFixed(0))} ms`,
    );
  }
  const loadAfterWelcome = loadNow();

  /** @type {Record<Language, { scores: Array<ReturnType<typeof figures>['scores']>, metrics: Array<ReturnType<typeof figures>['metrics']>, lang: string[], catalogues: string[][], errors: string[] }>} */
  const lighthouse = {
    en: { scores: [], metrics: [], lang: [], catalogues: [], errors: [] },
    fr: { scores: [], metrics: [], lang: [], catalogues: [], errors: [] },
  };
  let lighthouseVersion = '';
  for (let run = 0; run < lighthouseRuns; run += 1) {
    for (const language of run % 2 === 0 ? LANGUAGES : [...LANGUAGES].reverse()) {
      // Headless Chromium takes its languages (navigator.languages, Accept-Language) from
      // --accept-lang; --lang alone left this one in en-US.
      const { lhr, read } = await runLighthouse(`${url}/`, 'mobile', {
        chromeFlags: [`--accept-lang=${LOCALES[language]}`],
        readPage: (page) => page.evaluate(() => document.documentElement.lang),
      });
      lighthouseVersion = lhr.lighthouseVersion;
      const figure = figures(lhr);
      const into = lighthouse[language];
      into.scores.push(figure.scores);
      into.metrics.push(figure.metrics);
      into.lang.push(read ?? '');
      // A run Lighthouse could not score (performance null) says why: the run's error, or its metrics'.
      if (figure.scores.performance === null) {
        const weighted = (lhr.categories.performance?.auditRefs ?? []).filter((ref) => ref.weight > 0).map((ref) => lhr.audits[ref.id]);
        const why = lhr.runtimeError
          ? [`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`]
          : weighted.flatMap((audit) => (audit?.errorMessage ? [`${audit.id}: ${audit.errorMessage}`] : []));
        into.errors.push(`run ${String(run + 1)}: ${why.join(', ') || 'no reason given'}`);
      }
      const requests = /** @type {{ items?: Array<{ url?: unknown }> } | undefined} */ (lhr.audits['network-requests']?.details)?.items ?? [];
      into.catalogues.push(
        requests.flatMap((request) => {
          const file = typeof request.url === 'string' ? new URL(request.url).pathname.replace(/^\//, '') : '';
          return CATALOGUE_CHUNK.test(file) ? [file] : [];
        }),
      );
      log(
        `languages: lighthouse mobile ${language} ${String(run + 1)}/${String(lighthouseRuns)}: performance ${String(figure.scores.performance)}, opened in "${String(read)}"`,
      );
    }
  }

  const loadAfterLighthouse = loadNow();

  const entryGraph = new Set(await entryScripts(dist));
  const welcomeSummary = (/** @type {Language} */ language) => {
    const into = welcome[language];
    // Conservative, as in measurement 1: a chunk is critical if it was fetched early in any run.
    const critical = chunks.filter((chunk) => (into.fetched.get(chunk.file)?.before ?? 0) > 0);
    return {
      locale: LOCALES[language],
      target: targets[language],
      fcpMs: summarize(into.fcp),
      lcpMs: summarize(into.lcp),
      interactiveMs: summarize(into.interactive),
      fcpByRun: into.fcp.map((value) => round(value)),
      lcpByRun: into.lcp.map((value) => round(value)),
      lcpElements: [...new Set(into.lcpElements)],
      openedAsAsked: into.lang.filter((lang) => opened(lang, language)).length,
      openedIn: [...new Set(into.lang)],
      critical: { files: critical.map((chunk) => chunk.file), total: totalSize(critical) },
    };
  };
  const lighthouseSummary = (/** @type {Language} */ language) => {
    const into = lighthouse[language];
    const medianOf = (/** @type {Array<Record<string, number | null>>} */ values, /** @type {string} */ key) =>
      median(values.map((value) => value[key]).filter((value) => typeof value === 'number'));
    return {
      locale: LOCALES[language],
      runs: into.scores.length,
      scores: Object.fromEntries(CATEGORIES.map((id) => [id, medianOf(into.scores, id)])),
      metrics: Object.fromEntries(Object.keys(into.metrics[0] ?? {}).map((key) => [key, medianOf(into.metrics, key)])),
      performanceByRun: into.scores.map((scores) => scores.performance ?? null),
      errors: into.errors,
      openedAsAsked: into.lang.filter((lang) => opened(lang, language)).length,
      openedIn: [...new Set(into.lang)],
      cataloguesFetched: [...new Set(into.catalogues.flat())],
      runsFetchingCatalogue: Object.fromEntries(
        chunks
          .filter((chunk) => CATALOGUE_CHUNK.test(chunk.file))
          .map((chunk) => [chunk.file, into.catalogues.filter((list) => list.includes(chunk.file)).length]),
      ),
    };
  };
  const en = welcomeSummary('en');
  const fr = welcomeSummary('fr');
  const ratio = (/** @type {number | null} */ other, /** @type {number | null} */ base) => (other !== null && base ? other / base : null);
  return {
    runs,
    lighthouseRuns,
    lighthouseVersion,
    watchAfterReadyMs: WATCH_AFTER_READY_MS,
    welcome: { en, fr },
    fcpRatio: ratio(fr.fcpMs.median, en.fcpMs.median),
    lcpRatio: ratio(fr.lcpMs.median, en.lcpMs.median),
    // A cross-check less swayed by the machine's load drifting: each round's French load over its English one.
    pairedFcpRatio: pairedRatio(welcome.fr.fcp, welcome.en.fcp),
    pairedLcpRatio: pairedRatio(welcome.fr.lcp, welcome.en.lcp),
    loadAverage: { afterWelcomeLoads: loadAfterWelcome, afterLighthouse: loadAfterLighthouse },
    catalogues: chunks
      .filter((chunk) => CATALOGUE_CHUNK.test(chunk.file))
      .map((chunk) => ({
        file: chunk.file,
        language: CATALOGUE_CHUNK.exec(chunk.file)?.[1] ?? '?',
        bytes: chunk.bytes,
        gzip: chunk.gzip,
        brotli: chunk.brotli,
        inEntryGraph: entryGraph.has(chunk.file),
        fetchedByEnglish: welcome.en.fetched.get(chunk.file) ?? { before: 0, after: 0 },
        fetchedByFrench: welcome.fr.fetched.get(chunk.file) ?? { before: 0, after: 0 },
      })),
    lighthouse: { en: lighthouseSummary('en'), fr: lighthouseSummary('fr') },
    indexHtml: {
      englishOnly: compressedSize(await readFile(join(englishOnlyDist, 'index.html'))),
      englishAndFrench: compressedSize(await readFile(join(dist, 'index.html'))),
    },
  };
}
