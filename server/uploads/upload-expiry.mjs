// Uploads nobody will finish or claim, removed (bytes and .json) so they cannot fill the disk: one
// still incomplete a day after its creation, its creator gone (by its age, not by its last byte, so
// a byte a day cannot keep one alive); one complete for a day that no application bound
// (upload-binding.mjs), its application never sent. A creator who comes back later starts again
// from zero (its HEAD answers 404 and the page creates a new upload). Every hour, under each upload's lock, so
// a PATCH under way on any instance is never cut from beneath; one log line per turn that removed
// anything, counts only (an upload's id is its owner's secret).
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { startPeriodicJob } from '../process/periodic-job.mjs';
import { UPLOAD_ID } from './stored-uploads.mjs';

/** A day: what an upload may rest untouched before it is removed. */
export const UPLOAD_EXPIRY_MS = 24 * 3600 * 1000;
/** How often the folder is looked through. */
export const UPLOAD_SWEEP_INTERVAL_MS = 3600 * 1000;

/**
 * @param {{
 *   folder: string,
 *   store: import('@tus/server').DataStore,
 *   locker: import('@tus/server').Locker,
 *   isBound: (id: string) => Promise<boolean>,
 *   expiryMs?: number,
 *   intervalMs?: number,
 *   now?: () => number,
 *   log?: (line: string) => void,
 * }} options
 * @returns {{ sweep: () => Promise<{ incomplete: number, unbound: number }>, stop: () => Promise<void> }}
 */
export function startUploadExpiry({
  folder,
  store,
  locker,
  isBound,
  expiryMs = UPLOAD_EXPIRY_MS,
  intervalMs = UPLOAD_SWEEP_INTERVAL_MS,
  now = Date.now,
  log = () => undefined,
}) {
  /**
   * Removes the upload if it is still expired once its lock is held; which kind it was, or null.
   * @param {string} id
   * @returns {Promise<'incomplete' | 'unbound' | null>}
   */
  async function expire(id) {
    const lock = locker.newLock(id);
    await lock.lock(AbortSignal.timeout(10_000), () => undefined);
    try {
      const touched = await stat(join(folder, id)).then(
        (info) => info.mtimeMs,
        () => null,
      );
      if (touched === null) return null;
      const upload = await store.getUpload(id);
      const complete = upload.size !== undefined && upload.offset === upload.size;
      // Incomplete: its age since creation (the file's last change when the creation date is unreadable).
      const created = upload.creation_date ? Date.parse(upload.creation_date) : Number.NaN;
      const since = complete || Number.isNaN(created) ? touched : Math.min(created, touched);
      if (now() - since < expiryMs) return null;
      if (complete && (await isBound(id))) return null;
      await store.remove(id);
      return complete ? 'unbound' : 'incomplete';
    } finally {
      await lock.unlock();
    }
  }

  async function sweep() {
    const removed = { incomplete: 0, unbound: 0 };
    try {
      const ids = (await readdir(folder))
        .filter((name) => name.endsWith('.json'))
        .map((name) => name.slice(0, -'.json'.length))
        .filter((id) => UPLOAD_ID.test(id));
      for (const id of ids) {
        try {
          const kind = await expire(id);
          if (kind) removed[kind] += 1;
        } catch {
          // Another instance removed it first, or it is locked by a request: the next turn sees it.
        }
      }
    } catch (error) {
      log(`uploads: the sweep of abandoned uploads failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (removed.incomplete + removed.unbound > 0) {
      log(
        `uploads: removed ${String(removed.incomplete)} upload(s) still incomplete ${String(expiryMs / 3600_000)} h after their creation and ${String(removed.unbound)} complete one(s) no application claimed`,
      );
    }
    return removed;
  }

  const job = startPeriodicJob(sweep, intervalMs);
  return { sweep: job.run, stop: job.stop };
}
