// Where an application stands, read from its history (application_statuses: a row per change,
// never updated) and its link (application_status_links). An application stored before the
// history existed has no rows: it reads as received at its first revision, with no reference.
import { iso } from '../applications/stored-applications.mjs';
import { parseJson } from '../http/parse-json.mjs';

/**
 * @typedef {'received' | 'in-review' | 'accepted' | 'declined'} Status
 * @typedef {{ status: Status, changedAt: string, changedBy: string, message: string | null }} StatusChange
 * @typedef {{
 *   applicationId: string, reference: string | null, receivedAt: string, language: string | null,
 *   status: Status, changedAt: string, message: string | null, history: StatusChange[],
 * }} Standing message: the latest change's (accepted and declined only)
 */

/**
 * An application's standing, or null for an id the store does not hold.
 * @param {import('../store/store-types.mjs').Queryable} store
 * @param {string} applicationId
 * @returns {Promise<Standing | null>}
 */
export async function standingOf(store, applicationId) {
  const { rows } = await store.query(
    `SELECT a.id, a.created_at, l.reference,
            (SELECT r.language FROM revisions r WHERE r.application_id = a.id ORDER BY r.client_revision DESC NULLS LAST, r.seq DESC LIMIT 1) AS language,
            (SELECT coalesce(jsonb_agg(jsonb_build_object('status', s.status, 'changedAt', s.changed_at, 'changedBy', s.changed_by, 'message', s.message) ORDER BY s.seq), '[]'::jsonb)
             FROM application_statuses s WHERE s.application_id = a.id) AS history
     FROM applications a LEFT JOIN application_status_links l ON l.application_id = a.id
     WHERE a.id = $1`,
    [applicationId],
  );
  const row = rows[0];
  if (!row) return null;
  const receivedAt = iso(row.created_at);
  const stored = /** @type {Array<{ status: Status, changedAt: string, changedBy: string, message: string | null }>} */ (
    typeof row.history === 'string' ? parseJson(row.history) : row.history
  );
  /** @type {StatusChange[]} */
  const history =
    stored.length > 0
      ? stored.map((change) => ({ status: change.status, changedAt: iso(change.changedAt), changedBy: change.changedBy, message: change.message ?? null }))
      : [{ status: 'received', changedAt: receivedAt, changedBy: 'receiver', message: null }];
  const latest = /** @type {StatusChange} */ (history[history.length - 1]);
  return {
    applicationId,
    reference: typeof row.reference === 'string' ? row.reference : null,
    receivedAt,
    language: typeof row.language === 'string' ? row.language : null,
    status: latest.status,
    changedAt: latest.changedAt,
    message: latest.message,
    history,
  };
}

/**
 * The application whose link's secret has this hash, or null.
 * @param {import('../store/store-types.mjs').Queryable} store
 * @param {string} hash secretHash of the presented secret
 * @returns {Promise<string | null>}
 */
export async function applicationOfLink(store, hash) {
  const { rows } = await store.query('SELECT application_id FROM application_status_links WHERE secret_hash = $1', [hash]);
  return rows[0] ? String(rows[0].application_id) : null;
}

/**
 * What the status page is told: nothing personal, no message but the latest's, no one's name.
 * @param {Standing} standing
 */
export function publicStanding(standing) {
  return {
    reference: standing.reference,
    receivedAt: standing.receivedAt,
    status: standing.status,
    changedAt: standing.changedAt,
    message: standing.message,
    language: standing.language,
    history: standing.history.map(({ status, changedAt }) => ({ status, changedAt })),
  };
}

/**
 * What `show` prints of an application: its standing and its revisions (number and time), never
 * its answers nor its link's secret; null for an id the store does not hold.
 * @param {import('../store/store-types.mjs').Queryable} store
 * @param {string} applicationId
 * @returns {Promise<(Standing & { revisions: Array<{ revision: number | null, receivedAt: string }> }) | null>}
 */
export async function applicationRecord(store, applicationId) {
  const standing = await standingOf(store, applicationId);
  if (!standing) return null;
  const { rows } = await store.query('SELECT client_revision, received_at FROM revisions WHERE application_id = $1 ORDER BY seq', [applicationId]);
  return {
    ...standing,
    revisions: rows.map((row) => ({ revision: row.client_revision === null ? null : Number(row.client_revision), receivedAt: iso(row.received_at) })),
  };
}
