// The embedded store: PGlite (PostgreSQL compiled to WebAssembly) keeping its files in a folder,
// `./data` unless DATA_DIR says otherwise. One process at a time may open the folder
// (server/data-dir-lock.mjs sees to it). PGlite runs Postgres with fsync off: a committed
// transaction is in the operating system's files when the answer leaves, so it survives the
// process being killed; surviving a power cut is what the PostgreSQL store is for.
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';

/**
 * @param {string} dataDir
 * @returns {Promise<import('./store-types.mjs').Store>}
 */
export async function openPgliteStore(dataDir) {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const db = await PGlite.create(dataDir);
  return {
    kind: 'embedded',
    query: (sql, params) => db.query(sql, params),
    // PGlite runs one transaction at a time, queuing the others.
    transaction: (work) => db.transaction((tx) => work({ query: (sql, params) => tx.query(sql, params) })),
    close: () => db.close(),
  };
}
