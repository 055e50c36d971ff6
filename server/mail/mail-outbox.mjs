// The creator's e-mails' outbox is the status history itself (application_statuses, migration 8):
// a row written with mail_status 'pending' is an e-mail to send, in the same transaction as the
// status it announces. Here rows are claimed, settled, listed and sent again, in SQL that runs
// unchanged on PGlite and PostgreSQL. A claim leases its rows ('sending' until mail_leased_until)
// in one statement with FOR UPDATE SKIP LOCKED, so among several receivers on one PostgreSQL each
// e-mail is handed to the SMTP server by one of them, and a receiver that dies mid-attempt leaves a
// lease that runs out (and the e-mail is sent again then, with the same Message-ID) rather than an
// e-mail stuck for ever. An application's e-mails go one at a time, oldest first: a decision never
// arrives before its receipt.

/**
 * @typedef {'none' | 'pending' | 'sending' | 'sent' | 'failed'} MailStatus
 * @typedef {{
 *   seq: number, applicationId: string, status: string, message: string | null, changedAt: Date,
 *   attempts: number, reference: string | null, pageOrigin: string | null, language: string | null,
 *   email: string | null,
 * }} ClaimedMail email and language: the application's latest revision's
 * @typedef {{ seq: number, attempts: number, status: 'sent' | 'pending' | 'failed', nextAttemptAt: Date | null, lastError: string | null, at: Date }} MailOutcome
 * @typedef {{
 *   seq: number, applicationId: string, status: string, mailStatus: MailStatus, attempts: number,
 *   changedAt: string, nextAttemptAt: string | null, lastError: string | null, sentAt: string | null, email: string | null,
 * }} MailRecord
 */

/** @param {unknown} value */
function date(value) {
  return value instanceof Date ? value : new Date(String(value));
}

/** @param {unknown} value */
function isoOrNull(value) {
  return value === null || value === undefined ? null : date(value).toISOString();
}

/** @param {unknown} value */
function textOrNull(value) {
  return typeof value === 'string' ? value : null;
}

// The latest revision of an application, as applications-table.mjs orders them: the highest
// Application-Revision (a body without one comes before every numbered one), then the last stored.
const LATEST_REVISION = `SELECT rv.language, rv.body FROM revisions rv WHERE rv.application_id = c.application_id ORDER BY rv.client_revision DESC NULLS LAST, rv.seq DESC LIMIT 1`;

/**
 * Leases up to `limit` due e-mails (pending and due, or sending with a lease run out), at most one
 * per application, with what they need: the reference, the page's origin, the latest revision's
 * language and address. Each claim counts as an attempt.
 * @param {import('../store/store-types.mjs').Store} store
 * @param {{ now: Date, limit: number, leaseMs: number }} options
 * @returns {Promise<ClaimedMail[]>}
 */
export async function claimDueMail(store, { now, limit, leaseMs }) {
  const { rows } = await store.query(
    `WITH due AS (
       SELECT s.seq FROM application_statuses s
       WHERE ((s.mail_status = 'pending' AND s.mail_next_attempt_at <= $1) OR (s.mail_status = 'sending' AND s.mail_leased_until <= $1))
         AND NOT EXISTS (SELECT 1 FROM application_statuses e WHERE e.application_id = s.application_id AND e.mail_status IN ('pending', 'sending') AND e.seq < s.seq)
       ORDER BY s.seq LIMIT $2
       FOR UPDATE OF s SKIP LOCKED
     ), claimed AS (
       UPDATE application_statuses a SET mail_status = 'sending', mail_leased_until = $3, mail_attempts = a.mail_attempts + 1
       FROM due WHERE a.seq = due.seq
       RETURNING a.seq, a.application_id, a.status, a.message, a.changed_at, a.mail_attempts
     )
     SELECT c.seq, c.application_id, c.status, c.message, c.changed_at, c.mail_attempts, l.reference, l.page_origin,
            r.language, r.body -> 'personalInfo' ->> 'emailAddress' AS email
     FROM claimed c
     LEFT JOIN application_status_links l ON l.application_id = c.application_id
     LEFT JOIN LATERAL (${LATEST_REVISION}) r ON true
     ORDER BY c.seq`,
    [now.toISOString(), limit, new Date(now.getTime() + leaseMs).toISOString()],
  );
  return rows.map((row) => ({
    seq: Number(row.seq),
    applicationId: String(row.application_id),
    status: String(row.status),
    message: textOrNull(row.message),
    changedAt: date(row.changed_at),
    attempts: Number(row.mail_attempts),
    reference: textOrNull(row.reference),
    pageOrigin: textOrNull(row.page_origin),
    language: textOrNull(row.language),
    email: textOrNull(row.email),
  }));
}

/**
 * Settles one claimed e-mail. A failure of an attempt that is no longer the latest (its lease ran
 * out and another began) is dropped; a sending always counts.
 * @param {import('../store/store-types.mjs').Queryable} store
 * @param {MailOutcome} outcome
 */
export async function settleMail(store, outcome) {
  await store.query(
    `UPDATE application_statuses
     SET mail_status = $2, mail_next_attempt_at = coalesce($3, mail_next_attempt_at), mail_leased_until = NULL, mail_last_error = $4,
         mail_sent_at = CASE WHEN $2 = 'sent' THEN $5::timestamptz ELSE mail_sent_at END
     WHERE seq = $1 AND mail_status = 'sending' AND (mail_attempts = $6 OR $2 = 'sent')`,
    [outcome.seq, outcome.status, outcome.nextAttemptAt?.toISOString() ?? null, outcome.lastError, outcome.at.toISOString(), outcome.attempts],
  );
}

/**
 * The e-mails of the outbox (every row with one), oldest first; only the failed ones with `failed`.
 * @param {import('../store/store-types.mjs').Queryable} store
 * @param {{ failed?: boolean }} [which]
 * @returns {Promise<MailRecord[]>} email: the latest revision's address, for the caller to mask
 */
export async function mailRecords(store, { failed = false } = {}) {
  const { rows } = await store.query(
    `SELECT c.seq, c.application_id, c.status, c.mail_status, c.mail_attempts, c.changed_at, c.mail_next_attempt_at, c.mail_last_error, c.mail_sent_at,
            r.body -> 'personalInfo' ->> 'emailAddress' AS email
     FROM application_statuses c LEFT JOIN LATERAL (${LATEST_REVISION}) r ON true
     WHERE ${failed ? "c.mail_status = 'failed'" : "c.mail_status <> 'none'"}
     ORDER BY c.seq`,
  );
  return rows.map((row) => ({
    seq: Number(row.seq),
    applicationId: String(row.application_id),
    status: String(row.status),
    mailStatus: /** @type {MailStatus} */ (String(row.mail_status)),
    attempts: Number(row.mail_attempts),
    changedAt: date(row.changed_at).toISOString(),
    nextAttemptAt: row.mail_status === 'pending' ? isoOrNull(row.mail_next_attempt_at) : null,
    lastError: textOrNull(row.mail_last_error),
    sentAt: isoOrNull(row.mail_sent_at),
    email: textOrNull(row.email),
  }));
}

/**
 * Puts one sent or failed e-mail back in the outbox, to be sent now (its attempts counted afresh).
 * @param {import('../store/store-types.mjs').Queryable} store
 * @param {number} seq
 * @param {Date} now
 * @returns {Promise<'resent' | 'unknown' | 'not-settled'>} not-settled: pending or sending already, or never an e-mail
 */
export async function resendMail(store, seq, now) {
  const { rows } = await store.query(
    `WITH target AS (SELECT seq, mail_status FROM application_statuses WHERE seq = $1),
     changed AS (
       UPDATE application_statuses a SET mail_status = 'pending', mail_next_attempt_at = $2, mail_leased_until = NULL, mail_attempts = 0, mail_last_error = NULL
       FROM target WHERE a.seq = target.seq AND target.mail_status IN ('sent', 'failed') RETURNING a.seq
     )
     SELECT target.mail_status, (SELECT count(*) FROM changed) AS changed FROM target`,
    [seq, now.toISOString()],
  );
  const row = rows[0];
  if (!row) return 'unknown';
  return Number(row.changed) > 0 ? 'resent' : 'not-settled';
}
