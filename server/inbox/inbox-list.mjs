// The inbox's page: the applications the filters keep, newest first (by first receipt, then id),
// a page at a time by keyset (the next page starts after the last row's place, so applications
// arriving meanwhile, which are newer, shift nothing), with the counts per status of what every
// filter but the status keeps. All from application_summaries (migration 10), whose index on
// (received_at, application_id) gives the pages without a sort, when the rows kept are many
// enough to be met soon walking it from the newest; the one on (language, …) and on (status, …)
// a language's or a status's alone. A search keeps rows no index finds: when they are few, walking
// the index from the newest would read all of it and a row for each entry (190 ms at 100,000 on
// PGlite), so the page is sorted out of the one pass that counts them (40 ms).
import { iso } from '../applications/stored-applications.mjs';
import { STATUSES, cursorOf } from './inbox-filters.mjs';

/**
 * @typedef {{ id: string, reference: string | null, name: string, email: string | null, handle: string, language: string | null,
 *   receivedAt: string, updatedAt: string, status: string }} InboxItem
 */

/**
 * The WHERE clause of the filters (the status too unless `withStatus` is false), its parameters
 * numbered from 1 in `params`.
 * @param {import('./inbox-filters.mjs').InboxFilters} filters
 * @param {unknown[]} params
 * @param {{ withStatus: boolean }} options
 */
export function filterClause(filters, params, { withStatus }) {
  /** @param {unknown} value */
  const param = (value) => {
    params.push(value);
    return `$${String(params.length)}`;
  };
  const conditions = ['true'];
  if (withStatus && filters.status) conditions.push(`s.status = ${param(filters.status)}`);
  if (filters.language) conditions.push(`s.language = ${param(filters.language)}`);
  if (filters.from) conditions.push(`s.received_at >= ${param(filters.from.toISOString())}::timestamptz`);
  if (filters.until) conditions.push(`s.received_at < ${param(filters.until.toISOString())}::timestamptz`);
  // A substring of the folded text: strpos, so no character of the query is a pattern (LIKE's % and _).
  if (filters.q) conditions.push(`strpos(s.search, ${param(filters.q)}) > 0`);
  return conditions.join(' AND ');
}

/** Fewer rows kept than this: the page is sorted out of one pass over the table (see above). */
export const FEW_ROWS = 2000;

/**
 * The rows of one page, from `source` (a table expression aliased s), and the cursor's place.
 * @param {string} source
 * @param {string} where
 * @param {string} limit the parameter of the page's size plus one
 */
function pageSql(source, where, limit) {
  return `SELECT s.application_id, s.received_at FROM ${source} WHERE ${where} ORDER BY s.received_at DESC, s.application_id DESC LIMIT ${limit}`;
}

/**
 * The counts and one page of the list, and the cursor of the next page (null on the last), in one
 * statement: with a search, the rows the filters but the status keep are found in one pass
 * (`kept`), counted, and the page is sorted out of them when they are few, or read from the index
 * when they are many (the other branch is never run: its condition is known before).
 * @param {import('../store/store-types.mjs').Queryable} store
 * @param {import('./inbox-filters.mjs').InboxFilters} filters
 * @returns {Promise<{ counts: Record<string, number>, items: InboxItem[], next: string | null }>}
 */
export async function inboxList(store, filters) {
  /** @type {unknown[]} */
  const params = [];
  const unfiltered = filterClause(filters, params, { withStatus: false });
  let where = filterClause(filters, params, { withStatus: true });
  /** @param {unknown} value */
  const param = (value) => `$${String(params.push(value))}`;
  // The place after the cursor's; among the rows a search kept, the status is all left to check.
  const after = filters.after ? ` AND (s.received_at, s.application_id) < (${param(filters.after.at)}::timestamptz, ${param(filters.after.id)})` : '';
  where += after;
  const limit = param(filters.limit + 1);
  const status = filters.q && filters.status ? param(filters.status) : null;
  const inKept = `${status ? `s.status = ${status}` : 'true'}${after}`;
  const counted = filters.q
    ? `kept AS MATERIALIZED (SELECT s.application_id, s.received_at, s.status FROM application_summaries s WHERE ${unfiltered}),
       counted AS (SELECT status, count(*) AS count FROM kept GROUP BY status),
       shown AS (SELECT coalesce(sum(count), 0) AS count FROM counted ${status ? `WHERE status = ${status}` : ''}),
       chosen AS ((${pageSql('kept s', `${inKept} AND (SELECT count FROM shown) < ${String(FEW_ROWS)}`, limit)})
         UNION ALL (${pageSql('application_summaries s', `${where} AND (SELECT count FROM shown) >= ${String(FEW_ROWS)}`, limit)}))`
    : `counted AS (SELECT status, count(*) AS count FROM application_summaries s WHERE ${unfiltered} GROUP BY status),
       chosen AS (${pageSql('application_summaries s', where, limit)})`;
  const { rows } = await store.query(
    `WITH ${counted}
     SELECT 'count' AS kind, status AS application_id, count, NULL::timestamptz AS received_at, NULL AS place, NULL AS language, NULL AS status,
            NULL AS name, NULL AS email, NULL AS handle, NULL::timestamptz AS updated_at, NULL AS reference FROM counted
     UNION ALL
     (SELECT 'row', s.application_id, NULL, s.received_at, to_char(s.received_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
            s.language, s.status, s.name, s.email, s.handle, a.updated_at, l.reference
      FROM chosen c JOIN application_summaries s ON s.application_id = c.application_id JOIN applications a ON a.id = s.application_id
      LEFT JOIN application_status_links l ON l.application_id = s.application_id
      ORDER BY s.received_at DESC, s.application_id DESC)`,
    params,
  );
  /** @type {Record<string, number>} */
  const counts = { all: 0, ...Object.fromEntries(STATUSES.map((each) => [each, 0])) };
  for (const row of rows.filter((each) => each.kind === 'count')) {
    counts[String(row.application_id)] = Number(row.count);
    counts.all = (counts.all ?? 0) + Number(row.count);
  }
  const found = rows.filter((each) => each.kind === 'row');
  const items = found.slice(0, filters.limit).map((row) => ({
    id: String(row.application_id),
    reference: typeof row.reference === 'string' ? row.reference : null,
    name: String(row.name),
    email: typeof row.email === 'string' ? row.email : null,
    handle: String(row.handle),
    language: typeof row.language === 'string' ? row.language : null,
    receivedAt: iso(row.received_at),
    updatedAt: iso(row.updated_at),
    status: String(row.status),
  }));
  const last = found.length > filters.limit ? found[filters.limit - 1] : undefined;
  return { counts, items, next: last ? cursorOf(String(last.place), String(last.application_id)) : null };
}
