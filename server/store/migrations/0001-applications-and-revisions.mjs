// Version 1: one row per application; one per distinct body received for it (a revision), whose
// Idempotency-Key is unique and whose fingerprint is what a repeat of that key must match.
/** @type {import('../schema.mjs').Migration} */
export default {
  version: 1,
  sql: `
    CREATE TABLE applications (
      id text PRIMARY KEY,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    );
    CREATE TABLE revisions (
      seq bigserial PRIMARY KEY,
      application_id text NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
      idempotency_key text NOT NULL UNIQUE,
      fingerprint text NOT NULL,
      client_revision integer,
      email text,
      body jsonb NOT NULL,
      received_at timestamptz NOT NULL
    );
    CREATE INDEX revisions_application ON revisions (application_id, client_revision, seq);
    CREATE INDEX revisions_email ON revisions (email);
    CREATE INDEX applications_updated ON applications (updated_at);
  `,
};
