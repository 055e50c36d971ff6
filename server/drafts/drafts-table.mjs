// Drafts in transit, in SQL that runs unchanged on PGlite and PostgreSQL (table of schema version 5,
// schema.mjs): ciphertext stored under an id the creator's browser chose at random, fetched once by
// the device that opens the link. Each operation is one statement, so one transaction: a fetch
// reads the content and drops it in the same one, and of two fetches at once only one gets it (on
// PostgreSQL the second waits for the first's row lock, then finds the content gone). What remains
// of a fetched or withdrawn draft is a tombstone (no content) until its expiry, so a second opening
// is told the link was used rather than that it never existed; the sweep deletes both kinds.
// Times come from the caller, so an expired draft is never served, swept or not.

const TABLE = 'receiver_drafts.drafts';

/**
 * @typedef {{ outcome: 'stored', expiresAt: Date } | { outcome: 'exists' }} StoreDraftResult
 * @typedef {{ outcome: 'taken', content: Buffer } | { outcome: 'gone' } | { outcome: 'unknown' }} TakeDraftResult
 *   gone: used, withdrawn or expired (a tombstone or an expired row); unknown: no row
 * @typedef {{ outcome: 'withdrawn' } | { outcome: 'gone' } | { outcome: 'unknown' }} WithdrawDraftResult
 *   withdrawn: its content was there and not expired, and is dropped now; gone: already used,
 *   withdrawn or expired; unknown: no row
 */

/** @param {unknown} value */
function date(value) {
  return value instanceof Date ? value : new Date(String(value));
}

/**
 * Stores a draft under a new id; an id already there (even a tombstone) is not replaced.
 * @param {import('../store/store-types.mjs').Queryable} store
 * @param {{ id: string, content: Uint8Array, now: Date, expiresAt: Date }} draft
 * @returns {Promise<StoreDraftResult>}
 */
export async function storeDraft(store, { id, content, now, expiresAt }) {
  const { rows } = await store.query(
    `INSERT INTO ${TABLE} (id, content, created_at, expires_at) VALUES ($1, $2::bytea, $3, $4)
     ON CONFLICT (id) DO NOTHING RETURNING expires_at`,
    [id, content, now.toISOString(), expiresAt.toISOString()],
  );
  const row = rows[0];
  return row ? { outcome: 'stored', expiresAt: date(row.expires_at) } : { outcome: 'exists' };
}

/**
 * Returns a draft's content and leaves only its tombstone, in one statement.
 * @param {import('../store/store-types.mjs').Queryable} store
 * @param {string} id
 * @param {Date} now
 * @returns {Promise<TakeDraftResult>}
 */
export async function takeDraft(store, id, now) {
  const { rows } = await store.query(
    `WITH taken AS (
       UPDATE ${TABLE} d SET content = NULL
       FROM (SELECT id, content FROM ${TABLE} WHERE id = $1 FOR UPDATE) old
       WHERE d.id = old.id AND old.content IS NOT NULL AND d.expires_at > $2
       RETURNING old.content
     )
     SELECT (SELECT content FROM taken) AS content, EXISTS (SELECT 1 FROM ${TABLE} WHERE id = $1) AS known`,
    [id, now.toISOString()],
  );
  const row = rows[0];
  const content = row?.content;
  if (content !== null && content !== undefined) return { outcome: 'taken', content: Buffer.from(/** @type {Uint8Array} */ (content)) };
  return row?.known === true ? { outcome: 'gone' } : { outcome: 'unknown' };
}

/**
 * Drops a draft's content (the creator withdrew the link), keeping its tombstone, and tells whether
 * the link was still unused: in one statement, so a fetch at the same moment either took the
 * content first (gone) or finds it dropped. An expired draft's content is dropped too, as gone.
 * @param {import('../store/store-types.mjs').Queryable} store
 * @param {string} id
 * @param {Date} now
 * @returns {Promise<WithdrawDraftResult>}
 */
export async function withdrawDraft(store, id, now) {
  const { rows } = await store.query(
    `WITH old AS (
       SELECT id, content IS NOT NULL AS held, expires_at > $2 AS living FROM ${TABLE} WHERE id = $1 FOR UPDATE
     ), dropped AS (
       UPDATE ${TABLE} d SET content = NULL FROM old WHERE d.id = old.id AND old.held RETURNING old.living
     )
     SELECT EXISTS (SELECT 1 FROM old) AS known, coalesce((SELECT living FROM dropped), false) AS withdrawn`,
    [id, now.toISOString()],
  );
  const row = rows[0];
  if (row?.known !== true) return { outcome: 'unknown' };
  return row.withdrawn === true ? { outcome: 'withdrawn' } : { outcome: 'gone' };
}

/**
 * Deletes every draft and tombstone whose time is over.
 * @param {import('../store/store-types.mjs').Queryable} store
 * @param {Date} now
 * @returns {Promise<number>} how many rows were deleted
 */
export async function sweepDrafts(store, now) {
  const { rows } = await store.query(`WITH gone AS (DELETE FROM ${TABLE} WHERE expires_at <= $1 RETURNING 1) SELECT count(*) AS count FROM gone`, [
    now.toISOString(),
  ]);
  return Number(rows[0]?.count ?? 0);
}
