// The audit log: who did what and when, one row each, never updated. Sign-ins and sign-outs, team
// changes, and the inbox's views, notes, decisions and exports (written by the inbox room through
// `audit`). A row names an application by id only, so erasing its creator leaves the row and no
// personal data of theirs; a refused sign-in never holds the address typed.
import { parseJson } from '../http/parse-json.mjs';

/**
 * @typedef {'sign-in' | 'sign-in-refused' | 'sign-out' | 'view' | 'decision' | 'note' | 'export' | 'member-added' | 'member-removed' | 'member-role-changed'} AuditAction
 * @typedef {{ actor: string, action: AuditAction, applicationId?: string | null, detail?: Record<string, unknown> }} AuditEntry
 *   actor: a member's address, 'cli', or 'unknown' for a refused sign-in
 * @typedef {{ seq: number, at: string, actor: string, action: string, applicationId: string | null, detail: Record<string, unknown> }} AuditRecord
 * @typedef {(entry: AuditEntry, tx?: import('../store/store-types.mjs').Queryable) => Promise<void>} Audit
 */

/** The most entries one page holds in the inbox. */
export const MAX_AUDIT_PAGE = 200;
/** The most entries `audit --limit N` prints. */
export const MAX_AUDIT_PRINTED = 10_000;

/**
 * Writes entries into the store, or into the transaction given (so an entry is written with the
 * change it records, or not at all).
 * @param {import('../store/store-types.mjs').Store} store
 * @param {() => Date} now
 * @returns {Audit}
 */
export function createAudit(store, now) {
  return async ({ actor, action, applicationId = null, detail = {} }, tx = store) => {
    await tx.query('INSERT INTO audit_log (at, actor, action, application_id, detail) VALUES ($1, $2, $3, $4, $5::jsonb)', [
      now(),
      actor,
      action,
      applicationId,
      JSON.stringify(detail),
    ]);
  };
}

/**
 * A page of the log, newest first: the entries before `before` (all, when null), and the seq to
 * ask the next page before (null when this page reaches the first entry).
 * @param {import('../store/store-types.mjs').Queryable} store
 * @param {{ before: number | null, limit: number }} page
 * @returns {Promise<{ entries: AuditRecord[], next: number | null }>}
 */
export async function readAudit(store, { before, limit }) {
  const { rows } = await store.query(
    'SELECT seq, at, actor, action, application_id, detail FROM audit_log WHERE ($1::bigint IS NULL OR seq < $1::bigint) ORDER BY seq DESC LIMIT $2',
    [before, limit + 1],
  );
  const entries = rows.slice(0, limit).map((row) => ({
    seq: Number(row.seq),
    at: new Date(/** @type {string | Date} */ (row.at)).toISOString(),
    actor: String(row.actor),
    action: String(row.action),
    applicationId: typeof row.application_id === 'string' ? row.application_id : null,
    detail:
      typeof row.detail === 'string'
        ? /** @type {Record<string, unknown>} */ (parseJson(row.detail))
        : /** @type {Record<string, unknown>} */ (row.detail ?? {}),
  }));
  return { entries, next: rows.length > limit ? (entries.at(-1)?.seq ?? null) : null };
}

/**
 * The log as `audit` prints it: one line per entry, oldest first, every value the server wrote
 * (an address is normalised and without control characters: team-email.mjs).
 * @param {AuditRecord[]} entries newest first, as read
 */
export function formatAudit(entries) {
  if (entries.length === 0) return 'The audit log is empty.\n';
  return [...entries]
    .reverse()
    .map((entry) => {
      // Keys in order of their names: the store's jsonb keeps its own order, not the one written.
      const sorted = Object.fromEntries(Object.entries(entry.detail).sort(([a], [b]) => (a < b ? -1 : 1)));
      const detail = Object.keys(sorted).length > 0 ? `  ${JSON.stringify(sorted).replace(/\p{Cc}/gu, ' ')}` : '';
      return `${String(entry.seq)}  ${entry.at}  ${entry.actor}  ${entry.action}${entry.applicationId === null ? '' : `  application ${entry.applicationId}`}${detail}\n`;
    })
    .join('');
}
