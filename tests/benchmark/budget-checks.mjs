// Every measured figure against its budget (tests/support/performance-budgets.mjs), as rows for the
// report's first table: a figure without a budget would drift unnoticed.
import { KB } from '../support/bundle-sizes.mjs';
import { BUDGETS } from '../support/performance-budgets.mjs';

/** @typedef {import('./report-types.mjs').BenchResults} BenchResults */
/** @typedef {import('./report-types.mjs').BudgetCheck} BudgetCheck */

/** "12.3 kB" from bytes. */
export function kb(/** @type {number} */ bytes) {
  return `${(bytes / KB).toFixed(1)} kB`;
}

/** "123 ms" from milliseconds, or "n/a". */
/** A distance in CSS pixels. */
export function px(/** @type {number} */ value) {
  return `${String(value)} px`;
}

export function ms(/** @type {number | null | undefined} */ value) {
  return value === null || value === undefined ? 'n/a' : `${value.toFixed(0)} ms`;
}

/** "1.20×" from a ratio. */
export function times(/** @type {number} */ ratio) {
  return `${ratio.toFixed(2)}×`;
}

/**
 * The p95 of all keystrokes' Event Timing durations, or how few reached 16 ms when fewer than
 * 5 % did (Event Timing does not report the others).
 * @param {Pick<NonNullable<BenchResults['typing']>, 'eventTiming' | 'keystrokes'>} typing
 */
export function eventTimingP95(typing) {
  return typing.eventTiming.p95Under16ms
    ? `< 16 ms (${String(typing.eventTiming.reportedAtOrOver16ms)} of ${String(typing.keystrokes)} keystrokes ≥ 16 ms)`
    : ms(typing.eventTiming.p95OfAllMs);
}

/**
 * @param {string} figure
 * @param {number | null | undefined} value
 * @param {(value: number) => string} format
 * @param {'<=' | '<' | '>='} comparison
 * @param {number} budget
 * @returns {BudgetCheck}
 */
function check(figure, value, format, comparison, budget) {
  const measured = value === null || value === undefined ? 'n/a' : format(value);
  const sign = { '<=': '≤', '<': '<', '>=': '≥' }[comparison];
  const pass = value === null || value === undefined ? null : comparison === '<=' ? value <= budget : comparison === '<' ? value < budget : value >= budget;
  return { figure, measured, budget: `${sign} ${format(budget)}`, pass };
}

/** The budget rows for whatever was measured. */
export function budgetChecks(/** @type {BenchResults} */ results) {
  /** @type {BudgetCheck[]} */
  const rows = [];
  const {
    criticalPath,
    criticalPathStaticHost,
    lighthouse,
    installability,
    offlineStart,
    typing,
    stepChanges,
    scale,
    covers,
    proofOfWork,
    languages,
    handover,
    pressShift,
    files,
    fileListPressShift,
    firstJourney,
  } = results;
  if (criticalPath) {
    rows.push(
      check('Critical-path JS of `/`, fetched before Welcome is interactive (gzip)', criticalPath.critical.total.gzip, kb, '<=', BUDGETS.criticalPathGzip),
    );
    rows.push(
      check('JS index.html loads: its static import graph (gzip; the byte test)', criticalPath.entryGraph.total.gzip, kb, '<=', BUDGETS.criticalPathGzip),
    );
    if (criticalPathStaticHost) {
      rows.push(
        check(
          'Critical-path JS of `/` on a static host, config.json edited after the build (gzip)',
          criticalPathStaticHost.critical.total.gzip,
          kb,
          '<=',
          BUDGETS.criticalPathGzip,
        ),
      );
    }
    const early = criticalPath.critical.telemetry.length + criticalPath.telemetry.callsBeforeInteractive;
    rows.push({
      figure: 'posthog or Sentry code or calls before Welcome is interactive (telemetry configured)',
      measured: early === 0 ? 'none' : [...criticalPath.critical.telemetry, `${String(criticalPath.telemetry.callsBeforeInteractive)} calls`].join(', '),
      budget: 'none',
      pass: early === 0,
    });
    rows.push(check('Whole wizard, every JS chunk (gzip)', criticalPath.wholeWizard.total.gzip, kb, '<=', BUDGETS.wholeWizardGzip));
  }
  if (lighthouse) {
    const { scores, metrics } = lighthouse.mobile;
    const budget = BUDGETS.lighthouseMobile;
    const score = (/** @type {number} */ value) => value.toFixed(0);
    rows.push(check('Lighthouse mobile: performance (median)', scores.performance, score, '>=', budget.performance));
    rows.push(check('Lighthouse mobile: accessibility (median)', scores.accessibility, score, '>=', budget.accessibility));
    rows.push(check('Lighthouse mobile: best practices (median)', scores['best-practices'], score, '>=', budget.bestPractices));
    rows.push(check('Lighthouse mobile: SEO (median)', scores.seo, score, '>=', budget.seo));
    rows.push(check('Lighthouse mobile: LCP (median)', metrics.lcpMs, (value) => `${(value / 1000).toFixed(2)} s`, '<=', budget.lcpMs));
    rows.push(check('Lighthouse mobile: CLS (median)', metrics.cls, (value) => value.toFixed(3), '<=', budget.clsAtMost));
  }
  if (installability) {
    // Not one of the performance budgets: the app must be installable, and Lighthouse 12 no longer checks it.
    rows.push({
      figure: 'Installable, by Chromium’s own check (CDP Page.getInstallabilityErrors)',
      measured: installability.installable ? 'yes' : installability.errors.map((error) => error.id).join(', '),
      budget: 'installable',
      pass: installability.installable,
    });
  }
  if (offlineStart) {
    rows.push(
      check('Offline start to interactive Welcome, no throttling (median)', offlineStart.unthrottled.paintedMs.median, ms, '<', BUDGETS.offlineStartMs),
    );
  }
  if (typing) {
    // Judged against the app's own page with its scripts taken out (the same keystrokes, in the
    // same run): what the app's code adds to what this page costs the browser by itself. The
    // floor of the probe (a page with only one text box) stays beside it as a reference.
    const floorP95 = typing.floor.nextPaintMs.p95;
    const pageP95 = typing.pageWithoutScripts?.nextPaintMs.p95 ?? null;
    const overPage = typing.nextPaintMs.p95 !== null && pageP95 ? typing.nextPaintMs.p95 / pageP95 : null;
    rows.push({
      ...check(
        'Typing, 4x CPU: keystroke to next paint, p95 (rAF probe), over the same page without scripts',
        overPage,
        times,
        '<=',
        BUDGETS.typingNextPaintP95OverFloor,
      ),
      measured: overPage === null ? 'n/a' : `${times(overPage)} (${ms(typing.nextPaintMs.p95)} against ${ms(pageP95 ?? Number.NaN)})`,
    });
    const ratio = typing.nextPaintMs.p95 !== null && floorP95 ? typing.nextPaintMs.p95 / floorP95 : null;
    rows.push({
      figure: 'Typing, 4x CPU: keystroke to next paint, p95, over the one-box floor’s p95 (reference)',
      measured: ratio === null ? 'n/a' : `${times(ratio)} (${ms(typing.nextPaintMs.p95)})`,
      budget: 'reference',
      pass: null,
      floor: ms(floorP95),
    });
    // Event Timing only reports events of 16 ms or more: under that, a p95 counts as 16 ms. Judged,
    // as the next paint is, against the same page without scripts; the floor's ratio is a reference.
    const eventP95 = (/** @type {NonNullable<typeof typing.pageWithoutScripts>} */ run) => (run.eventTiming.p95Under16ms ? 16 : run.eventTiming.p95OfAllMs);
    const appEvent = eventP95(typing);
    const pageEvent = typing.pageWithoutScripts ? eventP95(typing.pageWithoutScripts) : null;
    const floorEvent = eventP95(typing.floor);
    const eventOverPage = appEvent !== null && pageEvent ? appEvent / pageEvent : null;
    rows.push({
      ...check(
        'Typing, 4x CPU: Event Timing duration, p95 of all keystrokes, over the same page without scripts',
        eventOverPage,
        times,
        '<=',
        BUDGETS.typingNextPaintP95OverFloor,
      ),
      measured:
        eventOverPage === null
          ? 'n/a'
          : `${times(eventOverPage)} (${eventTimingP95(typing)} against ${typing.pageWithoutScripts ? eventTimingP95(typing.pageWithoutScripts) : 'n/a'})`,
    });
    const eventRatio = appEvent !== null && floorEvent ? appEvent / floorEvent : null;
    rows.push({
      figure: 'Typing, 4x CPU: Event Timing duration, p95 of all keystrokes, over the one-box floor’s (reference)',
      measured: eventRatio === null ? 'n/a' : `${times(eventRatio)} (${eventTimingP95(typing)})`,
      budget: 'reference',
      pass: null,
      floor: eventTimingP95(typing.floor),
    });
    rows.push(
      check(
        'Typing: IndexedDB writes per 20-keystroke burst (most in any burst)',
        typing.indexedDbWrites.max,
        (value) => value.toFixed(0),
        '<=',
        BUDGETS.writesPerBurst,
      ),
    );
  }
  if (stepChanges) {
    rows.push(
      check(
        'Step change, 4x CPU: first Continue from Welcome to Basic Info’s last field drawn (median)',
        stepChanges.firstContinueMs.median,
        ms,
        '<=',
        BUDGETS.stepChangeMs,
      ),
    );
    rows.push(
      check(
        'Step change, 4x CPU: slowest of every Continue and Back timed (Welcome, Basic Info, Details)',
        stepChanges.slowestMs,
        ms,
        '<=',
        BUDGETS.stepChangeMs,
      ),
    );
  }
  if (scale) {
    const largest = scale.sizes.find((size) => size.fields === 200);
    rows.push(
      check('Scale, 4x CPU: a step of 200 fields, Continue to its last field drawn (median)', largest?.renderMs.median, ms, '<=', BUDGETS.render200FieldsMs),
    );
    rows.push({
      ...check(
        'Scale, 4x CPU: keystroke to next paint p95 on the 200-field step over the default step’s',
        largest?.nextPaintP95Ratio,
        times,
        '<=',
        BUDGETS.keystroke200FieldsOverDefault,
      ),
      measured:
        largest?.nextPaintP95Ratio === null || largest?.nextPaintP95Ratio === undefined
          ? 'n/a'
          : `${times(largest.nextPaintP95Ratio)} (${ms(largest.nextPaintMs.p95)} against ${ms(scale.defaultStep.nextPaintMs.p95)})`,
    });
  }
  if (covers) {
    for (const file of covers.files.filter((cover) => cover.phone)) {
      rows.push(check(`Cover ${String(file.entry)} at phone size: ${file.url}`, file.bytes, kb, '<=', BUDGETS.phoneCoverBytes));
    }
  }
  if (proofOfWork) {
    // The slowest run, like the step changes: every run is already the worst-case challenge.
    rows.push(
      check(
        `Proof of work, 4x CPU: worst-case solve at the default difficulty (${String(proofOfWork.maxNumber)}), built solver on the main thread, slowest run`,
        proofOfWork.mainThreadAt4xMs.max,
        ms,
        '<',
        BUDGETS.proofOfWorkSolveMs,
      ),
    );
  }
  if (languages) rows.push(...languageChecks(languages));
  if (handover) {
    rows.push(check('Continue on another device, 4x CPU: press to the link on screen (median)', handover.makeMs.median, ms, '<=', BUDGETS.handoverMakeMs));
    rows.push(
      check(
        'Continue on another device, 4x CPU: opening the link to its step drawn with the answers (median)',
        handover.openMs.median,
        ms,
        '<=',
        BUDGETS.handoverOpenMs,
      ),
    );
  }
  if (pressShift) {
    rows.push(
      check(
        'A pressed control between pointer down and up, presses right after a field edit, both steps, 1280 and 390 px (largest move)',
        pressShift.largestShiftPx,
        px,
        '<=',
        BUDGETS.pressShiftPx,
      ),
    );
  }
  if (files) rows.push(...fileChecks(files));
  if (fileListPressShift) {
    rows.push(
      check(
        'A pressed Remove or Continue between pointer down and up while large photos are kept and uploaded (file list), 1280 and 390 px (largest move)',
        fileListPressShift.largestShiftPx,
        px,
        '<=',
        BUDGETS.pressShiftPx,
      ),
    );
  }
  if (firstJourney) {
    for (const programme of firstJourney.programmes) {
      const budget = programme.programme === 'default' ? BUDGETS.firstJourneyDefaultGzip : BUDGETS.firstJourneyFilesGzip;
      rows.push(
        check(
          `JS a first journey fetches, service worker and precache included: ${programme.programme} programme, counted from the build (gzip)`,
          programme.counted.total.gzip,
          kb,
          '<=',
          budget,
        ),
      );
      rows.push(
        check(
          `JS a first journey fetches, service worker and precache included: ${programme.programme} programme, seen walking it in Chromium (gzip)`,
          programme.seen.total.gzip,
          kb,
          '<=',
          budget,
        ),
      );
    }
    const worker = firstJourney.programmes[0]?.counted.serviceWorker;
    rows.push(check('The service worker, sw.js (gzip)', worker?.gzip, kb, '<=', BUDGETS.serviceWorkerGzip));
  }
  return rows;
}

/** The rows of files: the upload with a cut, the shrinking's longest task, and what is fetched before a file field shows. */
function fileChecks(/** @type {NonNullable<BenchResults['files']>} */ files) {
  const { upload, shrinking, lazy } = files;
  const early = [...lazy.example.welcome.feature, ...lazy.example.basicInfo.feature];
  const never = [...lazy.defaultProgramme.welcome.feature, ...lazy.defaultProgramme.basicInfo.feature, ...lazy.defaultProgramme.details.feature];
  const mbit = (upload.throughputBitsPerSecond / 1e6).toFixed(1);
  return [
    {
      ...check(
        `Files: a 20 MiB PDF and six 12-megapixel photos at ${mbit} Mbit/s, ${String(upload.latencyMs)} ms, ${String(upload.cuts)} PATCH cut mid-body: bytes sent over bytes stored`,
        upload.sentOverStored,
        (value) => `${value.toFixed(3)}×`,
        '<=',
        BUDGETS.filesSentOverStored,
      ),
      measured: `${upload.sentOverStored.toFixed(4)}× (${kb(upload.bytesSent)} sent, ${kb(upload.bytesStored)} stored; ${(upload.wallMs / 1000).toFixed(0)} s, the line alone ${(upload.lineTimeMs / 1000).toFixed(0)} s)`,
    },
    {
      ...check(
        'Files, 4x CPU: longest main-thread task while six 12-megapixel photos are made smaller (slowest run)',
        shrinking.slowestRunLongestTaskMs,
        ms,
        '<=',
        BUDGETS.filesShrinkLongestTaskMs,
      ),
      measured: shrinking.slowestRunLongestTaskMs === 0 ? 'none ≥ 50 ms' : ms(shrinking.slowestRunLongestTaskMs),
    },
    {
      figure: 'Files: the feature’s chunks requested on Welcome and Basic Info of the example programme (file fields on Details)',
      measured: early.length === 0 ? 'none' : early.join(', '),
      budget: 'none',
      pass: early.length === 0 && lazy.example.details.feature.length > 0,
    },
    {
      figure: 'Files: the feature’s chunks requested by the default programme (Welcome, Basic Info, Details)',
      measured: never.length === 0 ? 'never' : never.join(', '),
      budget: 'never',
      pass: never.length === 0,
    },
    check(
      'Files: the feature’s own chunks (field, photo worker, tus and upload queue, outbox wait; gzip)',
      lazy.featureTotal.gzip,
      kb,
      '<=',
      BUDGETS.fileFeatureChunksGzip,
    ),
  ];
}

/** The rows of a programme in English and French (measurement 10). */
function languageChecks(/** @type {NonNullable<BenchResults['languages']>} */ languages) {
  const { welcome, lighthouse } = languages;
  const score = (/** @type {number} */ value) => value.toFixed(0);
  const ratioRow = (/** @type {string} */ figure, /** @type {number | null} */ ratio, /** @type {'fcpMs' | 'lcpMs'} */ key) => ({
    ...check(figure, ratio, times, '<=', BUDGETS.otherLanguagePaintOverDefault),
    measured: ratio === null ? 'n/a' : `${times(ratio)} (${ms(welcome.fr[key].median)} against ${ms(welcome.en[key].median)})`,
  });
  // An English page that fetched French's catalogue: a Welcome load (before or after it was interactive) or a Lighthouse run.
  const french = languages.catalogues.filter((catalogue) => catalogue.language === 'fr');
  const englishLoads = french.reduce((sum, catalogue) => sum + catalogue.fetchedByEnglish.before + catalogue.fetchedByEnglish.after, 0);
  const englishLighthouse = french.reduce((sum, catalogue) => sum + (lighthouse.en.runsFetchingCatalogue[catalogue.file] ?? 0), 0);
  const pages = welcome.en.fcpMs.n + welcome.fr.fcpMs.n + lighthouse.en.runs + lighthouse.fr.runs;
  const asAsked = welcome.en.openedAsAsked + welcome.fr.openedAsAsked + lighthouse.en.openedAsAsked + lighthouse.fr.openedAsAsked;
  return [
    {
      figure: 'Languages (en+fr build): every page opened in its browser’s language (`<html lang>` after load; Welcome loads and Lighthouse runs)',
      measured: `${String(asAsked)} of ${String(pages)}`,
      budget: 'all',
      pass: pages > 0 && asAsked === pages,
    },
    check('Languages (en+fr build): critical-path JS of an English Welcome (gzip)', welcome.en.critical.total.gzip, kb, '<=', BUDGETS.criticalPathGzip),
    {
      figure: 'Languages (en+fr build): French catalogue fetched by an English page (Welcome loads, Lighthouse runs)',
      measured:
        french.length === 0
          ? 'no French catalogue chunk in the build'
          : englishLoads + englishLighthouse === 0
            ? 'never'
            : `${String(englishLoads)} loads, ${String(englishLighthouse)} Lighthouse runs`,
      budget: 'never',
      pass: french.length > 0 && englishLoads + englishLighthouse === 0,
    },
    ratioRow('Languages: French Welcome’s first contentful paint over English’s (medians, unthrottled)', languages.fcpRatio, 'fcpMs'),
    ratioRow('Languages: French Welcome’s LCP over English’s (medians, unthrottled)', languages.lcpRatio, 'lcpMs'),
    check(
      'Languages: Lighthouse mobile performance, browser in English (median)',
      lighthouse.en.scores.performance,
      score,
      '>=',
      BUDGETS.lighthouseMobile.performance,
    ),
    check(
      'Languages: Lighthouse mobile performance, browser in French (median)',
      lighthouse.fr.scores.performance,
      score,
      '>=',
      BUDGETS.lighthouseMobile.performance,
    ),
  ];
}
