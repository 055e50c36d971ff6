// Which programme asked an application's questions, for each of its revisions: the one whose
// rules judged it (revisions.programme_digest, written by the receiver since schema 9), else,
// for a revision stored before, the one in force when it arrived (the `programmes` table's
// first_applied_at to retired_at), else the one in force now. A programme's config.json is kept
// by digest and never changes under it, so each is read and parsed once.
import { parseJson } from '../http/parse-json.mjs';

/**
 * @typedef {{ digest: string, config: unknown }} ProgrammeRead config: config.json, parsed
 * @typedef {{ current: () => Promise<{ digest: string, text: string }> }} ProgrammeSource the programme
 *   room's source (server/programme/programme-source.mjs), for the one in force now
 */

/**
 * @param {{ store: import('../store/store-types.mjs').Queryable, programmes: ProgrammeSource }} options
 */
export function createProgrammesInForce({ store, programmes }) {
  /** @type {Map<string, unknown>} */
  const parsed = new Map();

  /**
   * @param {string} digest
   * @param {string} text
   */
  function remember(digest, text) {
    if (!parsed.has(digest)) parsed.set(digest, parseJson(text));
    return { digest, config: parsed.get(digest) };
  }

  /**
   * The programme of each revision, by its seq.
   * @param {ReadonlyArray<{ seq: number, digest: string | null, receivedAt: string }>} revisions
   * @returns {Promise<Map<number, ProgrammeRead>>}
   */
  return async function programmesOf(revisions) {
    if (revisions.length === 0) return new Map();
    const { rows } = await store.query(
      `SELECT r.seq, p.digest, CASE WHEN p.digest IS NULL THEN NULL ELSE p.config END AS config
       FROM jsonb_to_recordset($1::jsonb) AS r (seq bigint, digest text, received_at timestamptz)
       LEFT JOIN LATERAL (
         SELECT digest, config FROM programmes
         WHERE digest = r.digest OR (r.digest IS NULL AND first_applied_at <= r.received_at AND (retired_at IS NULL OR retired_at > r.received_at))
         ORDER BY first_applied_at DESC LIMIT 1
       ) p ON true`,
      [JSON.stringify(revisions.map(({ seq, digest, receivedAt }) => ({ seq, digest, received_at: receivedAt })))],
    );
    /** @type {Map<number, ProgrammeRead>} */
    const found = new Map();
    /** @type {ProgrammeRead | null} */
    let now = null;
    for (const row of rows) {
      if (typeof row.digest === 'string' && typeof row.config === 'string') {
        found.set(Number(row.seq), remember(row.digest, row.config));
        continue;
      }
      if (!now) {
        const current = await programmes.current();
        now = remember(current.digest, current.text);
      }
      found.set(Number(row.seq), now);
    }
    return found;
  };
}
