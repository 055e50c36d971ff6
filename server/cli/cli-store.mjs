// Which store `npm run -s applications` works on, said before anything is read or changed, and
// refused when it cannot be the receiver's: a misspelt DATA_DIR used to become a new,
// empty store in which `export` printed nothing and `erase --email` said "Erased 0", exit 0, so an
// erasure request looked done. Only `restore` fills a folder or database no receiver has used.
import { readdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { describeStore } from '../store/store-description.mjs';

/**
 * DATA_DIR or DATABASE_URL, as the receiver reads them (server/serve.mjs).
 * @param {NodeJS.ProcessEnv} env
 * @returns {{ databaseUrl: string | undefined, dataDir: string }}
 */
export function storeTarget(env) {
  return { databaseUrl: env.DATABASE_URL || undefined, dataDir: resolve(env.DATA_DIR ?? 'data') };
}

/** @param {string} line */
export function tell(line) {
  process.stderr.write(`${line}\n`);
}

const WHERE = 'the receiver\'s start-up line names it ("stored in PGlite in …"); the systemd unit\'s is /var/lib/creator-wizard';

/**
 * Throws, saying what to do, unless dataDir holds a receiver's database.
 * @param {string} dataDir absolute
 */
export async function requireReceiverFolder(dataDir) {
  /** @type {string[]} */
  let entries;
  try {
    entries = await readdir(dataDir);
  } catch (error) {
    const code = /** @type {NodeJS.ErrnoException} */ (error).code;
    if (code === 'ENOENT')
      throw new Error(
        `DATA_DIR ${dataDir} does not exist: no receiver has kept applications there, and nothing was read or changed. Set DATA_DIR to the receiver's folder (${WHERE}), or DATABASE_URL to its PostgreSQL database.`,
        { cause: error },
      );
    if (code === 'EACCES')
      throw new Error(
        `DATA_DIR ${dataDir} cannot be read by this user (permission denied): run the command as the receiver's user (runuser -u creator-wizard -- …).`,
        { cause: error },
      );
    if (code === 'ENOTDIR') throw new Error(`DATA_DIR ${dataDir} is a file, not the receiver's folder (${WHERE}).`, { cause: error });
    throw error;
  }
  if (!entries.includes('PG_VERSION')) {
    throw new Error(
      `DATA_DIR ${dataDir} holds no receiver's database${entries.length === 0 ? ' (it is empty)' : ''}: nothing was read or changed. Set DATA_DIR to the receiver's folder (${WHERE}).`,
    );
  }
}

/**
 * Throws unless the PostgreSQL database holds the receiver's tables (a receiver has started on it).
 * @param {import('../store/store-types.mjs').Queryable} store
 * @param {string} description
 */
export async function requireReceiverDatabase(store, description) {
  const { rows } = await store.query(`SELECT to_regclass('public.schema_version') IS NOT NULL AS present`);
  if (rows[0]?.present !== true)
    throw new Error(
      `The ${description} holds no receiver's tables: no receiver has kept applications there, and nothing was read or changed. Check DATABASE_URL (the receiver's start-up line names its database).`,
    );
}

export { describeStore };
