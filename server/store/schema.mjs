// The receiver's schema, as numbered migrations run in order on start (the same SQL on PGlite and
// PostgreSQL). `schema_version` records each one applied, so a restart applies only the new ones,
// and a lock held for the whole migration keeps two instances starting together from racing.

import migration1 from './migrations/0001-applications-and-revisions.mjs';
import migration2 from './migrations/0002-languages-and-webhooks.mjs';
import migration3 from './migrations/0003-programmes.mjs';
import migration4 from './migrations/0004-proof-of-work.mjs';
import migration5 from './migrations/0005-drafts-in-transit.mjs';
import migration6 from './migrations/0006-erasure.mjs';
import migration7 from './migrations/0007-application-files.mjs';
import migration8 from './migrations/0008-statuses-and-links.mjs';
import migration9 from './migrations/0009-team.mjs';
import migration10 from './migrations/0010-application-summaries.mjs';

/**
 * @typedef {{ version: number, sql: string, run?: (tx: import('./store-types.mjs').Queryable) => Promise<void> }} Migration
 *   Statements are split at semicolons: no semicolon inside a statement. A migration may also `run`
 *   code after its SQL, in the same transaction, for what SQL cannot do the same on both stores.
 */

/** Every migration, one file each in migrations/, in the order they run. @type {ReadonlyArray<Migration>} */
export const MIGRATIONS = [migration1, migration2, migration3, migration4, migration5, migration6, migration7, migration8, migration9, migration10];

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
    for (const statement of migration.sql
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean))
      await tx.query(statement);
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
    if (current > NEWEST_VERSION)
      throw new Error(`The database's schema (version ${current}) is newer than this receiver's (${NEWEST_VERSION}): update the receiver.`);
    await applyMigrations(tx, current);
    return NEWEST_VERSION;
  });
}
