// GET /team/api/export?<the list's filters>: the applications the inbox's filters keep, as the
// CLI's CSV (server/applications/applications-csv.mjs: a row per application, its latest answers, its
// status; formula cells defused and bidi controls shown by export-safety.mjs), for a reviewer to
// open in a spreadsheet. Downloaded, never shown: attachment, nosniff, no-store.
import { latestApplications } from '../applications/stored-applications.mjs';
import { applicationsCsv } from '../applications/applications-csv.mjs';
import { filterClause } from './inbox-list.mjs';

/**
 * @param {import('../http/request-context.mjs').RequestContext} ctx
 * @param {import('../store/store-types.mjs').Queryable} store
 * @param {import('./inbox-filters.mjs').InboxFilters} filters
 * @param {(count: number) => Promise<void>} recordExport writes the audit entry; it runs before a
 *   byte is sent, so personal data never leaves without its entry (a failed write fails the export)
 */
export async function sendExport(ctx, store, filters, recordExport) {
  /** @type {unknown[]} */
  const params = [];
  const { rows } = await store.query(
    `SELECT s.application_id FROM application_summaries s WHERE ${filterClause(filters, params, { withStatus: true })}`,
    params,
  );
  const ids = rows.map((row) => String(row.application_id));
  const csv = applicationsCsv(ids.length === 0 ? [] : await latestApplications(store, { ids }));
  await recordExport(ids.length);
  ctx.res.writeHead(200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': 'attachment; filename="applications.csv"',
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
    'Content-Length': String(Buffer.byteLength(csv)),
  });
  ctx.res.end(ctx.req.method === 'HEAD' ? undefined : csv);
}
