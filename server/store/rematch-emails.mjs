// Migration 6's rewrite of the match column (schema.mjs): each revision's address, from its body,
// normalised in JavaScript (SQL's lower() folds ASCII only under PGlite's C locale), a thousand at a time.
import { normalisedEmail } from './email-match.mjs';

/**
 * @param {import('./store-types.mjs').Queryable} tx
 */
export async function rematchEmails(tx) {
  for (let after = 0; ;) {
    const { rows } = await tx.query(
      `SELECT seq, body->'personalInfo'->>'emailAddress' AS address, email FROM revisions WHERE seq > $1 ORDER BY seq LIMIT 1000`,
      [after],
    );
    if (rows.length === 0) return;
    const changed = rows
      .map((row) => ({ seq: Number(row.seq), email: typeof row.address === 'string' ? normalisedEmail(row.address) : null, was: row.email }))
      .filter((row) => row.email !== row.was);
    if (changed.length > 0) {
      await tx.query(
        `UPDATE revisions r SET email = c.email FROM jsonb_to_recordset($1::jsonb) AS c (seq bigint, email text) WHERE r.seq = c.seq`,
        [JSON.stringify(changed.map(({ seq, email }) => ({ seq, email })))],
      );
    }
    after = Number(rows[rows.length - 1]?.seq);
  }
}
