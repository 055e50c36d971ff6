// Version 5: drafts in transit ("continue on another device", server/drafts/drafts-in-transit.mjs): ciphertext a
// creator's browser made with a key the receiver never sees, kept until it is fetched once or
// expires. In a schema of its own, outside `public`, so backups and restores (which copy that
// schema) leave it out: it is short-lived and unreadable here. A row whose content is NULL is a
// tombstone (used or withdrawn), kept until its expiry so the link answers 410 rather than 404.
/** @type {import('../schema.mjs').Migration} */
export default {
  version: 5,
  sql: `
    CREATE SCHEMA IF NOT EXISTS receiver_drafts;
    CREATE TABLE receiver_drafts.drafts (
      id text PRIMARY KEY,
      content bytea,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX drafts_expiry ON receiver_drafts.drafts (expires_at)
  `,
};
