// Backup and restore of the receiver's data, the same on both stores and portable between them (an
// embedded store's backup restores into PostgreSQL and back). A logical backup: the rows of every
// table of the public schema, read in one transaction (one snapshot: REPEATABLE READ on
// PostgreSQL; PGlite runs one transaction at a time, so the receiver's writes wait for the dump),
// written as gzip'd JSON lines (backup-file.mjs). Nothing here names a table or a column: they are
// read from the database, so a migration adding one needs no change here. Restore checks the whole
// file first, then, in one transaction on an empty target, creates the schema at the backup's
// version, loads the rows parents first, runs the newer migrations and resets the sequences.
// The files of applications follow the rows: their bytes from the uploads folder, into
// the restore's uploads folder (backup-uploads.mjs).
import { createGzip } from 'node:zlib';
import { pipeline } from 'node:stream/promises';
import { BadBackup, checkBackup, FORMAT, FORMAT_VERSION, readBackup } from './backup-file.mjs';
import { MIGRATION_LOCK, NEWEST_VERSION, applyMigrations, createVersionTable } from '../store/schema.mjs';
import { backUpUploads, createUploadsRestorer, uploadsToBackUp } from './backup-uploads.mjs';

const FETCH_ROWS = 500;

/** @param {string} name */
function quoted(name) {
  return `"${name.replaceAll('"', '""')}"`;
}

/** @param {string} table */
function qualified(table) {
  return `public.${quoted(table)}`;
}

/**
 * The receiver's tables (every table of the public schema but schema_version), parents before the
 * tables whose foreign keys reference them.
 * @param {import('../store/store-types.mjs').Queryable} tx
 * @returns {Promise<string[]>}
 */
async function tablesInOrder(tx) {
  const { rows: tables } = await tx.query(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition AND c.relname <> 'schema_version'
     ORDER BY c.relname`,
  );
  const { rows: references } = await tx.query(
    `SELECT child.relname AS child, parent.relname AS parent
     FROM pg_constraint k JOIN pg_class child ON child.oid = k.conrelid JOIN pg_class parent ON parent.oid = k.confrelid
     JOIN pg_namespace n ON n.oid = child.relnamespace
     WHERE k.contype = 'f' AND n.nspname = 'public' AND child.oid <> parent.oid`,
  );
  const names = tables.map((row) => String(row.name));
  /** @type {string[]} */
  const ordered = [];
  const placed = new Set();
  while (ordered.length < names.length) {
    const ready = names.filter(
      (name) => !placed.has(name) && references.every((ref) => ref.child !== name || placed.has(ref.parent) || !names.includes(String(ref.parent))),
    );
    if (ready.length === 0)
      throw new Error(`the tables' foreign keys form a cycle (${names.filter((name) => !placed.has(name)).join(', ')}): no order to restore them in`);
    for (const name of ready) {
      ordered.push(name);
      placed.add(name);
    }
  }
  return ordered;
}

/**
 * A table's columns in order: which are generated (not inserted) and which own a sequence.
 * @param {import('../store/store-types.mjs').Queryable} tx
 * @param {string} table
 * @returns {Promise<Array<{ name: string, generated: boolean, sequence: string | null, key: boolean }>>}
 */
async function columnsOf(tx, table) {
  const { rows } = await tx.query(
    `SELECT a.attname AS name, a.attgenerated <> '' AS generated,
            pg_get_serial_sequence($1, a.attname) AS sequence,
            coalesce(a.attnum = ANY (i.indkey::int2[]), false) AS key
     FROM pg_attribute a LEFT JOIN pg_index i ON i.indrelid = a.attrelid AND i.indisprimary
     WHERE a.attrelid = $1::regclass AND a.attnum > 0 AND NOT a.attisdropped
     ORDER BY a.attnum`,
    [qualified(table)],
  );
  return rows.map((row) => ({
    name: String(row.name),
    generated: row.generated === true,
    sequence: typeof row.sequence === 'string' ? row.sequence : null,
    key: row.key === true,
  }));
}

/** @param {import('../store/store-types.mjs').Queryable} tx */
async function schemaVersion(tx) {
  const { rows } = await tx.query(`SELECT to_regclass('public.schema_version') IS NOT NULL AS present`);
  if (rows[0]?.present !== true) return 0;
  const result = await tx.query('SELECT coalesce(max(version), 0) AS version FROM schema_version');
  return Number(result.rows[0]?.version ?? 0);
}

/**
 * Writes a backup of the store into sink (gzip'd, then sink is ended), from one snapshot, and the
 * files its rows name from the uploads folder.
 * @param {import('../store/store-types.mjs').Store} store
 * @param {import('node:stream').Writable} sink
 * @param {{ uploadsFolder?: string | null }} [options] where the uploads are (uploads-folder.mjs)
 * @returns {Promise<{ schemaVersion: number, takenAt: string, rows: Record<string, number>, files: number, missingFiles: number }>}
 */
export async function writeBackup(store, sink, { uploadsFolder = null } = {}) {
  const gzip = createGzip();
  const piped = pipeline(gzip, sink);
  // Should the sink fail (the client went away), the dump's next write throws and ends the transaction.
  piped.catch(() => undefined);
  /** @param {string} line */
  async function put(line) {
    if (gzip.destroyed) throw new Error('the backup could not be written: its destination closed');
    if (gzip.write(`${line}\n`)) return;
    await new Promise((resolve, reject) => {
      const closed = () => {
        reject(new Error('the backup could not be written: its destination closed'));
      };
      gzip.once('close', closed);
      gzip.once('drain', () => {
        gzip.off('close', closed);
        resolve(undefined);
      });
    });
  }
  try {
    const summary = await store.transaction(async (tx) => {
      await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
      const { rows: now } = await tx.query('SELECT now() AS now');
      const takenAt = new Date(/** @type {string | Date} */ (now[0]?.now)).toISOString();
      const version = await schemaVersion(tx);
      await put(JSON.stringify({ format: FORMAT, formatVersion: FORMAT_VERSION, schemaVersion: version, takenAt, store: store.kind }));
      /** @type {Record<string, number>} */
      const rows = {};
      for (const table of await tablesInOrder(tx)) {
        const columns = await columnsOf(tx, table);
        await put(JSON.stringify({ table, columns: columns.map((column) => column.name) }));
        const key = columns.filter((column) => column.key).map((column) => quoted(column.name));
        await tx.query(
          `DECLARE backup_rows NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS row FROM ${qualified(table)} t${key.length > 0 ? ` ORDER BY ${key.join(', ')}` : ''}`,
        );
        rows[table] = 0;
        for (;;) {
          const { rows: fetched } = await tx.query(`FETCH FORWARD ${String(FETCH_ROWS)} FROM backup_rows`);
          // A json (not jsonb) column keeps its text, line breaks included; outside strings (the
          // only place JSON allows them) they are plain white space.
          for (const row of fetched) await put(String(row.row).replace(/[\r\n]/g, ' '));
          rows[table] += fetched.length;
          if (fetched.length < FETCH_ROWS) break;
        }
        await tx.query('CLOSE backup_rows');
      }
      return { schemaVersion: version, takenAt, rows, uploads: await uploadsToBackUp(tx) };
    });
    const { files, missing } = await backUpUploads(uploadsFolder, summary.uploads, put);
    await put(JSON.stringify({ end: true, rows: summary.rows, files }));
    gzip.end();
    await piped;
    return { schemaVersion: summary.schemaVersion, takenAt: summary.takenAt, rows: summary.rows, files, missingFiles: missing };
  } catch (error) {
    gzip.destroy(error instanceof Error ? error : new Error(String(error)));
    throw error;
  }
}

/**
 * Reads a whole backup file and checks that this receiver can restore it, touching no database.
 * @param {string} path
 */
export async function checkRestorable(path) {
  const checked = await checkBackup(path);
  const version = checked.header.schemaVersion;
  const newest = NEWEST_VERSION;
  if (version > newest)
    throw new BadBackup(
      `${path} was taken from a newer receiver (schema version ${String(version)}; this one has ${String(newest)}): restore it with that receiver's version or a later one.`,
    );
  return checked;
}

/**
 * Restores a backup file into a store that holds no application: all of it, or, when anything is
 * wrong (a truncated file, a target that is not empty), nothing.
 * @param {import('../store/store-types.mjs').Store} store a store opened without migrating it (the restore creates the schema)
 * @param {string} path
 * @param {Awaited<ReturnType<typeof checkBackup>>} [checked] the file's checkRestorable, when the caller made it
 * @param {{ uploadsFolder?: string | null }} [options] where the backup's files go (uploads-folder.mjs); none may be there
 * @returns {Promise<{ schemaVersion: number, takenAt: string, rows: Record<string, number>, files: number }>}
 */
export async function restoreBackup(store, path, checked, { uploadsFolder = null } = {}) {
  const backup = checked ?? (await checkRestorable(path));
  if (backup.files > 0 && !uploadsFolder)
    throw new Error(`Nothing was restored: ${path} holds ${String(backup.files)} files of applications, and no uploads folder was given for them.`);
  const uploads = uploadsFolder ? createUploadsRestorer(uploadsFolder) : null;
  try {
    return await restoreChecked(store, path, backup, uploads);
  } catch (error) {
    await uploads?.undo();
    throw new Error(`Nothing was restored: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

/**
 * @param {import('../store/store-types.mjs').Store} store
 * @param {string} path
 * @param {Awaited<ReturnType<typeof checkBackup>>} backup
 * @param {ReturnType<typeof createUploadsRestorer> | null} uploads
 */
function restoreChecked(store, path, backup, uploads) {
  const { schemaVersion: version, takenAt } = backup.header;
  const newest = NEWEST_VERSION;
  return store.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    const current = await schemaVersion(tx);
    const existing = current > 0 ? await tablesInOrder(tx) : [];
    /** @type {string[]} */
    const held = [];
    for (const table of existing) {
      // Nothing may be added to them until the restore is committed.
      await tx.query(`LOCK TABLE ${qualified(table)} IN SHARE ROW EXCLUSIVE MODE`);
      const { rows } = await tx.query(`SELECT count(*) AS count FROM ${qualified(table)}`);
      if (Number(rows[0]?.count) > 0) held.push(`${table}: ${String(rows[0]?.count)} rows`);
    }
    if (held.length > 0)
      throw new Error(
        `The target already holds data (${held.join(', ')}): restore only fills an empty store. Set DATA_DIR to a new folder, or DATABASE_URL to an empty database.`,
      );
    if (current > version)
      throw new Error(
        `The target's schema (version ${String(current)}) is newer than the backup's (${String(version)}); it holds no data, but a restore starts from the backup's version: restore into a new folder or database on which no receiver has started.`,
      );
    await createVersionTable(tx);
    await applyMigrations(tx, current, version);

    /** @type {Map<string, Array<{ name: string, generated: boolean, sequence: string | null }>>} */
    const tables = new Map();
    for (const table of await tablesInOrder(tx)) tables.set(table, await columnsOf(tx, table));
    const inBackup = backup.tables.map((entry) => entry.table);
    const missing = [...tables.keys()].filter((table) => !inBackup.includes(table));
    const unknown = inBackup.filter((table) => !tables.has(table));
    if (missing.length > 0 || unknown.length > 0)
      throw new BadBackup(
        `${path} does not match schema version ${String(version)}: ${[...unknown.map((table) => `table ${table} is unknown`), ...missing.map((table) => `table ${table} is missing`)].join(', ')}.`,
      );
    for (const { table, columns } of backup.tables) {
      // By name: json_populate_recordset matches them so, whatever their order in either table.
      const expected = (tables.get(table) ?? []).map((column) => column.name);
      if ([...expected].sort().join(',') !== [...columns].sort().join(','))
        throw new BadBackup(
          `${path} does not match schema version ${String(version)}: ${table} has columns ${columns.join(', ')} where ${expected.join(', ')} were expected.`,
        );
    }

    /** @type {Record<string, number>} */
    const rows = Object.fromEntries(backup.tables.map((entry) => [entry.table, 0]));
    for await (const part of readBackup(path)) {
      // The files: written (and synced) before the rows commit; removed again should anything fail.
      if (part.type === 'file') await uploads?.begin(part);
      if (part.type === 'bytes') await uploads?.write(part.bytes);
      if (part.type !== 'rows') continue;
      const names = (tables.get(part.table) ?? [])
        .filter((column) => !column.generated)
        .map((column) => quoted(column.name))
        .join(', ');
      const { rows: inserted } = await tx.query(
        `WITH inserted AS (
           INSERT INTO ${qualified(part.table)} (${names}) OVERRIDING SYSTEM VALUE
           SELECT ${names} FROM json_populate_recordset(NULL::${qualified(part.table)}, $1::json) RETURNING 1
         ) SELECT count(*) AS count FROM inserted`,
        [`[${part.rows.join(',')}]`],
      );
      rows[part.table] = (rows[part.table] ?? 0) + Number(inserted[0]?.count);
    }
    for (const [table, count] of Object.entries(backup.rows)) {
      if ((rows[table] ?? 0) !== count)
        throw new BadBackup(`${path} changed while it was restored: ${table} had ${String(count)} rows, ${String(rows[table] ?? 0)} were restored.`);
    }

    await applyMigrations(tx, version, newest);
    for (const table of await tablesInOrder(tx)) {
      for (const column of await columnsOf(tx, table)) {
        if (column.sequence === null) continue;
        await tx.query(`SELECT setval($1, coalesce((SELECT max(${quoted(column.name)}) FROM ${qualified(table)}), 0) + 1, false)`, [column.sequence]);
      }
    }
    const files = (await uploads?.commit()) ?? 0;
    return { schemaVersion: version, takenAt, rows, files };
  });
}
