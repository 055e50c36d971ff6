// Whether the receiver can keep files now, for GET /readyz (health.mjs): asked only while the
// programme has a file field, since a receiver whose programme asks for none takes every
// application without its uploads folder. A folder moved away or closed to the service user used
// to leave /readyz at 200 while every upload failed (500, its body naming the folder), so a load
// balancer kept sending creators to an instance that could not keep their photos.
// On PostgreSQL the folder is UPLOADS_DIR, shared by every instance (a mount): missing, it is a
// mount gone, and making it again here would split the files between instances, so it is not
// ready. The embedded store's DATA_DIR/uploads is made at the first upload: missing is fine while
// DATA_DIR may be written. The reason goes into the answer's body, so it names no path; the
// detail (the path and the error's code) goes to the log only.
import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { dirname } from 'node:path';

/** @typedef {{ reason: string, detail: string }} Unready */

/**
 * @param {string} path
 * @returns {Promise<string | null>} the error's code, or null when it may be written into
 */
async function unwritable(path) {
  try {
    if (!(await stat(path)).isDirectory()) return 'ENOTDIR';
    await access(path, constants.W_OK | constants.X_OK);
    return null;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code ?? 'unknown';
  }
}

/**
 * @param {{ folder: string | null, shared: boolean, asksForFiles: () => Promise<boolean> }} options
 *   folder: the uploads folder (uploads-folder.mjs), null on PostgreSQL without UPLOADS_DIR;
 *   shared: UPLOADS_DIR on PostgreSQL (every instance's), rather than the embedded store's own
 * @returns {() => Promise<Unready | null>} null while files can be kept (or none are asked for)
 */
export function uploadsReadiness({ folder, shared, asksForFiles }) {
  return async () => {
    if (!(await asksForFiles())) return null;
    if (folder === null) return { reason: 'the programme asks for files and UPLOADS_DIR is not set (required with DATABASE_URL)', detail: '' };
    const code = await unwritable(folder);
    if (code === null) return null;
    if (code === 'ENOENT' && !shared && (await unwritable(dirname(folder))) === null) return null;
    const what = shared ? 'UPLOADS_DIR' : 'the uploads folder (DATA_DIR/uploads)';
    const why =
      code === 'ENOENT' ? 'is missing' : code === 'EACCES' || code === 'EPERM' || code === 'EROFS' ? 'cannot be written by this receiver' : 'cannot be used';
    return { reason: `${what} ${why}, so files cannot be kept`, detail: `${folder}: ${code}` };
  };
}
