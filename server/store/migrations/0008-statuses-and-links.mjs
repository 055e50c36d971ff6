// Version 8: where an application stands (server/status/). Each change of status is a new row,
// never an update of the last, so the history is whole; a row also carries its e-mail's place
// in the outbox (server/mail/): 'pending' when mail is on and the status is one the creator is
// told of, then 'sending', 'sent' or 'failed', so an e-mail is written in the same transaction as
// its status and no status is announced twice. An application's status link is kept as the
// SHA-256 of its secret only (the secret is derived from a key, never stored), beside the short
// reference a person reads out and the origin of the page that sent it (where the link points).
// `status_link_key` holds that key only when the store is PostgreSQL and STATUS_LINK_KEY is not set.
// `reference_number` is the number the reference was made from, and owns the references'
// sequence, so a restore (server/backup/backup.mjs) sets the sequence past every reference restored.
// A webhook announcing a change of status (`application.status_changed`) names its row
// (`status_seq`), beside its application's latest revision (`revision_seq`, which erasure cascades from).
/** @type {import('../schema.mjs').Migration} */
export default {
  version: 8,
  sql: `
    CREATE TABLE application_status_links (
      application_id text PRIMARY KEY REFERENCES applications (id) ON DELETE CASCADE,
      reference text NOT NULL UNIQUE,
      reference_number bigint NOT NULL,
      secret_hash text NOT NULL UNIQUE,
      page_origin text NOT NULL,
      created_at timestamptz NOT NULL
    );
    CREATE TABLE application_statuses (
      seq bigserial PRIMARY KEY,
      application_id text NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
      status text NOT NULL CHECK (status IN ('received', 'in-review', 'accepted', 'declined')),
      message text,
      changed_at timestamptz NOT NULL,
      changed_by text NOT NULL,
      mail_status text NOT NULL DEFAULT 'none' CHECK (mail_status IN ('none', 'pending', 'sending', 'sent', 'failed')),
      mail_attempts integer NOT NULL DEFAULT 0,
      mail_next_attempt_at timestamptz,
      mail_leased_until timestamptz,
      mail_last_error text,
      mail_sent_at timestamptz
    );
    CREATE INDEX application_statuses_application ON application_statuses (application_id, seq);
    CREATE INDEX application_statuses_mail_due ON application_statuses (mail_status, mail_next_attempt_at);
    ALTER TABLE webhook_deliveries ADD COLUMN status_seq bigint REFERENCES application_statuses (seq) ON DELETE CASCADE;
    CREATE SEQUENCE application_reference_numbers OWNED BY application_status_links.reference_number;
    CREATE TABLE status_link_key (
      id integer PRIMARY KEY CHECK (id = 1),
      hmac_key text NOT NULL
    )
  `,
};
