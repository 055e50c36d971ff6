// Version 6: erasure that holds (server/applications/erasure.mjs). `erased` keeps a tombstone for each
// application erased (by `erase --email` or retention): the SHA-256 of its id and of each of its
// Idempotency-Keys, nothing else, so a late retry, replay or revision is refused (410) rather
// than storing the creator again. And the match column `revisions.email` is rewritten in the form
// email-match.mjs now gives (NFC, invisible characters out, case folded), from each body's
// address, so applications stored before are found by every form of their address.
import { normalisedEmail } from '../email-match.mjs';

/** @type {import('../schema.mjs').Migration} */
export default {
  version: 6,
  sql: `
    CREATE TABLE erased (
      hash text PRIMARY KEY,
      erased_at timestamptz NOT NULL
    )
  `,
  run: rematchEmails,
};

/**
 * Migration 6's rewrite of the match column: each revision's address, from its body, normalised
 * in JavaScript (SQL's lower() folds ASCII only under PGlite's C locale), a thousand at a time.
 * @param {import('../store-types.mjs').Queryable} tx
 */
async function rematchEmails(tx) {
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
      await tx.query(`UPDATE revisions r SET email = c.email FROM jsonb_to_recordset($1::jsonb) AS c (seq bigint, email text) WHERE r.seq = c.seq`, [
        JSON.stringify(changed.map(({ seq, email }) => ({ seq, email }))),
      ]);
    }
    after = Number(rows[rows.length - 1]?.seq);
  }
}
