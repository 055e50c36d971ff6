// What a reviewer changes from the inbox: a note (POST …/notes) and a decision (POST …/decision),
// each written with its audit entry in one transaction. The caller has authorised the request
// (a reviewer at least, Origin checked). Bodies are small JSON, read up to a limit (413 beyond);
// text no store keeps (NUL, a lone surrogate, a non-character) is refused with 400, never mangled.
import { iso } from '../applications/stored-applications.mjs';
import { isJsonContentType } from '../http/request-headers.mjs';
import { parseJson } from '../http/parse-json.mjs';
import { Refused, readBody, refusal } from '../http/respond.mjs';
import { DECISIONS, DecidedMeanwhile, DecisionRefused, decide, isStorable, messageRefusal } from '../status/decide.mjs';
import { historyOf } from './application-history.mjs';

export const MAX_NOTE_CHARACTERS = 5000;
/** A note of 5,000 characters, each escaped in JSON as two \u escapes at worst (12 bytes). */
const MAX_NOTE_BYTES = 64 * 1024;
/** A decision's message of 2,000 characters (decide.mjs), escaped likewise, and the rest. */
const MAX_DECISION_BYTES = 32 * 1024;

/**
 * The JSON object a request carries, or a 400, 413 or 415.
 * @param {import('../http/request-context.mjs').RequestContext} ctx
 * @param {number} maxBytes
 * @returns {Promise<Record<string, unknown>>}
 */
async function jsonObject(ctx, maxBytes) {
  if (!isJsonContentType(ctx.req.headers['content-type'])) throw refusal(415, 'not application/json', 'invalid-content-type');
  const raw = await readBody(ctx, maxBytes, 'too-large');
  let body;
  try {
    body = parseJson(new TextDecoder('utf-8', { fatal: true }).decode(raw));
  } catch {
    throw refusal(400, 'body not JSON in UTF-8', 'invalid-json');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw refusal(400, 'body not an object', 'invalid-json');
  return /** @type {Record<string, unknown>} */ (body);
}

/**
 * POST /team/api/applications/<id>/notes { body }: 201 the note.
 * @param {import('../http/request-context.mjs').RequestContext} ctx
 * @param {{ store: import('../store/store-types.mjs').Store, audit: import('./inbox-feature.mjs').Audit, applicationId: string, author: string, now: Date }} asked
 */
export async function addNote(ctx, { store, audit, applicationId, author, now }) {
  const { body } = await jsonObject(ctx, MAX_NOTE_BYTES);
  if (typeof body !== 'string' || body.trim() === '' || Array.from(body).length > MAX_NOTE_CHARACTERS || !isStorable(body))
    throw refusal(400, 'invalid note', 'invalid-body');
  const note = await store.transaction(async (tx) => {
    const { rows } = await tx.query(
      `INSERT INTO team_notes (application_id, author, body, created_at)
       SELECT id, $2, $3, $4 FROM applications WHERE id = $1
       RETURNING seq, author, body, created_at`,
      [applicationId, author, body, now.toISOString()],
    );
    const row = rows[0];
    if (!row) return null;
    await audit({ actor: author, action: 'note', applicationId, detail: { note: Number(row.seq) } }, tx);
    return { seq: Number(row.seq), author: String(row.author), body: String(row.body), createdAt: iso(row.created_at) };
  });
  if (!note) throw refusal(404, 'no such application', 'not-found');
  return note;
}

/**
 * POST /team/api/applications/<id>/decision { status, message?, after }: 200 the new standing;
 * 409 decided-meanwhile with the current one when the history changed since `after`, nothing written.
 * @param {import('../http/request-context.mjs').RequestContext} ctx
 * @param {{
 *   store: import('../store/store-types.mjs').Store, audit: import('./inbox-feature.mjs').Audit, applicationId: string, by: string, now: Date,
 *   mail: boolean, webhooks: { giveUpAfterMs: number } | null,
 * }} asked
 */
export async function makeDecision(ctx, { store, audit, applicationId, by, now, mail, webhooks }) {
  const asked = await jsonObject(ctx, MAX_DECISION_BYTES);
  const { status, after } = asked;
  const message = asked.message === undefined || asked.message === null || asked.message === '' ? null : asked.message;
  if (typeof status !== 'string' || !DECISIONS.includes(status)) throw refusal(400, 'invalid status', 'invalid-status');
  if (message !== null && (typeof message !== 'string' || messageRefusal(status, message) !== null)) throw refusal(400, 'invalid message', 'invalid-message');
  if (typeof after !== 'number' || !Number.isSafeInteger(after) || after < 0) throw refusal(400, 'invalid after', 'invalid-after');
  try {
    await decide(store, {
      applicationId,
      status,
      message,
      by,
      mail,
      webhooks,
      now,
      after,
      alongside: (tx) => audit({ actor: by, action: 'decision', applicationId, detail: { status } }, tx),
    });
  } catch (error) {
    if (!(error instanceof DecidedMeanwhile) && !(error instanceof DecisionRefused)) throw error;
    const standing = await historyOf(store, applicationId);
    if (!standing) throw refusal(404, 'no such application', 'not-found');
    // The reviewer's page keeps their message and shows what was decided meanwhile; the same status twice is no change.
    throw new Refused(409, error instanceof DecidedMeanwhile ? 'decided meanwhile' : 'status unchanged', {
      error: error instanceof DecidedMeanwhile ? 'decided-meanwhile' : 'status-unchanged',
      ...standing,
    });
  }
  return historyOf(store, applicationId);
}
