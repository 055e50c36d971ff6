// `npm run bench -- --only=proof-of-work --merge`: one measurement taken again (or added) without
// taking the others again (the whole benchmark holds a shared 2-core machine for ten minutes). The report
// then holds figures of several runs, so each run is named in its header.

/** @typedef {import('./report-types.mjs').BenchResults} BenchResults */

/** The key of a measurement's figures in report.json: `step-changes` → `stepChanges`. */
export function resultKey(/** @type {string} */ measurement) {
  return measurement.replace(/-([a-z])/g, (_, letter) => String(letter).toUpperCase());
}

/**
 * The previous report with this run's measurements in place of its own: the previous run stays
 * the report's main run, less what was measured again, and this run joins its separate runs.
 * @param {BenchResults & { budgets?: unknown }} previous report.json as it was (its budgets are worked out again)
 * @param {BenchResults} latest this run's results
 * @returns {BenchResults}
 */
export function mergeResults(previous, latest) {
  const taken = new Set(latest.meta.measured);
  const retaken = new Set([...taken].map(resultKey));
  const kept = Object.entries(previous).filter(([key]) => key !== 'meta' && key !== 'budgets' && !retaken.has(key));
  const added = Object.entries(latest).filter(([key]) => key !== 'meta');
  const { separateRuns = [], ...main } = previous.meta;
  const untaken = (/** @type {string[]} */ measured) => measured.filter((measurement) => !taken.has(measurement));
  const latestRun = /** @type {import('./report-types.mjs').SeparateRun} */ (
    Object.fromEntries(Object.entries(latest.meta).filter(([key]) => key !== 'separateRuns'))
  );
  return /** @type {BenchResults} */ ({
    meta: {
      ...main,
      measured: untaken(main.measured),
      separateRuns: [...separateRuns.map((run) => ({ ...run, measured: untaken(run.measured) })).filter((run) => run.measured.length > 0), latestRun],
    },
    ...Object.fromEntries([...kept, ...added]),
  });
}
