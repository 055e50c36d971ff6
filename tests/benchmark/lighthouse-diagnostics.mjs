// What holds a Lighthouse run back, in a few lines: the LCP element and where its time went,
// the layout shifts, and the opportunities Lighthouse estimates would save LCP or FCP time.
// Lighthouse's audit details are loosely typed tables, so they are read defensively.

/** @typedef {Record<string, unknown>} Loose */

/** @returns {Loose[]} */
function itemsOf(/** @type {unknown} */ details) {
  const items = details && typeof details === 'object' ? /** @type {Loose} */ (details).items : undefined;
  return Array.isArray(items) ? items.filter((item) => item && typeof item === 'object') : [];
}

/** A node's selector and the start of its HTML, e.g. `img.cover (<img src=…>)`. */
function describeNode(/** @type {unknown} */ node) {
  if (!node || typeof node !== 'object') return null;
  const { selector, snippet } = /** @type {Loose} */ (node);
  const html = typeof snippet === 'string' ? snippet.replace(/\s+/g, ' ').slice(0, 160) : '';
  return `${typeof selector === 'string' ? selector : '?'}${html ? ` ${html}` : ''}`;
}

/**
 * @typedef {object} LighthouseDiagnostics
 * @property {string | null} lcpElement
 * @property {Array<{ phase: string, ms: number }>} lcpPhases
 * @property {Array<{ element: string | null, score: number }>} layoutShifts
 * @property {Array<{ id: string, title: string, display: string, lcpMs: number, fcpMs: number }>} opportunities
 */

/** The diagnostics of one Lighthouse result. */
export function lighthouseDiagnostics(/** @type {import('lighthouse').Result} */ lhr) {
  const { audits } = lhr;
  const lcpTables = itemsOf(audits['largest-contentful-paint-element']?.details);
  const lcpNode = itemsOf(lcpTables[0])[0]?.node;
  const lcpPhases = itemsOf(lcpTables[1]).map((row) => ({ phase: String(row.phase), ms: Number(row.timing) }));
  const layoutShifts = itemsOf(audits['layout-shifts']?.details).map((row) => ({ element: describeNode(row.node), score: Number(row.score) }));
  const opportunities = Object.entries(audits)
    .map(([id, audit]) => {
      const savings = /** @type {Record<string, number> | undefined} */ (audit.metricSavings);
      return { id, title: audit.title, display: audit.displayValue ?? '', lcpMs: savings?.LCP ?? 0, fcpMs: savings?.FCP ?? 0 };
    })
    .filter((audit) => audit.lcpMs > 0 || audit.fcpMs > 0)
    .sort((a, b) => b.lcpMs + b.fcpMs - (a.lcpMs + a.fcpMs));
  /** @type {LighthouseDiagnostics} */
  const diagnostics = { lcpElement: describeNode(lcpNode), lcpPhases, layoutShifts, opportunities };
  return diagnostics;
}
