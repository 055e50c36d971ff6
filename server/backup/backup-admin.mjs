// The backup's admin endpoint, behind the admin door (http/admin-door.mjs): GET /admin/backup
// streams a backup file of the whole store, from one snapshot (backup.mjs), while the embedded
// database is held by the running receiver.
import { writeBackup } from './backup.mjs';

/**
 * @param {{ store: import('../store/store-types.mjs').Store, uploadsFolder?: string | null }} options
 *   uploadsFolder: where the applications' files are (copied into the backup)
 * @returns {import('../http/admin-door.mjs').AdminRoute}
 */
export function backupAdmin({ store, uploadsFolder = null }) {
  return async (ctx, url) => {
    const { req, res } = ctx;
    if (url.pathname !== '/admin/backup' || req.method !== 'GET') return false;
    res.writeHead(200, { 'Content-Type': 'application/gzip', 'Cache-Control': 'no-store' });
    // A failure midway cuts the connection: the client sees an error, never a shorter file.
    await writeBackup(store, res, { uploadsFolder }).catch((/** @type {unknown} */ error) =>
      res.destroy(error instanceof Error ? error : new Error(String(error))),
    );
    return true;
  };
}
