// An application's status history as the team reads it, with each change's seq (what a decision
// names as the history it saw: decide.mjs's `after`), and its current status. An application
// stored before the history existed has no rows: it reads as received at its first revision, seq 0.
import { iso } from '../applications/stored-applications.mjs';

/**
 * @typedef {{ seq: number, status: string, message: string | null, changedAt: string, changedBy: string }} HistoryEntry
 * @typedef {{ status: { status: string, changedAt: string, seq: number }, history: HistoryEntry[] }} Standing
 */

/**
 * The standing of an application, oldest change first; null for an id the store does not hold.
 * @param {import('../store/store-types.mjs').Queryable} store
 * @param {string} applicationId
 * @returns {Promise<Standing | null>}
 */
export async function historyOf(store, applicationId) {
  const { rows } = await store.query(
    `SELECT a.created_at, s.seq, s.status, s.message, s.changed_at, s.changed_by
     FROM applications a LEFT JOIN application_statuses s ON s.application_id = a.id
     WHERE a.id = $1 ORDER BY s.seq`,
    [applicationId],
  );
  const first = rows[0];
  if (!first) return null;
  /** @type {HistoryEntry[]} */
  const history =
    first.seq === null
      ? [{ seq: 0, status: 'received', message: null, changedAt: iso(first.created_at), changedBy: 'receiver' }]
      : rows.map((row) => ({
          seq: Number(row.seq),
          status: String(row.status),
          message: typeof row.message === 'string' ? row.message : null,
          changedAt: iso(row.changed_at),
          changedBy: String(row.changed_by),
        }));
  const latest = /** @type {HistoryEntry} */ (history[history.length - 1]);
  return { status: { status: latest.status, changedAt: latest.changedAt, seq: latest.seq }, history };
}
