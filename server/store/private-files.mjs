// The data folder holds every creator's answers: its files are the service user's alone (0600,
// folders 0700), whatever the umask and whoever made the folder.
//
// Three holes, measured: PGlite's filesystem layer (Emscripten's NODEFS) chmods
// every file it makes to Emscripten's own mode, 0666, after creating it, so the umask (the systemd
// unit's 0077 included) never applied and 968 of 1,016 files were -rw-rw-rw-; folders a process
// made under umask 022 are 0755; and a data folder made beforehand with 0755 let every local user
// in. So: new files take the private mode at the source (NODEFS's mknod and chmod are masked, and
// each entry point sets umask 0077 for whatever else it writes), and every start repairs what an
// older receiver or a wide folder left (a one-time repair, quiet when there is nothing to do),
// with a WARNING naming the folder when it was open to others.
import { lstat, chmod, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** Group and other: the bits no file of the data folder keeps. */
const OTHERS = 0o077;

/** For the server's and the CLI's entry points: every file they make is the owner's alone. */
export function keepNewFilesPrivate() {
  process.umask(OTHERS);
}

/**
 * @typedef {{ node_ops?: Record<string, unknown>, stream_ops?: Record<string, unknown> }} Nodefs
 */

/**
 * Takes group and other bits off every mode NODEFS creates a file or folder with or chmods one
 * to; called from the store's filesystem class (durable-node-fs.mjs) once NODEFS is loaded.
 * @param {Nodefs | undefined} nodefs
 */
export function maskNodefsModes(nodefs) {
  const nodeOps = nodefs?.node_ops;
  if (!nodeOps) return;
  const mknod = /** @type {((parent: unknown, name: string, mode: number, dev: unknown) => unknown) | undefined} */ (nodeOps.mknod);
  if (mknod && !('private' in mknod)) {
    const masked = (/** @type {unknown} */ parent, /** @type {string} */ name, /** @type {number} */ mode, /** @type {unknown} */ dev) =>
      mknod(parent, name, mode & ~OTHERS, dev);
    nodeOps.mknod = Object.assign(masked, { private: true });
  }
  for (const ops of [nodeOps, nodefs.stream_ops]) {
    const setattr = /** @type {((target: unknown, attr: { mode?: number | null }) => unknown) | undefined} */ (ops?.setattr);
    if (!ops || !setattr || 'private' in setattr) continue;
    const masked = (/** @type {unknown} */ target, /** @type {{ mode?: number | null }} */ attr) =>
      setattr(target, typeof attr.mode === 'number' ? { ...attr, mode: attr.mode & ~OTHERS } : attr);
    ops.setattr = Object.assign(masked, { private: true });
  }
}

/**
 * Makes the folder 0700 and everything in it the owner's alone (files keep their owner bits,
 * folders too), as the start's one-time repair.
 * @param {string} dir an existing folder
 * @returns {Promise<{ folderMode: number, repaired: number }>} the folder's mode before, and how many entries were opened to others
 */
export async function makeFolderPrivate(dir) {
  const { mode } = await lstat(dir);
  let repaired = 0;
  /** @param {string} path @param {number} entryMode */
  async function tighten(path, entryMode) {
    if ((entryMode & OTHERS) === 0) return;
    await chmod(path, entryMode & 0o7700 & ~OTHERS);
    repaired += 1;
  }
  /** @param {string} folder */
  async function walk(folder) {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      // A symbolic link's own mode means nothing, and what it points at is not ours to change.
      if (entry.isSymbolicLink()) continue;
      await tighten(path, (await lstat(path)).mode);
      if (entry.isDirectory()) await walk(path);
    }
  }
  await walk(dir);
  if ((mode & OTHERS) !== 0) await chmod(dir, mode & 0o7700 & ~OTHERS);
  return { folderMode: mode & 0o7777, repaired };
}

/**
 * The start's repair, and what to tell the deployer about it (null when all was private).
 * @param {string} dir
 * @returns {Promise<string | null>}
 */
export async function repairDataFolder(dir) {
  const { folderMode, repaired } = await makeFolderPrivate(dir);
  if ((folderMode & OTHERS) !== 0) {
    return `WARNING: the data folder ${dir} was open to other users of this machine (mode ${folderMode.toString(8).padStart(4, '0')}): it is now 0700${repaired > 0 ? `, and ${String(repaired)} of its files and folders were made the owner's alone` : ''}. Anyone who could read it may have copied applications; make the folder with mode 0700 (as the systemd unit's StateDirectory does).`;
  }
  if (repaired > 0)
    return `Made ${String(repaired)} files and folders of ${dir} readable by their owner only (an earlier receiver left them open to others; the folder itself was 0700).`;
  return null;
}
