// Who owns the files `restore` writes into DATA_DIR. Run as the receiver's user (as the docs show),
// they are that user's. Run as root, they used to be root's, 0600: the receiver,
// running as its own user, could not open its restored database. So as root, restore gives every
// file to the owner of DATA_DIR once it is done, and refuses beforehand when it cannot tell who
// that is: a DATA_DIR that does not exist yet (root would make it, and own it). A careful tool does
// not guess a user; the deployer makes the folder for the service's user first, or runs the
// command as that user.
import { lchown, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The owner to give the restored files to, or null to leave them as written (not root, or the
 * folder is root's own). Throws when root would make the folder.
 * @param {string} dataDir
 * @param {{ uid?: number }} [as] this process's user id (tests)
 * @returns {Promise<{ uid: number, gid: number } | null>}
 */
export async function ownerForRestore(dataDir, { uid = process.getuid?.() ?? -1 } = {}) {
  if (uid !== 0) return null;
  let folder;
  try {
    folder = await stat(dataDir);
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'ENOENT') throw error;
    throw new Error(
      `Run as root, restore would make ${dataDir} and leave every file in it root's, which the receiver's user cannot open. Make the folder for that user first (install -d -o creator-wizard -g creator-wizard -m 0700 ${dataDir}), or run restore as that user (runuser -u creator-wizard -- …); nothing was restored.`,
      { cause: error },
    );
  }
  return folder.uid === 0 ? null : { uid: folder.uid, gid: folder.gid };
}

/**
 * Gives dir and everything in it to owner (symbolic links themselves, not what they name).
 * @param {string} dir
 * @param {{ uid: number, gid: number }} owner
 */
export async function giveTree(dir, owner) {
  await lchown(dir, owner.uid, owner.gid);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) await giveTree(path, owner);
    else await lchown(path, owner.uid, owner.gid);
  }
}
