// Where the bytes of uploaded files live. The embedded store keeps everything in DATA_DIR, so its
// uploads go in DATA_DIR/uploads (backed up, locked and made private with it). A PostgreSQL
// deployment runs several instances that answer any request: a client whose upload began on one
// instance resumes it on another, so they must all see the same files: UPLOADS_DIR, a folder every
// instance mounts (NFS, a shared volume). Without it the receiver refuses to start, since a folder
// of each instance's own would lose every upload that crosses instances.
import { resolve } from 'node:path';

/**
 * @param {{ dataDir: string, env: Record<string, string | undefined> }} options
 *   env: DATABASE_URL and UPLOADS_DIR as the environment gives them
 * @returns {string} the folder, absolute
 */
export function uploadsFolder({ dataDir, env }) {
  const shared = env.UPLOADS_DIR?.trim();
  if (env.DATABASE_URL) {
    if (!shared) {
      throw new Error(
        'UPLOADS_DIR must be set with DATABASE_URL: a folder every instance of the receiver shares (a shared volume or NFS mount), where uploaded files are kept while any instance may be asked to resume them (docs/receiver.md, "Uploads").',
      );
    }
    return resolve(shared);
  }
  // One folder for all the embedded store's data: UPLOADS_DIR would split what a backup must keep together.
  if (shared) throw new Error('UPLOADS_DIR is only for PostgreSQL deployments (DATABASE_URL): the embedded store keeps uploaded files in DATA_DIR/uploads.');
  return resolve(dataDir, 'uploads');
}

/**
 * Why this receiver cannot keep files, in its environment: null when it can.
 * @param {Record<string, string | undefined>} env DATABASE_URL and UPLOADS_DIR
 * @returns {string | null}
 */
export function filesUnkeptHere(env) {
  if (!env.DATABASE_URL || env.UPLOADS_DIR?.trim()) return null;
  return 'the programme asks for files, and this receiver runs on PostgreSQL (DATABASE_URL) without UPLOADS_DIR, the folder every instance shares for them: set UPLOADS_DIR and restart (docs/receiver.md, "Uploads"), or remove the file fields';
}

/**
 * The folder, or null on PostgreSQL without UPLOADS_DIR while the programme asks for no file:
 * such a deployment runs as before (every upload is refused, saying why), and refuses to start
 * only once its programme has a file field.
 * @param {{ dataDir: string, env: Record<string, string | undefined>, fileFields: readonly unknown[] }} options
 * @returns {string | null}
 */
export function uploadsFolderIfAsked({ dataDir, env, fileFields }) {
  if (env.DATABASE_URL && !env.UPLOADS_DIR?.trim() && fileFields.length === 0) return null;
  return uploadsFolder({ dataDir, env });
}

/**
 * The folder for the applications CLI, which cannot know the programme: null on PostgreSQL
 * without UPLOADS_DIR, where the receiver never kept a file (it refuses every upload there).
 * @param {{ dataDir: string, env: Record<string, string | undefined> }} options
 * @returns {string | null}
 */
export function uploadsFolderIfKept({ dataDir, env }) {
  if (env.DATABASE_URL && !env.UPLOADS_DIR?.trim()) return null;
  return uploadsFolder({ dataDir, env });
}

/**
 * The receiver's start-up line on uploads.
 * @param {{ uploadsPath: string, uploadsFolder: string | null }} server
 */
export function describeUploads({ uploadsPath, uploadsFolder }) {
  if (uploadsFolder === null)
    return 'Uploads: none can be kept (PostgreSQL without UPLOADS_DIR): the programme asks for no file, and an edit asking for files is refused until UPLOADS_DIR is set';
  return `Uploads (tus 1.0): POST ${uploadsPath}, then HEAD, PATCH, DELETE ${uploadsPath}/{id}; files in ${uploadsFolder}, abandoned ones removed after a day`;
}
