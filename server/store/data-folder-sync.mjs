// The embedded store's data folder, made durable once after PGlite's initdb wrote it. initdb's
// files are written without a sync, and so are the folder's entry in its parent and the entries of
// any parent folder made for it (DATA_DIR=/srv/new/data): a power cut before the kernel writes
// them back could leave a folder Postgres cannot start from, or none at all, with applications
// acknowledged in it.
// A marker file is written and synced only once all of that is on the disk, so a crash anywhere
// before (during initdb, between initdb and the sync, in the middle of it) leaves no marker, and
// the next start syncs everything again. A folder with the marker is not walked again: reopening a
// store costs nothing here.
import { existsSync } from 'node:fs';
import { open, readdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';

export const SYNCED_MARKER = 'data-folder-synced';

const MARKER_TEXT =
  'The receiver synced this folder, its files and its parent folders to the disk after PGlite created it.\nWhile this file is missing, the receiver syncs them again when it starts.\n';

/**
 * fsyncs one file or folder.
 * @param {string} path
 */
export async function fsyncPath(path) {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Whether the folder has yet to be synced; call before PGlite opens it. A marker left beside no
 * database (its files deleted by hand) is removed first: the database PGlite is about to create
 * has not been synced.
 * @param {string} dataDir
 */
export async function dataFolderNeedsSync(dataDir) {
  const marker = join(dataDir, SYNCED_MARKER);
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    await rm(marker, { force: true });
    return true;
  }
  return !existsSync(marker);
}

/**
 * fsyncs every file and folder under `folder`, then its parent folders, then writes and syncs the
 * marker and its entry.
 * @param {string} folder
 * @param {(path: string) => Promise<void>} [syncPath]
 */
export async function syncDataFolder(folder, syncPath = fsyncPath) {
  // Absolute, so its parents can be walked up to the root.
  const dataDir = resolve(folder);
  /** @type {string[]} */
  const files = [];
  /** @type {string[]} */
  const folders = [];
  /** @param {string} dir */
  const walk = async (dir) => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile()) files.push(path);
    }
    folders.push(dir);
  };
  await walk(dataDir);
  // Sixteen at a time, which the disk's queue absorbs better than one by one; all is on disk once
  // every call has returned, whatever their order.
  await syncEach(files, 16, syncPath);
  await syncEach(folders, 16, syncPath);
  // Which parents were made for the folder only the mkdir that made them knew (the data folder's
  // lock makes the folder before the store opens it, maybe in a process that then crashed), so
  // every one up to the root is synced: a few folders, once.
  for (let parent = dirname(dataDir); ; parent = dirname(parent)) {
    await syncParent(parent, syncPath);
    if (dirname(parent) === parent) break;
  }
  const marker = join(dataDir, SYNCED_MARKER);
  await writeFile(marker, MARKER_TEXT, { mode: 0o600 });
  await syncPath(marker);
  await syncPath(dataDir);
}

/**
 * @param {string} folder
 * @param {(path: string) => Promise<void>} syncPath
 */
async function syncParent(folder, syncPath) {
  try {
    await syncPath(folder);
  } catch (error) {
    // A folder the receiver may not read was not made by it (it makes its folders its own, 0700),
    // so the entries in it are someone else's to sync.
    const code = /** @type {{ code?: unknown }} */ (error).code;
    if (code !== 'EACCES' && code !== 'EPERM') throw error;
  }
}

/**
 * @param {string[]} paths
 * @param {number} concurrency
 * @param {(path: string) => Promise<void>} syncPath
 */
async function syncEach(paths, concurrency, syncPath) {
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < paths.length; index = next++) await syncPath(/** @type {string} */ (paths[index]));
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, paths.length) }, worker));
}
