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
  const pass =
    value === null || value === undefined
      ? null
      : comparison === '<=' ? value <= budget : comparison === '<' ? value < budget : value >= budget;
  return { figure, measured, budget: `${sign} ${format(budget)}`, pass };
}

/** The budget rows for whatever was measured. */
export function budgetChecks(/** @type {BenchResults} */ results) {
  /** @type {BudgetCheck[]} */
  const rows = [];
  const { criticalPath, lighthouse, installability, offlineStart, typing, stepChanges, scale, covers, proofOfWork } = results;
  if (criticalPath) {
    rows.push(check('Critical-path JS of `/`, fetched before Welcome is interactive (gzip)', criticalPath.critical.total.gzip, kb, '<=', BUDGETS.criticalPathGzip));
    rows.push(check('JS index.html loads: its static import graph (gzip; the byte test)', criticalPath.entryGraph.total.gzip, kb, '<=', BUDGETS.criticalPathGzip));
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
    rows.push(check('Offline start to interactive Welcome, no throttling (median)', offlineStart.unthrottled.paintedMs.median, ms, '<', BUDGETS.offlineStartMs));
  }
  if (typing) {
    // A ratio to the floor of the probe (the same keystrokes, in the same run, into a
    // page with only one text box), since the app cannot measure under it and the machine is noisy.
    const floorP95 = typing.floor.nextPaintMs.p95;
    const ratio = typing.nextPaintMs.p95 !== null && floorP95 ? typing.nextPaintMs.p95 / floorP95 : null;
    rows.push({
      ...check('Typing, 4x CPU: keystroke to next paint, p95 (rAF probe), over the floor’s p95', ratio, times, '<=', BUDGETS.typingNextPaintP95OverFloor),
      measured: ratio === null ? 'n/a' : `${times(ratio)} (${ms(typing.nextPaintMs.p95)})`,
      floor: ms(floorP95),
    });
    const floorEvent = typing.floor.eventTiming.p95Under16ms ? 16 : typing.floor.eventTiming.p95OfAllMs;
    const appEvent = typing.eventTiming.p95Under16ms ? 16 : typing.eventTiming.p95OfAllMs;
    // Event Timing only reports events of 16 ms or more: under that, both count as 16 ms.
    const eventRatio = appEvent !== null && floorEvent ? appEvent / floorEvent : null;
    rows.push({
      ...check('Typing, 4x CPU: Event Timing duration, p95 of all keystrokes, over the floor’s', eventRatio, times, '<=', BUDGETS.typingNextPaintP95OverFloor),
      measured: eventRatio === null ? 'n/a' : `${times(eventRatio)} (${eventTimingP95(typing)})`,
      floor: eventTimingP95(typing.floor),
    });
    rows.push(check('Typing: IndexedDB writes per 20-keystroke burst (most in any burst)', typing.indexedDbWrites.max, (value) => value.toFixed(0), '<=', BUDGETS.writesPerBurst));
  }
  if (stepChanges) {
    rows.push(check('Step change, 4x CPU: first Continue from Welcome to Basic Info’s last field drawn (median)', stepChanges.firstContinueMs.median, ms, '<=', BUDGETS.stepChangeMs));
    rows.push(check('Step change, 4x CPU: slowest of every Continue and Back timed (Welcome, Basic Info, Details)', stepChanges.slowestMs, ms, '<=', BUDGETS.stepChangeMs));
  }
  if (scale) {
    const largest = scale.sizes.find((size) => size.fields === 200);
    rows.push(check('Scale, 4x CPU: a step of 200 fields, Continue to its last field drawn (median)', largest?.renderMs.median, ms, '<=', BUDGETS.render200FieldsMs));
    rows.push({
      ...check('Scale, 4x CPU: keystroke to next paint p95 on the 200-field step over the default step’s', largest?.nextPaintP95Ratio, times, '<=', BUDGETS.keystroke200FieldsOverDefault),
      measured: largest?.nextPaintP95Ratio === null || largest?.nextPaintP95Ratio === undefined ? 'n/a' : `${times(largest.nextPaintP95Ratio)} (${ms(largest.nextPaintMs.p95)} against ${ms(scale.defaultStep.nextPaintMs.p95)})`,
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
  return rows;
}
