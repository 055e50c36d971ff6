// What the receiver stores, in SQL that runs unchanged on PGlite and PostgreSQL: one application
// per Application-Id, each distinct body a revision with its own Idempotency-Key. The latest
// revision is the one with the highest client revision number (the wizard counts its edits), then
// the last received; an export shows only that one. Every write is one transaction, committed
// before the caller answers; several received bodies may share one (group-commit.mjs).

/**
 * @typedef {{ id: string, receivedAt: string }} Receipt
 * @typedef {{
 *   key: string, applicationId: string, clientRevision: number | null, fingerprint: string,
 *   body: unknown, email: string | null, language: string | null, receivedAt: Date,
 * }} Received
 * @typedef {{ webhooks?: boolean, giveUpAfterMs?: number }} ReceiveOptions webhooks: write a
 *   delivery to the webhooks' outbox for each revision stored, in the same statement, retried for
 *   giveUpAfterMs
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
 * Stores received bodies, or finds the revisions their keys already made, all in one statement:
 * one implicit transaction, one round trip and one commit for the lot (the group commit of
 * group-commit.mjs), each result in the order given. It reads the keys, and for the new ones
 * upserts their applications and inserts their revisions in the order given (so the last received
 * is the latest among equal revision numbers). When another instance stores the same key at the
 * same moment, the unique key makes the insert wait for it and do nothing; that key is then read
 * again. The keys must be distinct: a key's repeat waits for its first to be answered (receiver.mjs).
 * With webhooks on, each revision stored gets its delivery in the outbox in the same statement
 * (so the same transaction): `application.received` for the first revision of an application,
 * `application.revised` for the others; a repeated or refused body gets none.
 * @param {import('./store-types.mjs').Queryable} store
 * @param {ReadonlyArray<Received>} received
 * @param {ReceiveOptions} [options]
 * @returns {Promise<ReceiveResult[]>}
 */
export async function receiveApplications(store, received, { webhooks = false, giveUpAfterMs = 0 } = {}) {
  if (received.length === 0) return [];
  if (new Set(received.map((item) => item.key)).size !== received.length) throw new Error('one Idempotency-Key twice in one statement');
  const input = received.map((item, ord) => ({
    ord,
    key: item.key,
    application_id: item.applicationId,
    fingerprint: item.fingerprint,
    client_revision: item.clientRevision,
    email: item.email,
    language: item.language,
    body: item.body,
    received_at: item.receivedAt.toISOString(),
  }));
  const { rows } = await store.query(
    `WITH input AS (
       SELECT * FROM jsonb_to_recordset($1::jsonb)
         AS item (ord integer, key text, application_id text, fingerprint text, client_revision integer, email text, language text, body jsonb, received_at timestamptz)
     ), existing AS (
       SELECT idempotency_key, application_id, fingerprint, received_at FROM revisions WHERE idempotency_key IN (SELECT key FROM input)
     ), fresh AS (
       SELECT * FROM input WHERE key NOT IN (SELECT idempotency_key FROM existing)
     ), application AS (
       INSERT INTO applications (id, created_at, updated_at)
       SELECT application_id, min(received_at), max(received_at) FROM fresh GROUP BY application_id ORDER BY application_id
       ON CONFLICT (id) DO UPDATE SET updated_at = GREATEST(applications.updated_at, EXCLUDED.updated_at)
       RETURNING id, (xmax = 0) AS created
     ), inserted AS (
       INSERT INTO revisions (application_id, idempotency_key, fingerprint, client_revision, email, language, body, received_at)
       SELECT fresh.application_id, fresh.key, fresh.fingerprint, fresh.client_revision, fresh.email, fresh.language, fresh.body, fresh.received_at
       FROM fresh JOIN application ON application.id = fresh.application_id ORDER BY fresh.ord
       ON CONFLICT (idempotency_key) DO NOTHING
       RETURNING seq, idempotency_key, application_id, fingerprint, received_at
     ), announced AS (
       INSERT INTO webhook_deliveries (id, revision_seq, application_id, type, created_at, give_up_at, next_attempt_at)
       SELECT 'msg_' || replace(gen_random_uuid()::text, '-', ''), inserted.seq, inserted.application_id,
              CASE WHEN application.created AND fresh.ord = min(fresh.ord) OVER (PARTITION BY fresh.application_id)
                   THEN 'application.received' ELSE 'application.revised' END,
              inserted.received_at, inserted.received_at + $3::integer * interval '1 millisecond', inserted.received_at
       FROM inserted JOIN fresh ON fresh.key = inserted.idempotency_key JOIN application ON application.id = inserted.application_id
       WHERE $2::boolean
       ORDER BY fresh.ord
       RETURNING 1
     )
     SELECT 'created' AS outcome, idempotency_key, application_id, fingerprint, received_at FROM inserted
     UNION ALL SELECT 'existing' AS outcome, idempotency_key, application_id, fingerprint, received_at FROM existing`,
    [JSON.stringify(input), webhooks, giveUpAfterMs],
  );
  const byKey = new Map(rows.map((row) => [String(row.idempotency_key), row]));
  const missing = received.filter((item) => !byKey.has(item.key)).map((item) => item.key);
  if (missing.length > 0) {
    const again = await store.query('SELECT idempotency_key, application_id, fingerprint, received_at FROM revisions WHERE idempotency_key IN (SELECT jsonb_array_elements_text($1::jsonb))', [JSON.stringify(missing)]);
    for (const row of again.rows) byKey.set(String(row.idempotency_key), row);
  }
  return received.map((item) => {
    const row = byKey.get(item.key);
    if (!row) throw new Error('the application was neither stored nor found');
    if (row.outcome === 'created') return { outcome: 'created', receipt: { id: item.applicationId, receivedAt: iso(row.received_at) } };
    return repeatOf(row, item.fingerprint);
  });
}

/**
 * Stores one received body, or finds the revision its key already made (receiveApplications for one).
 * @param {import('./store-types.mjs').Queryable} store
 * @param {Received} received
 * @param {ReceiveOptions} [options]
 * @returns {Promise<ReceiveResult>}
 */
export async function receiveApplication(store, received, options = {}) {
  const [result] = await receiveApplications(store, [received], options);
  if (!result) throw new Error('the application was neither stored nor found');
  return result;
}

/**
 * @typedef {{ id: string, createdAt: string, updatedAt: string, revisions: number, receivedAt: string, language: string | null, body: unknown }} StoredApplication
 */

/**
 * Every application with its latest revision, oldest first; `since` keeps those changed since then.
 * @param {import('./store-types.mjs').Queryable} store
 * @param {{ since?: Date | null }} [options]
 * @returns {Promise<StoredApplication[]>}
 */
export async function latestApplications(store, { since = null } = {}) {
  const { rows } = await store.query(
    `SELECT DISTINCT ON (a.id) a.id, a.created_at, a.updated_at, r.received_at, r.language, r.body,
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
      language: row.language === null || row.language === undefined ? null : String(row.language),
      body: typeof row.body === 'string' ? JSON.parse(row.body) : row.body,
    }))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

/**
 * @typedef {{ id: string, revision: number | null, receivedAt: string, latest: boolean, language: string | null, body: unknown }} StoredRevision
 */

/**
 * Every revision of every application, for the team's records: oldest application first, each
 * application's revisions in the order they arrived; `latest` marks the one export shows.
 * `since` keeps the revisions received since then.
 * @param {import('./store-types.mjs').Queryable} store
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
  return rows.map((row) => ({
    id: String(row.application_id),
    revision: row.client_revision === null ? null : Number(row.client_revision),
    receivedAt: iso(row.received_at),
    latest: row.latest === true,
    language: row.language === null || row.language === undefined ? null : String(row.language),
    body: typeof row.body === 'string' ? JSON.parse(row.body) : row.body,
  }));
}

/**
 * Deletes every application any revision of which names this e-mail address, with all its
 * revisions (and their webhooks not yet delivered), then has the store purge them from its files.
 * @param {import('./store-types.mjs').Store} store
 * @param {string} email
 * @returns {Promise<{ applications: number, revisions: number }>}
 */
export async function eraseByEmail(store, email) {
  const erased = await store.transaction(async (tx) => {
    const { rows } = await tx.query(
      `WITH doomed AS (SELECT DISTINCT application_id FROM revisions WHERE email = $1),
            gone_revisions AS (DELETE FROM revisions WHERE application_id IN (SELECT application_id FROM doomed) RETURNING 1),
            gone AS (DELETE FROM applications WHERE id IN (SELECT application_id FROM doomed) RETURNING 1)
       SELECT (SELECT count(*) FROM gone) AS applications, (SELECT count(*) FROM gone_revisions) AS revisions`,
      [normalisedEmail(email)],
    );
    return { applications: Number(rows[0]?.applications ?? 0), revisions: Number(rows[0]?.revisions ?? 0) };
  });
  if (erased.revisions > 0) await store.purgeErased?.();
  return erased;
}

/**
 * How an address is stored and matched: trimmed, lower case.
 * @param {string} email
 */
export function normalisedEmail(email) {
  return email.trim().toLowerCase();
}
