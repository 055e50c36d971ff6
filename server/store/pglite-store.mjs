// The embedded store: PGlite (PostgreSQL compiled to WebAssembly) keeping its files in a folder,
// `./data` unless DATA_DIR says otherwise. One process at a time may open the folder
// (server/store/data-dir-lock.mjs sees to it). It runs durable (server/store/durable-node-fs.mjs): fsync
// on, each commit's WAL synced to the disk before the commit returns, so an application answered
// 201 survives a power cut; the folder is synced once after it is first created
// (server/store/data-folder-sync.mjs); and the store refuses to start when a check shows the syncs
// would not happen. It fits a small server: a new folder is unpacked from a pre-built database
// rather than made by PGlite's initdb (server/store/pglite-template.mjs), and Postgres runs with
// small memory settings (server/store/pglite-memory.mjs), reading its bundled files from the disk
// (server/store/pglite-bundle.mjs).
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { dataFolderNeedsSync, fsyncPath, syncDataFolder } from './data-folder-sync.mjs';
import { DurableNodeFS, DURABLE_SETTINGS, checkDurable, durableStartParams } from './durable-node-fs.mjs';
import { readBundleFromDisk } from './pglite-bundle.mjs';
import { MEMORY_SETTINGS, compileWebAssemblyOnce } from './pglite-memory.mjs';
import { findTemplate, unpackTemplate } from './pglite-template.mjs';

/**
 * @param {string} dataDir
 * @param {{ syncPath?: (path: string) => Promise<void>, warn?: (text: string) => void }} [options]
 *   syncPath: fsyncs one file or folder of the new data folder (tests record it, or make it fail);
 *   warn: told when the folder must be made by initdb (no template for this PGlite)
 * @returns {Promise<import('./store-types.mjs').Store>}
 */
export async function openPgliteStore(dataDir, { syncPath = fsyncPath, warn = (/** @type {string} */ text) => process.stderr.write(text) } = {}) {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const needsSync = await dataFolderNeedsSync(dataDir);
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    const template = await findTemplate();
    if ('manifest' in template) await unpackTemplate(dataDir, template);
    else
      warn(
        `warning: creating the embedded database with PGlite's initdb, which holds 800-900 MB of memory for about half a minute: ${template.reason}. Run \`npm run make:pglite-template\` after upgrading @electric-sql/pglite (docs/receiver.md, "Memory: a 512 MB server").\n`,
      );
  }
  const fs = new DurableNodeFS(dataDir);
  compileWebAssemblyOnce();
  const db = await PGlite.create({ fs, startParams: durableStartParams({ ...DURABLE_SETTINGS, ...MEMORY_SETTINGS }) });
  try {
    await checkDurable(db, fs);
    if (needsSync) await syncDataFolder(dataDir, syncPath);
    // A WAL segment no longer needed is deleted, not renamed for reuse with its old content:
    // otherwise an erased creator's answers would stay readable in it (purgeErased below).
    await db.exec('SET wal_recycle = off');
  } catch (error) {
    await db.close();
    throw error;
  }
  // PGlite's 6 MB of bundled files, read from the disk when Postgres opens one (pglite-bundle.mjs).
  const bundle = readBundleFromDisk(db);
  return {
    kind: 'embedded',
    query: (sql, params) => db.query(sql, params),
    // PGlite runs one transaction at a time, queuing the others.
    transaction: (work) => db.transaction((tx) => work({ query: (sql, params) => tx.query(sql, params) })),
    close: async () => {
      await db.close();
      bundle.close();
    },
    // After an erasure, the folder holds the erased rows nowhere: a deleted row stays in its table
    // page (only marked dead) and in the WAL that wrote it. VACUUM FULL rewrites the tables and
    // their indexes into new files (the old ones are unlinked at the checkpoint), and the WAL is
    // switched to a new segment and checkpointed twice so every segment written before is deleted.
    async purgeErased() {
      await db.exec(
        'VACUUM FULL revisions, applications, webhook_deliveries, application_statuses, application_status_links, application_summaries, team_notes',
      );
      await db.exec('CHECKPOINT');
      await db.query('SELECT pg_switch_wal()');
      await db.exec('CHECKPOINT');
    },
  };
}
