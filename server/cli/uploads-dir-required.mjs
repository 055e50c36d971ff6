// On PostgreSQL the applications' files live in UPLOADS_DIR, which the receivers' environment sets
// and a shell running `npm run -s applications` may not. Without it, `backup` used to write a file
// without the files and exit 0 (its restore then "succeeded" with rows naming files nobody had),
// `erase --email` reported a creator erased and left their photos in the shared folder, and
// `files` failed on a raw ENOENT. So each command that needs the files refuses, before it writes or
// changes anything, wherever the database holds files and UPLOADS_DIR is not set.

/**
 * The sentence each command refuses with.
 * @param {string} command
 * @param {number} files how many files the database (or the backup) names
 * @param {string} where 'The database' or 'The backup'
 */
export function uploadsDirMissing(command, files, where = 'The database') {
  return `${where} holds ${String(files)} file(s) of applications, kept in UPLOADS_DIR on PostgreSQL, and UPLOADS_DIR is not set here: run \`${command}\` again with UPLOADS_DIR set as in the receivers' environment (docs/receiver.md, "Uploads"); nothing was written or changed.`;
}

/**
 * How many files of applications the store names (0 before the table exists).
 * @param {import('../store/store-types.mjs').Queryable} store
 * @returns {Promise<number>}
 */
export async function filesHeld(store) {
  const { rows } = await store.query(`SELECT to_regclass('public.application_files') IS NOT NULL AS present`);
  if (rows[0]?.present !== true) return 0;
  const { rows: counted } = await store.query('SELECT count(*) AS count FROM application_files');
  return Number(counted[0]?.count ?? 0);
}

/**
 * Throws uploadsDirMissing unless the uploads folder is known or the store names no file.
 * @param {import('../store/store-types.mjs').Queryable} store
 * @param {string | null} uploadsFolder
 * @param {string} command as the user would type it again
 */
export async function requireUploadsFolder(store, uploadsFolder, command) {
  if (uploadsFolder !== null) return;
  const files = await filesHeld(store);
  if (files > 0) throw new Error(uploadsDirMissing(command, files));
}
