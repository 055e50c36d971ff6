// A decision on an application (`npm run -s applications -- decide ID STATUS [--message TEXT]`):
// a new row of its history, never an update of the last, written in one transaction with its
// e-mail's place in the mail outbox (pending when mail is on and the creator is told of it:
// accepted, declined) and, with webhooks on, its `application.status_changed` webhook in the
// webhooks' outbox. On PostgreSQL the transaction first takes the application's advisory lock (the
// one its revisions and its erasure take: applications-table.mjs), so of two decisions at once the
// second reads the first's status, and none lands on an application being erased.
import { REVISION_LOCK_CLASS } from '../applications/applications-table.mjs';
import { readCommitted } from '../applications/erasure.mjs';
import { standingOf } from './status-history.mjs';

/** What a decision may set; `received` is the receiver's alone. */
export const DECISIONS = Object.freeze(['in-review', 'accepted', 'declined']);
/** A message to the creator, accepted or declined only: at most this many characters. */
export const MAX_MESSAGE_CHARACTERS = 2000;

// The page's rule (src/application/values/storable-text.ts: NUL, a lone surrogate, a Unicode
// non-character), which PostgreSQL or Unicode refuses; a test keeps the two saying the same.
const PLANE_ENDS = Array.from(
  { length: 17 },
  (_, plane) => `\\u{${(plane * 0x10000 + 0xfffe).toString(16)}}-\\u{${(plane * 0x10000 + 0xffff).toString(16)}}`,
).join('');
const UNSTORABLE = new RegExp(`[\\u{0}\\u{d800}-\\u{dfff}\\u{fdd0}-\\u{fdef}${PLANE_ENDS}]`, 'u');

/** A decision refused: its message says why, for the person deciding. */
export class DecisionRefused extends Error {}

/** A decision made on a history that has changed since the person deciding read it: nothing was written. */
export class DecidedMeanwhile extends Error {}

/**
 * Whether text can be stored: none of NUL, a lone surrogate, a Unicode non-character.
 * @param {string} text
 */
export function isStorable(text) {
  return !UNSTORABLE.test(text);
}

/**
 * @typedef {{
 *   applicationId: string, status: string, message?: string | null, by: string, mail: boolean,
 *   webhooks?: { giveUpAfterMs: number } | null, now?: Date, after?: number,
 *   alongside?: (tx: import('../store/store-types.mjs').Queryable) => Promise<void>,
 * }} Decision by: who decides ('cli', or a team member's e-mail); mail: the receiver's mail is on;
 *   webhooks: the webhook is written too, retried for giveUpAfterMs; after: the seq of the latest
 *   history row the person deciding saw (0: none), checked in the transaction, after the lock, so of
 *   two decisions made on one reading the second throws DecidedMeanwhile; alongside: more to write in
 *   the same transaction (the team's audit entry)
 * @typedef {{ applicationId: string, reference: string | null, status: string, changedAt: string }} Decided
 */

/**
 * Whether a message may go with this status, or why not.
 * @param {string} status
 * @param {string | null} message
 * @returns {string | null} the refusal, or null
 */
export function messageRefusal(status, message) {
  if (message === null) return null;
  if (status !== 'accepted' && status !== 'declined') return `a message goes only with accepted or declined, not ${status}`;
  // Characters as a person counts them, near enough: code points, not UTF-16 units.
  const characters = Array.from(message).length;
  if (characters > MAX_MESSAGE_CHARACTERS) return `the message is ${String(characters)} characters long; at most ${String(MAX_MESSAGE_CHARACTERS)}`;
  if (UNSTORABLE.test(message)) return 'the message holds a character that cannot be stored (NUL, a lone surrogate or a Unicode non-character)';
  return null;
}

/**
 * Records a decision (see above); throws DecisionRefused for an unknown id, a status that is not a
 * decision, a message it may not carry, or the status the application has already.
 * @param {import('../store/store-types.mjs').Store} store
 * @param {Decision} decision
 * @returns {Promise<Decided>}
 */
export async function decide(store, { applicationId, status, message = null, by, mail, webhooks = null, now = new Date(), after, alongside }) {
  if (!DECISIONS.includes(status)) throw new DecisionRefused(`${status} is not a decision: in-review, accepted or declined`);
  const refused = messageRefusal(status, message);
  if (refused) throw new DecisionRefused(refused);
  return store.transaction(async (tx) => {
    await readCommitted(store.kind, tx);
    if (store.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [REVISION_LOCK_CLASS, applicationId]);
    const standing = await standingOf(tx, applicationId);
    if (!standing) throw new DecisionRefused(`no application ${applicationId}`);
    if (after !== undefined) {
      const { rows: latest } = await tx.query('SELECT coalesce(max(seq), 0) AS seq FROM application_statuses WHERE application_id = $1', [applicationId]);
      if (Number(latest[0]?.seq) !== after) throw new DecidedMeanwhile('decided meanwhile');
    }
    if (standing.status === status) throw new DecisionRefused(`already ${status}`);
    const changedAt = now.toISOString();
    const mailed = mail && (status === 'accepted' || status === 'declined');
    const { rows } = await tx.query(
      `WITH first AS (
         -- An application stored before the history existed: its 'received' first, at its first revision.
         INSERT INTO application_statuses (application_id, status, changed_at, changed_by)
         SELECT $1, 'received', $9::timestamptz, 'receiver'
         WHERE NOT EXISTS (SELECT 1 FROM application_statuses WHERE application_id = $1)
         RETURNING seq
       ), changed AS (
         INSERT INTO application_statuses (application_id, status, message, changed_at, changed_by, mail_status, mail_next_attempt_at)
         SELECT $1, $2, $3, $4::timestamptz, $5, CASE WHEN $6::boolean THEN 'pending' ELSE 'none' END, CASE WHEN $6::boolean THEN $4::timestamptz END
         FROM (SELECT count(*) FROM first) AS after_first
         RETURNING seq
       ), announced AS (
         INSERT INTO webhook_deliveries (id, revision_seq, status_seq, application_id, type, created_at, give_up_at, next_attempt_at)
         SELECT 'msg_' || replace(gen_random_uuid()::text, '-', ''),
                (SELECT r.seq FROM revisions r WHERE r.application_id = $1 ORDER BY r.client_revision DESC NULLS LAST, r.seq DESC LIMIT 1),
                changed.seq, $1, 'application.status_changed', $4::timestamptz, $4::timestamptz + $8::integer * interval '1 millisecond', $4::timestamptz
         FROM changed WHERE $7::boolean
         RETURNING 1
       ), summarised AS (
         -- The team's inbox lists it under its new status (server/applications/application-summaries.mjs).
         UPDATE application_summaries SET status = $2 FROM changed WHERE application_id = $1
         RETURNING 1
       )
       SELECT seq FROM changed`,
      [applicationId, status, message, changedAt, by, mailed, webhooks !== null, webhooks?.giveUpAfterMs ?? 0, standing.receivedAt],
    );
    if (rows.length !== 1) throw new Error('the decision was not stored');
    await alongside?.(tx);
    return { applicationId, reference: standing.reference, status, changedAt };
  });
}
