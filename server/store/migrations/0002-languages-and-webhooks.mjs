// Version 2: the language each revision was written in, and the webhooks' outbox. A delivery row
// is written in the same statement as the revision it announces (applications.mjs), so a stored
// revision always gets its webhook and a refused one never does; erasing the revision erases it.
// `id` is the webhook-id the endpoint sees, the same on every attempt so a repeat can be dropped.
/** @type {import('../schema.mjs').Migration} */
export default {
  version: 2,
  sql: `
    ALTER TABLE revisions ADD COLUMN language text;
    CREATE TABLE webhook_deliveries (
      seq bigserial PRIMARY KEY,
      id text NOT NULL UNIQUE,
      revision_seq bigint NOT NULL REFERENCES revisions (seq) ON DELETE CASCADE,
      application_id text NOT NULL,
      type text NOT NULL,
      status text NOT NULL DEFAULT 'pending',
      attempts integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL,
      give_up_at timestamptz NOT NULL,
      next_attempt_at timestamptz NOT NULL,
      leased_until timestamptz,
      last_attempt_at timestamptz,
      last_status integer,
      last_error text,
      delivered_at timestamptz,
      redelivered boolean NOT NULL DEFAULT false
    );
    CREATE INDEX webhook_deliveries_due ON webhook_deliveries (status, next_attempt_at);
    CREATE INDEX webhook_deliveries_application ON webhook_deliveries (application_id, seq);
    CREATE INDEX webhook_deliveries_revision ON webhook_deliveries (revision_seq)
  `,
};
