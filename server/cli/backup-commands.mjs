// What `npm run -s applications -- backup FILE` and `restore FILE` do beyond the dump itself
// (backup.mjs): the file written whole or not at all and read back, the restore's target opened
// only when it may be restored into (no receiver on it), and the one-line summaries they print.
import { mkdir, readdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { acquireLock, readLock } from '../store/data-dir-lock.mjs';
import { checkBackup, writeFileAtomically } from '../backup/backup-file.mjs';
import { checkRestorable, restoreBackup, writeBackup } from '../backup/backup.mjs';
import { openPgliteStore } from '../store/pglite-store.mjs';
import { openPostgresStore } from '../store/postgres-store.mjs';
import { giveTree, ownerForRestore } from './restore-owner.mjs';
import { uploadsDirMissing } from './uploads-dir-required.mjs';

/** @param {Record<string, number>} rows */
function described(rows) {
  // What a deployer counts first: the applications and their revisions, then the rest.
  const rank = (/** @type {string} */ table) => ['applications', 'revisions'].indexOf(table) >>> 0;
  const tables = Object.entries(rows)
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([table, count]) => `${String(count)} ${table}`);
  return tables.length > 0 ? tables.join(', ') : 'no tables';
}

/**
 * Writes the backup to file (atomically, mode 0600), from the store or through the running
 * receiver's GET /admin/backup, then reads the file back whole to check it.
 * @param {string} file
 * @param {<T>(ways: { direct: (store: import('../store/store-types.mjs').Store) => Promise<T>, viaReceiver: (url: string, token: string) => Promise<T> }) => Promise<T>} onStore
 * @param {(url: string, token: string) => Promise<Response>} fetchBackup
 * @param {string | null} [uploadsFolder] where the applications' files are (uploads-folder.mjs)
 * @returns {Promise<string>} what to tell the deployer
 */
export async function backupToFile(file, onStore, fetchBackup, uploadsFolder = null) {
  const started = performance.now();
  // `backup backups/x.gz` on a fresh clone: the folder is made, for its owner only.
  await mkdir(dirname(file), { recursive: true, mode: 0o700 }).catch((/** @type {unknown} */ error) => {
    const code = /** @type {NodeJS.ErrnoException} */ (error).code;
    throw new Error(
      `${dirname(file)} could not be made for the backup (${code === 'EACCES' ? 'permission denied' : String(code)}): write it into a folder this user may write in (the receiver's user: a folder made for it, as in docs/receiver.md, "Backups").`,
      { cause: error },
    );
  });
  await writeFileAtomically(file, (sink) =>
    onStore({
      direct: async (store) => {
        await writeBackup(store, sink, { uploadsFolder });
      },
      viaReceiver: async (url, token) => {
        const response = await fetchBackup(url, token);
        if (!response.body) throw new Error('the running receiver sent no backup');
        await pipeline(Readable.fromWeb(/** @type {import('node:stream/web').ReadableStream<Uint8Array>} */ (response.body)), sink);
      },
    }),
  );
  const { header, rows, files } = await checkBackup(file);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  return `Backed up ${described(rows)}${files > 0 ? ` and ${String(files)} files` : ''} (schema version ${String(header.schemaVersion)}, as of ${header.takenAt}) to ${file} in ${seconds} s; it holds personal data: keep it as safe as the database.\n`;
}

/**
 * Restores file into DATA_DIR (no receiver may hold it, and it must hold no other files than a
 * database's) or the PostgreSQL database at databaseUrl, which must hold no application; the
 * applications' files into uploadsFolder.
 * @param {{ file: string, databaseUrl: string | undefined, dataDir: string, uploadsFolder?: string | null }} options
 * @returns {Promise<string>} what to tell the deployer
 */
export async function restoreFromFile({ file, databaseUrl, dataDir, uploadsFolder = null }) {
  // The file is read whole before the target is touched: a bad one leaves it as it was.
  const checked = await checkRestorable(file);
  // Rows naming files restored where no receiver can find them (PostgreSQL without UPLOADS_DIR).
  const named = Math.max(checked.files, checked.rows.application_files ?? 0);
  if (databaseUrl && !uploadsFolder && named > 0) throw new Error(uploadsDirMissing(`restore ${file}`, named, 'The backup'));
  if (!databaseUrl) {
    const holder = await readLock(dataDir);
    if (holder)
      throw new Error(
        `A receiver (process ${String(holder.pid)}${holder.url ? `, ${holder.url}` : ''}) is running on ${dataDir}: restore fills a folder nothing uses. Stop it, or set DATA_DIR to a new folder.`,
      );
    const entries = await readdir(dataDir).catch(() => /** @type {string[]} */ ([]));
    if (entries.some((entry) => entry !== 'receiver.json') && !entries.includes('PG_VERSION'))
      throw new Error(`${dataDir} holds files that are not a receiver's database: restore into an empty folder.`);
  }
  // Root's files would be closed to the receiver's user: restore-owner.mjs.
  const owner = databaseUrl ? null : await ownerForRestore(dataDir);
  const lock = databaseUrl ? null : await acquireLock(dataDir);
  try {
    const store = databaseUrl ? await openPostgresStore(databaseUrl, { max: 1 }) : await openPgliteStore(dataDir);
    let restored;
    try {
      restored = await restoreBackup(store, file, checked, { uploadsFolder });
    } finally {
      await store.close();
      // The files the database wrote (also when nothing was restored), the lock file's too.
      if (owner) await giveTree(dataDir, owner);
    }
    const given = owner ? `, its files given to the folder's owner (user ${String(owner.uid)})` : '';
    const files = restored.files > 0 ? ` and ${String(restored.files)} files (into ${String(uploadsFolder)})` : '';
    // A backup taken without its files (by a version that did not refuse to) restores its rows all
    // the same, the applications' answers being worth having; but it says what is missing.
    const absent = (restored.rows.application_files ?? 0) - restored.files;
    const warning =
      absent > 0
        ? ` ${String(absent)} file(s) its rows name are not in the backup (taken without UPLOADS_DIR, or erased while it was taken): \`files\` cannot write those.`
        : '';
    return `Restored ${described(restored.rows)}${files} from ${file} (taken ${restored.takenAt}) into ${databaseUrl ? 'the PostgreSQL database' : dataDir}${given}.${warning} Re-apply any erasure made since that time (npm run -s applications -- erase --email …).\n`;
  } finally {
    await lock?.release();
  }
}
