// Summaries of repeated measurements. The machines are shared and noisy, so the benchmark
// reports medians and nearest-rank percentiles rather than means, which one slow run skews.

/** The p-th percentile (0–100) by nearest rank, or null for no values. */
export function percentile(/** @type {number[]} */ values, /** @type {number} */ p) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1] ?? null;
}

/** The median (the mean of the middle two for an even count), or null for no values. */
export function median(/** @type {number[]} */ values) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? 0;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? upper) + upper) / 2;
}

/**
 * @typedef {object} Summary
 * @property {number} n
 * @property {number | null} median
 * @property {number | null} p95
 * @property {number | null} min
 * @property {number | null} max
 */

/** Count, median, p95, min and max of a list of numbers. */
export function summarize(/** @type {number[]} */ values) {
  return {
    n: values.length,
    median: median(values),
    p95: percentile(values, 95),
    min: values.length ? Math.min(...values) : null,
    max: values.length ? Math.max(...values) : null,
  };
}

/** Rounds to a number of decimals, keeping null. */
export function round(/** @type {number | null | undefined} */ value, digits = 1) {
  if (value === null || value === undefined) return null;
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
