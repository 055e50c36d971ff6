// What the receiver stores, in SQL that runs unchanged on PGlite and PostgreSQL: one application
// per Application-Id, each distinct body a revision with its own Idempotency-Key. The latest
// revision is the one with the highest client revision number (the wizard counts its edits), then
// the last received; an export shows only that one. Every write is one transaction, committed
// before the caller answers.

/**
 * @typedef {{ id: string, receivedAt: string }} Receipt
 * @typedef {{
 *   key: string, applicationId: string, clientRevision: number | null, fingerprint: string,
 *   body: unknown, email: string | null, receivedAt: Date,
 * }} Received
 * @typedef {{ outcome: 'created' | 'replayed', receipt: Receipt } | { outcome: 'mismatch' }} ReceiveResult
 */

/** @param {unknown} value */
function iso(value) {
  return (value instanceof Date ? value : new Date(String(value))).toISOString();
}

/**
 * The answer already given for a key, or 'mismatch' when the key came with another request.
 * @param {Record<string, unknown>} row
 * @param {string} fingerprint
 * @returns {ReceiveResult}
 */
function repeatOf(row, fingerprint) {
  if (row.fingerprint !== fingerprint) return { outcome: 'mismatch' };
  return { outcome: 'replayed', receipt: { id: String(row.application_id), receivedAt: iso(row.received_at) } };
}

/**
 * Stores one received body, or finds the revision its key already made. One statement, so one
 * implicit transaction and one round trip: it reads the key, and only when the key is new upserts
 * the application and inserts the revision. When another instance stores the same key at the same
 * moment, the unique key makes the insert wait for it and do nothing; the key is then read again.
 * @param {import('./store-types.mjs').Store} store
 * @param {Received} received
 * @returns {Promise<ReceiveResult>}
 */
export async function receiveApplication(store, received) {
  const { key, applicationId, clientRevision, fingerprint, body, email, receivedAt } = received;
  const { rows } = await store.query(
    `WITH existing AS (
       SELECT application_id, fingerprint, received_at FROM revisions WHERE idempotency_key = $2
     ), application AS (
       INSERT INTO applications (id, created_at, updated_at) SELECT $1, $7, $7 WHERE NOT EXISTS (SELECT 1 FROM existing)
       ON CONFLICT (id) DO UPDATE SET updated_at = GREATEST(applications.updated_at, EXCLUDED.updated_at)
       RETURNING id
     ), inserted AS (
       INSERT INTO revisions (application_id, idempotency_key, fingerprint, client_revision, email, body, received_at)
       SELECT id, $2, $3, $4, $5, $6::jsonb, $7 FROM application
       ON CONFLICT (idempotency_key) DO NOTHING
       RETURNING application_id, fingerprint, received_at
     )
     SELECT 'created' AS outcome, application_id, fingerprint, received_at FROM inserted
     UNION ALL SELECT 'existing' AS outcome, application_id, fingerprint, received_at FROM existing`,
    [applicationId, key, fingerprint, clientRevision, email, JSON.stringify(body), receivedAt],
  );
  const row = rows[0];
  if (row?.outcome === 'created') return { outcome: 'created', receipt: { id: applicationId, receivedAt: iso(row.received_at) } };
  if (row) return repeatOf(row, fingerprint);
  const again = await store.query('SELECT application_id, fingerprint, received_at FROM revisions WHERE idempotency_key = $1', [key]);
  if (again.rows[0]) return repeatOf(again.rows[0], fingerprint);
  throw new Error('the application was neither stored nor found');
}

/**
 * @typedef {{ id: string, createdAt: string, updatedAt: string, revisions: number, receivedAt: string, body: unknown }} StoredApplication
 */

/**
 * Every application with its latest revision, oldest first; `since` keeps those changed since then.
 * @param {import('./store-types.mjs').Queryable} store
 * @param {{ since?: Date | null }} [options]
 * @returns {Promise<StoredApplication[]>}
 */
export async function latestApplications(store, { since = null } = {}) {
  const { rows } = await store.query(
    `SELECT DISTINCT ON (a.id) a.id, a.created_at, a.updated_at, r.received_at, r.body,
            (SELECT count(*) FROM revisions c WHERE c.application_id = a.id) AS revisions
     FROM applications a JOIN revisions r ON r.application_id = a.id
     WHERE $1::timestamptz IS NULL OR a.updated_at >= $1::timestamptz
     ORDER BY a.id, r.client_revision DESC NULLS LAST, r.seq DESC`,
    [since],
  );
  return rows
    .map((row) => ({
      id: String(row.id),
      createdAt: iso(row.created_at),
      updatedAt: iso(row.updated_at),
      revisions: Number(row.revisions),
      receivedAt: iso(row.received_at),
      body: typeof row.body === 'string' ? JSON.parse(row.body) : row.body,
    }))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

/**
 * Deletes every application any revision of which names this e-mail address, with all its revisions.
 * @param {import('./store-types.mjs').Store} store
 * @param {string} email
 * @returns {Promise<{ applications: number, revisions: number }>}
 */
export function eraseByEmail(store, email) {
  return store.transaction(async (tx) => {
    const { rows } = await tx.query(
      `WITH doomed AS (SELECT DISTINCT application_id FROM revisions WHERE email = $1),
            gone_revisions AS (DELETE FROM revisions WHERE application_id IN (SELECT application_id FROM doomed) RETURNING 1),
            gone AS (DELETE FROM applications WHERE id IN (SELECT application_id FROM doomed) RETURNING 1)
       SELECT (SELECT count(*) FROM gone) AS applications, (SELECT count(*) FROM gone_revisions) AS revisions`,
      [normalisedEmail(email)],
    );
    return { applications: Number(rows[0]?.applications ?? 0), revisions: Number(rows[0]?.revisions ?? 0) };
  });
}

/**
 * How an address is stored and matched: trimmed, lower case.
 * @param {string} email
 */
export function normalisedEmail(email) {
  return email.trim().toLowerCase();
}
