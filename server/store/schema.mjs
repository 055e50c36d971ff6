// The receiver's schema, as numbered migrations run in order on start (the same SQL on PGlite and
// PostgreSQL). `schema_version` records each one applied, so a restart applies only the new ones,
// and a lock held for the whole migration keeps two instances starting together from racing.

import { rematchEmails } from './rematch-emails.mjs';
import { APPLICATION_SUMMARIES } from './application-summaries-migration.mjs';

// Version 1: one row per application; one per distinct body received for it (a revision), whose
// Idempotency-Key is unique and whose fingerprint is what a repeat of that key must match.
// Statements are split at semicolons: no semicolon inside a statement. A migration may also `run`
// code after its SQL, in the same transaction, for what SQL cannot do the same on both stores.
/** @type {ReadonlyArray<{ version: number, sql: string, run?: (tx: import('./store-types.mjs').Queryable) => Promise<void> }>} */
export const MIGRATIONS = [
  {
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
  },
  // Version 2: the language each revision was written in, and the webhooks' outbox. A delivery row
  // is written in the same statement as the revision it announces (applications.mjs), so a stored
  // revision always gets its webhook and a refused one never does; erasing the revision erases it.
  // `id` is the webhook-id the endpoint sees, the same on every attempt so a repeat can be dropped.
  {
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
  },
  // Version 3: every programme (config.json) a receiver has applied, by digest, so an application
  // made in a page opened before an edit of config.json is still accepted after it, restarts and
  // other instances included (server/programme/programme-source.mjs). `retired_at` is when another replaced it.
  {
    version: 3,
    sql: `
      CREATE TABLE programmes (
        digest text PRIMARY KEY,
        config text NOT NULL,
        first_applied_at timestamptz NOT NULL,
        retired_at timestamptz
      )
    `,
  },
  // Version 4: proof of work (server/limits/proof-of-work.mjs, when PROOF_OF_WORK=on): the HMAC key that
  // signs challenges when none is configured, made once so restarts and every instance share it, and
  // each solution used, until its challenge expires, so none counts twice on any instance.
  {
    version: 4,
    sql: `
      CREATE TABLE proof_of_work_key (
        id integer PRIMARY KEY CHECK (id = 1),
        hmac_key text NOT NULL
      );
      CREATE TABLE used_proofs (
        challenge text PRIMARY KEY,
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX used_proofs_expiry ON used_proofs (expires_at)
    `,
  },
  // Version 5: drafts in transit ("continue on another device", server/drafts/drafts-in-transit.mjs): ciphertext a
  // creator's browser made with a key the receiver never sees, kept until it is fetched once or
  // expires. In a schema of its own, outside `public`, so backups and restores (which copy that
  // schema) leave it out: it is short-lived and unreadable here. A row whose content is NULL is a
  // tombstone (used or withdrawn), kept until its expiry so the link answers 410 rather than 404.
  {
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
  },
  // Version 6: erasure that holds (server/applications/erasure.mjs). `erased` keeps a tombstone for each
  // application erased (by `erase --email` or retention): the SHA-256 of its id and of each of its
  // Idempotency-Keys, nothing else, so a late retry, replay or revision is refused (410) rather
  // than storing the creator again. And the match column `revisions.email` is rewritten in the form
  // email-match.mjs now gives (NFC, invisible characters out, case folded), from each body's
  // address, so applications stored before are found by every form of their address.
  {
    version: 6,
    sql: `
      CREATE TABLE erased (
        hash text PRIMARY KEY,
        erased_at timestamptz NOT NULL
      )
    `,
    run: rematchEmails,
  },
  // Version 7: the files of applications. An upload (server/uploads/) is bound to the
  // application whose PUT names it, in the statement that stores that PUT (applications.mjs), with
  // what the receiver judged of its bytes (server/uploads/file-facts.mjs): the type from its magic
  // bytes, its SHA-256, its length, and an image's width and height. `upload_id` is the key (unique): an upload
  // belongs to one application, for as long as the application is kept (every revision of it may
  // name it); the bytes are erased with the application (erasure.mjs).
  {
    version: 7,
    sql: `
      CREATE TABLE application_files (
        application_id text NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
        upload_id text PRIMARY KEY,
        field text NOT NULL,
        name text NOT NULL,
        type text NOT NULL,
        size bigint NOT NULL,
        sha256 text NOT NULL,
        width integer,
        height integer,
        position integer NOT NULL DEFAULT 0,
        bound_at timestamptz NOT NULL
      );
      CREATE INDEX application_files_application ON application_files (application_id)
    `,
  },
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
  {
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
  },
  // Version 9: the programme team's side (server/team/, server/inbox/). Members by normalised
  // address and role; sign-in links and sessions kept as the SHA-256 of their secrets only (a
  // copy of the database signs no one in); private notes on an application, erased with it; and
  // the audit log, which names an application by its id only, so erasing the creator leaves the
  // log whole and holding nothing of theirs. Each revision also records the programme (by digest)
  // the receiver judged it by, so the team reads its answers with the labels the creator saw.
  {
    version: 9,
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
  },
  // Version 11: the team's inbox, fast at 100,000 applications (application-summaries-migration.mjs).
  APPLICATION_SUMMARIES,
];

// Any constant: the key of the advisory lock that serialises migrations (and restores: backup.mjs)
// across instances.
export const MIGRATION_LOCK = 7406319;

/** The newest schema version this receiver knows. */
export const NEWEST_VERSION = MIGRATIONS[MIGRATIONS.length - 1]?.version ?? 0;

/**
 * Creates the table that records the migrations applied, when it is not there yet.
 * @param {import('./store-types.mjs').Queryable} tx
 */
export async function createVersionTable(tx) {
  await tx.query('CREATE TABLE IF NOT EXISTS schema_version (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
}

/**
 * Applies the migrations after `from` up to and including `to`, in the caller's transaction.
 * @param {import('./store-types.mjs').Queryable} tx
 * @param {number} from
 * @param {number} [to]
 */
export async function applyMigrations(tx, from, to = NEWEST_VERSION) {
  for (const migration of MIGRATIONS) {
    if (migration.version <= from || migration.version > to) continue;
    for (const statement of migration.sql.split(';').map((part) => part.trim()).filter(Boolean)) await tx.query(statement);
    await migration.run?.(tx);
    await tx.query('INSERT INTO schema_version (version) VALUES ($1)', [migration.version]);
  }
}

/**
 * Creates the schema or brings it up to date.
 * @param {import('./store-types.mjs').Store} store
 * @returns {Promise<number>} the schema version now in force
 */
export async function migrate(store) {
  return store.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await createVersionTable(tx);
    const { rows } = await tx.query('SELECT coalesce(max(version), 0) AS version FROM schema_version');
    const current = Number(rows[0]?.version ?? 0);
    if (current > NEWEST_VERSION) throw new Error(`The database's schema (version ${current}) is newer than this receiver's (${NEWEST_VERSION}): update the receiver.`);
    await applyMigrations(tx, current);
    return NEWEST_VERSION;
  });
}
