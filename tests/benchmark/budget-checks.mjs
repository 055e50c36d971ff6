// Every measured figure against its issue 7 budget, as rows for the report's first table.
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
  const { criticalPath, lighthouse, installability, offlineStart, typing, covers } = results;
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
    rows.push(check('Lighthouse mobile: LCP (median)', metrics.lcpMs, (value) => `${(value / 1000).toFixed(2)} s`, '<=', budget.lcpMs));
    rows.push(check('Lighthouse mobile: CLS (median)', metrics.cls, (value) => value.toFixed(3), '<', budget.clsBelow));
  }
  if (installability) {
    // Not one of issue 7's budgets: issue 5 asks for an installable app, and Lighthouse 12 no longer checks it.
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
    // The budgets are checked against the app's figures. Each row carries the floor too (the same
    // keystrokes into a page with only one text box), since the app cannot measure under it.
    rows.push({
      ...check('Typing, 4x CPU: keystroke to next paint, p95 (rAF probe)', typing.nextPaintMs.p95, ms, '<=', BUDGETS.typingNextPaintP95Ms),
      floor: ms(typing.floor.nextPaintMs.p95),
    });
    rows.push({
      figure: 'Typing, 4x CPU: Event Timing duration, p95 of all keystrokes',
      measured: eventTimingP95(typing),
      budget: `≤ ${ms(BUDGETS.typingNextPaintP95Ms)}`,
      pass: typing.eventTiming.p95Under16ms || (typing.eventTiming.p95OfAllMs ?? Infinity) <= BUDGETS.typingNextPaintP95Ms,
      floor: eventTimingP95(typing.floor),
    });
    rows.push(check('Typing: IndexedDB writes per 20-keystroke burst (most in any burst)', typing.indexedDbWrites.max, (value) => value.toFixed(0), '<=', BUDGETS.writesPerBurst));
  }
  if (covers) {
    for (const file of covers.files.filter((cover) => cover.phone)) {
      rows.push(check(`Cover ${String(file.entry)} at phone size: ${file.url}`, file.bytes, kb, '<=', BUDGETS.phoneCoverBytes));
    }
  }
  return rows;
}
