// The webhooks' outbox, in SQL that runs unchanged on PGlite and PostgreSQL. Rows are written with
// the revisions they announce (applications.mjs); here they are claimed, settled, listed and sent
// again. A claim leases its rows (`leased_until`) in one statement with FOR UPDATE SKIP LOCKED, so
// among several receivers on one PostgreSQL each attempt is made by one of them, and a receiver
// that dies mid-attempt leaves a lease that expires rather than a message stuck for ever.
// Messages of one application go one at a time, oldest first: a message is due only when no older
// one of its application is still pending. A message whose revision is older than one already
// delivered for its application is settled as `superseded` and not sent, so the team's tools never
// see an application go back to older answers. Such a revision is no longer stored from a numbered
// body (applications.mjs refuses it); it remains from receivers before that rule, or from a body
// without a number sent after numbered ones.
// Claims and settlements commit without waiting for the disk (synchronous_commit off, for their
// transaction only): losing one to a crash can only make a message be sent again, with the same
// webhook-id, which at-least-once delivery allows; the message itself was stored durably with its
// application. It spares the embedded store two syncs per batch on the thread that stores applications.
import { parseJson } from '../http/parse-json.mjs';
import { filesOfApplications, filesOfBody, withoutUploadIds } from '../applications/application-files-table.mjs';

/**
 * @typedef {'pending' | 'delivered' | 'failed' | 'superseded'} DeliveryStatus
 * @typedef {{
 *   seq: number, id: string, applicationId: string, type: string, attempts: number, giveUpAt: Date,
 *   superseded: boolean, revision: number, language: string | null, body: unknown, receivedAt: string,
 *   files: import('../applications/application-files-table.mjs').ApplicationFile[],
 *   statusChange: { status: string, changedAt: string } | null,
 * }} ClaimedDelivery body: without its upload ids (application-files.mjs); files: the facts of the files it names;
 *   statusChange: the change an `application.status_changed` announces (server/status/decide.mjs)
 * @typedef {{
 *   seq: number, attempts: number, status: DeliveryStatus, nextAttemptAt: Date | null,
 *   lastStatus: number | null, lastError: string | null, at: Date,
 * }} DeliveryOutcome
 * @typedef {{
 *   id: string, applicationId: string, type: string, status: DeliveryStatus, attempts: number,
 *   createdAt: string, nextAttemptAt: string | null, lastAttemptAt: string | null,
 *   lastStatus: number | null, lastError: string | null,
 * }} DeliveryRecord
 */

/** @param {unknown} value */
function date(value) {
  return value instanceof Date ? value : new Date(String(value));
}

/** @param {unknown} value */
function isoOrNull(value) {
  return value === null || value === undefined ? null : date(value).toISOString();
}

/**
 * Runs one statement in a transaction whose commit does not wait for the disk (see above).
 * @param {import('../store/store-types.mjs').Store} store
 * @param {string} sql
 * @param {unknown[]} params
 */
function bookkeeping(store, sql, params) {
  return store.transaction(async (tx) => {
    await tx.query('SET LOCAL synchronous_commit = off');
    return tx.query(sql, params);
  });
}

/**
 * Leases up to `limit` due messages, at most one per application, and returns them with what their
 * webhook carries. Each claim counts as an attempt.
 * @param {import('../store/store-types.mjs').Store} store
 * @param {{ now: Date, limit: number, leaseMs: number }} options
 * @returns {Promise<ClaimedDelivery[]>}
 */
export async function claimDueDeliveries(store, { now, limit, leaseMs }) {
  const { rows } = await bookkeeping(
    store,
    `WITH due AS (
       SELECT d.seq FROM webhook_deliveries d
       WHERE d.status = 'pending' AND d.next_attempt_at <= $1 AND (d.leased_until IS NULL OR d.leased_until <= $1)
         AND NOT EXISTS (SELECT 1 FROM webhook_deliveries e WHERE e.application_id = d.application_id AND e.status = 'pending' AND e.seq < d.seq)
       ORDER BY d.seq LIMIT $2
       FOR UPDATE OF d SKIP LOCKED
     ), claimed AS (
       UPDATE webhook_deliveries w SET leased_until = $3, attempts = w.attempts + 1, last_attempt_at = $1
       FROM due WHERE w.seq = due.seq
       RETURNING w.seq, w.id, w.application_id, w.type, w.attempts, w.give_up_at, w.revision_seq, w.status_seq, w.redelivered
     )
     SELECT c.seq, c.id, c.application_id, c.type, c.attempts, c.give_up_at, r.client_revision, r.language, r.body, r.received_at,
            st.status AS changed_status, st.changed_at AS status_changed_at,
            (SELECT count(*) FROM revisions o WHERE o.application_id = c.application_id AND o.seq <= r.seq) AS ordinal,
            -- A change of status is never superseded, nor supersedes a revision.
            (NOT c.redelivered AND c.status_seq IS NULL AND EXISTS (
              SELECT 1 FROM webhook_deliveries x JOIN revisions xr ON xr.seq = x.revision_seq
              WHERE x.application_id = c.application_id AND x.status = 'delivered' AND x.status_seq IS NULL AND (
                (xr.client_revision IS NOT NULL AND (r.client_revision IS NULL OR xr.client_revision > r.client_revision))
                OR (xr.client_revision IS NOT DISTINCT FROM r.client_revision AND xr.seq > r.seq)))) AS superseded
     FROM claimed c JOIN revisions r ON r.seq = c.revision_seq LEFT JOIN application_statuses st ON st.seq = c.status_seq
     ORDER BY c.seq`,
    [now.toISOString(), limit, new Date(now.getTime() + leaseMs).toISOString()],
  );
  // The files' facts: a query of their own, run only when something was claimed.
  /** @type {Map<string, import('../applications/application-files-table.mjs').Binding[]>} */
  const files =
    rows.length > 0
      ? await filesOfApplications(
          store,
          rows.map((row) => String(row.application_id)),
        )
      : new Map();
  return rows.map((row) => {
    const body = typeof row.body === 'string' ? parseJson(row.body) : row.body;
    return {
      seq: Number(row.seq),
      id: String(row.id),
      applicationId: String(row.application_id),
      type: String(row.type),
      attempts: Number(row.attempts),
      giveUpAt: date(row.give_up_at),
      superseded: row.superseded === true,
      revision: row.client_revision === null ? Number(row.ordinal) : Number(row.client_revision),
      language: typeof row.language === 'string' ? row.language : null,
      body: withoutUploadIds(body),
      receivedAt: date(row.received_at).toISOString(),
      files: filesOfBody(body, files.get(String(row.application_id)) ?? []),
      statusChange: typeof row.changed_status === 'string' ? { status: row.changed_status, changedAt: date(row.status_changed_at).toISOString() } : null,
    };
  });
}

/**
 * Settles claimed messages. An outcome for an attempt that is no longer the message's latest (its
 * lease ran out and another attempt began) is dropped, unless it is a delivery, which always counts.
 * @param {import('../store/store-types.mjs').Store} store
 * @param {ReadonlyArray<DeliveryOutcome>} outcomes
 * @returns {Promise<boolean>} whether a message no longer pending has a later one of its application
 *   waiting for it, now due: worth a claim before the next poll
 */
export async function settleDeliveries(store, outcomes) {
  if (outcomes.length === 0) return false;
  const input = outcomes.map((outcome) => ({
    seq: outcome.seq,
    attempts: outcome.attempts,
    status: outcome.status,
    next_attempt_at: outcome.nextAttemptAt?.toISOString() ?? null,
    last_status: outcome.lastStatus,
    last_error: outcome.lastError,
    at: outcome.at.toISOString(),
  }));
  const { rows } = await bookkeeping(
    store,
    `UPDATE webhook_deliveries w
     SET status = o.status, next_attempt_at = coalesce(o.next_attempt_at, w.next_attempt_at), leased_until = NULL,
         last_status = o.last_status, last_error = o.last_error,
         delivered_at = CASE WHEN o.status = 'delivered' THEN o.at ELSE w.delivered_at END
     FROM jsonb_to_recordset($1::jsonb) AS o (seq bigint, attempts integer, status text, next_attempt_at timestamptz, last_status integer, last_error text, at timestamptz)
     WHERE w.seq = o.seq AND w.status = 'pending' AND (w.attempts = o.attempts OR o.status = 'delivered')
     RETURNING w.status <> 'pending' AND EXISTS (
       SELECT 1 FROM webhook_deliveries n WHERE n.application_id = w.application_id AND n.status = 'pending' AND n.seq > w.seq) AS next_due`,
    [JSON.stringify(input)],
  );
  return rows.some((row) => row.next_due === true);
}

/**
 * Messages not delivered: pending (with their next attempt) and failed, oldest first.
 * @param {import('../store/store-types.mjs').Queryable} store
 * @returns {Promise<DeliveryRecord[]>}
 */
export async function undeliveredDeliveries(store) {
  const { rows } = await store.query(
    `SELECT id, application_id, type, status, attempts, created_at, next_attempt_at, last_attempt_at, last_status, last_error
     FROM webhook_deliveries WHERE status IN ('pending', 'failed') ORDER BY seq`,
  );
  return rows.map((row) => ({
    id: String(row.id),
    applicationId: String(row.application_id),
    type: String(row.type),
    status: /** @type {DeliveryStatus} */ (String(row.status)),
    attempts: Number(row.attempts),
    createdAt: date(row.created_at).toISOString(),
    nextAttemptAt: row.status === 'pending' ? isoOrNull(row.next_attempt_at) : null,
    lastAttemptAt: isoOrNull(row.last_attempt_at),
    lastStatus: row.last_status === null ? null : Number(row.last_status),
    lastError: typeof row.last_error === 'string' ? row.last_error : null,
  }));
}

/**
 * Sends messages again from now on, with a fresh give-up time: one by its webhook-id (whatever its
 * status: a team that lost a delivered one may ask for it), or every failed one.
 * @param {import('../store/store-types.mjs').Queryable} store
 * @param {{ id: string } | { failed: true }} which
 * @param {{ now: Date, giveUpAfterMs: number }} options
 * @returns {Promise<number>} how many
 */
export async function redeliver(store, which, { now, giveUpAfterMs }) {
  const { rows } = await store.query(
    `UPDATE webhook_deliveries
     SET status = 'pending', redelivered = true, next_attempt_at = $1, give_up_at = $2, leased_until = NULL
     WHERE ${'id' in which ? 'id = $3' : "status = 'failed'"}
     RETURNING 1`,
    'id' in which
      ? [now.toISOString(), new Date(now.getTime() + giveUpAfterMs).toISOString(), which.id]
      : [now.toISOString(), new Date(now.getTime() + giveUpAfterMs).toISOString()],
  );
  return rows.length;
}

/**
 * Frees every lease: only for the embedded store at start, where no other process can hold one
 * (the data folder admits one), so a message whose attempt a crash cut short is tried again at once.
 * @param {import('../store/store-types.mjs').Queryable} store
 */
export async function releaseLeases(store) {
  await store.query(`UPDATE webhook_deliveries SET leased_until = NULL WHERE status = 'pending' AND leased_until IS NOT NULL`);
}

/**
 * Forgets messages settled (delivered or superseded) before `before`; pending and failed stay.
 * @param {import('../store/store-types.mjs').Queryable} store
 * @param {Date} before
 * @returns {Promise<number>}
 */
export async function pruneSettledDeliveries(store, before) {
  const { rows } = await store.query(
    `DELETE FROM webhook_deliveries WHERE status IN ('delivered', 'superseded') AND coalesce(delivered_at, last_attempt_at, created_at) < $1 RETURNING 1`,
    [before.toISOString()],
  );
  return rows.length;
}
