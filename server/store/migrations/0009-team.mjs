// Version 9: the programme team's side (server/team/, server/inbox/). Members by normalised
// address and role; sign-in links and sessions kept as the SHA-256 of their secrets only (a
// copy of the database signs no one in); private notes on an application, erased with it; and
// the audit log, which names an application by its id only, so erasing the creator leaves the
// log whole and holding nothing of theirs. Each revision also records the programme (by digest)
// the receiver judged it by, so the team reads its answers with the labels the creator saw.
// And a store that has issued no reference yet starts its references' sequence at a random
// number: otherwise every deployment's first application gets the same reference, and any
// reference, unscrambled, says how many applications came before it.
import { randomInt } from 'node:crypto';

/** @type {import('../schema.mjs').Migration} */
export default {
  version: 9,
  run: startReferencesAtRandom,
  sql: `
    CREATE TABLE team_members (
      email text PRIMARY KEY,
      role text NOT NULL CHECK (role IN ('viewer', 'reviewer', 'admin')),
      added_at timestamptz NOT NULL,
      added_by text NOT NULL
    );
    CREATE TABLE team_sign_in_links (
      token_hash text PRIMARY KEY,
      email text NOT NULL,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    );
    CREATE INDEX team_sign_in_links_expiry ON team_sign_in_links (expires_at);
    CREATE TABLE team_sessions (
      id_hash text PRIMARY KEY,
      email text NOT NULL REFERENCES team_members (email) ON DELETE CASCADE ON UPDATE CASCADE,
      created_at timestamptz NOT NULL,
      last_seen_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX team_sessions_member ON team_sessions (email);
    CREATE INDEX team_sessions_expiry ON team_sessions (expires_at);
    CREATE TABLE team_notes (
      seq bigserial PRIMARY KEY,
      application_id text NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
      author text NOT NULL,
      body text NOT NULL,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX team_notes_application ON team_notes (application_id, seq);
    CREATE TABLE audit_log (
      seq bigserial PRIMARY KEY,
      at timestamptz NOT NULL,
      actor text NOT NULL,
      action text NOT NULL,
      application_id text,
      detail jsonb NOT NULL DEFAULT '{}'
    );
    CREATE INDEX audit_log_application ON audit_log (application_id, seq);
    ALTER TABLE revisions ADD COLUMN programme_digest text
  `,
};

/**
 * Migration 9's start of the references' sequence, where none has been issued: a random place in
 * the first half of the references' space (status-reference.mjs), so wrapping round stays as far
 * off as it was.
 * @param {import('../store-types.mjs').Queryable} tx
 */
async function startReferencesAtRandom(tx) {
  const { rows } = await tx.query('SELECT count(*) AS issued FROM application_status_links');
  if (Number(rows[0]?.issued) > 0) return;
  const start = randomInt(1, 2 ** 38);
  await tx.query(`SELECT setval('application_reference_numbers', $1::bigint, false)`, [start]);
}
