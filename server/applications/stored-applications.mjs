// The applications as stored, for export and the team's records: each application's latest
// revision (the one with the highest client revision number, then the last received), or every
// revision; bodies without their upload ids, with the facts of the files they name.
import { parseJson } from '../http/parse-json.mjs';
import { filesOfApplications, filesOfBody, withoutUploadIds } from './application-files-table.mjs';

/**
 * A stored time as an ISO 8601 string, whichever type the database gave it as.
 * @param {unknown} value
 */
export function iso(value) {
  return (value instanceof Date ? value : new Date(String(value))).toISOString();
}

/**
 * @typedef {{
 *   id: string, createdAt: string, updatedAt: string, revisions: number, receivedAt: string, language: string | null,
 *   status: string, statusChangedAt: string, reference: string | null,
 *   body: unknown, files?: import('./application-files-table.mjs').ApplicationFile[],
 * }} StoredApplication
 *   status, statusChangedAt: its latest status (server/status/; one stored before the history is
 *   `received` at its first revision); reference: its status link's, null without a link;
 *   body: without its upload ids; files: the facts of the files it names (application-files.mjs), always
 *   given by this receiver (absent in records of older ones)
 */

/**
 * Every application with its latest revision, oldest first; `since` keeps those changed since then,
 * `ids` those of these ids (the team's export of its filtered list).
 * @param {import('../store/store-types.mjs').Queryable} store
 * @param {{ since?: Date | null, ids?: ReadonlyArray<string> | null }} [options]
 * @returns {Promise<StoredApplication[]>}
 */
export async function latestApplications(store, { since = null, ids = null } = {}) {
  const { rows } = await store.query(
    `SELECT DISTINCT ON (a.id) a.id, a.created_at, a.updated_at, r.received_at, r.language, r.body, l.reference, s.status, s.changed_at,
            (SELECT count(*) FROM revisions c WHERE c.application_id = a.id) AS revisions
     FROM applications a JOIN revisions r ON r.application_id = a.id
     LEFT JOIN application_status_links l ON l.application_id = a.id
     LEFT JOIN LATERAL (SELECT status, changed_at FROM application_statuses WHERE application_id = a.id ORDER BY seq DESC LIMIT 1) s ON true
     WHERE ($1::timestamptz IS NULL OR a.updated_at >= $1::timestamptz) AND ($2::jsonb IS NULL OR a.id IN (SELECT jsonb_array_elements_text($2::jsonb)))
     ORDER BY a.id, r.client_revision DESC NULLS LAST, r.seq DESC`,
    [since, ids === null ? null : JSON.stringify(ids)],
  );
  const files = await filesOfApplications(
    store,
    rows.map((row) => String(row.id)),
  );
  return rows
    .map((row) => {
      const body = typeof row.body === 'string' ? parseJson(row.body) : row.body;
      return {
        id: String(row.id),
        createdAt: iso(row.created_at),
        updatedAt: iso(row.updated_at),
        revisions: Number(row.revisions),
        receivedAt: iso(row.received_at),
        language: typeof row.language === 'string' ? row.language : null,
        status: typeof row.status === 'string' ? row.status : 'received',
        statusChangedAt: iso(row.changed_at ?? row.created_at),
        reference: typeof row.reference === 'string' ? row.reference : null,
        body: withoutUploadIds(body),
        files: filesOfBody(body, files.get(String(row.id)) ?? []),
      };
    })
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

/**
 * @typedef {{ id: string, revision: number | null, receivedAt: string, latest: boolean, language: string | null, body: unknown, files?: import('./application-files-table.mjs').ApplicationFile[] }} StoredRevision
 */

/**
 * Every revision of every application, for the team's records: oldest application first, each
 * application's revisions in the order they arrived; `latest` marks the one export shows.
 * `since` keeps the revisions received since then.
 * @param {import('../store/store-types.mjs').Queryable} store
 * @param {{ since?: Date | null }} [options]
 * @returns {Promise<StoredRevision[]>}
 */
export async function allRevisions(store, { since = null } = {}) {
  const { rows } = await store.query(
    `SELECT r.application_id, r.client_revision, r.received_at, r.language, r.body,
            r.seq = (SELECT l.seq FROM revisions l WHERE l.application_id = r.application_id ORDER BY l.client_revision DESC NULLS LAST, l.seq DESC LIMIT 1) AS latest
     FROM revisions r JOIN applications a ON a.id = r.application_id
     WHERE $1::timestamptz IS NULL OR r.received_at >= $1::timestamptz
     ORDER BY a.created_at, a.id, r.seq`,
    [since],
  );
  const files = await filesOfApplications(
    store,
    rows.map((row) => String(row.application_id)),
  );
  return rows.map((row) => {
    const body = typeof row.body === 'string' ? parseJson(row.body) : row.body;
    return {
      id: String(row.application_id),
      revision: row.client_revision === null ? null : Number(row.client_revision),
      receivedAt: iso(row.received_at),
      latest: row.latest === true,
      language: typeof row.language === 'string' ? row.language : null,
      body: withoutUploadIds(body),
      files: filesOfBody(body, files.get(String(row.application_id)) ?? []),
    };
  });
}
