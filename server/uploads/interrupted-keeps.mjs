// A photo kept without its location (kept-without-location.mjs) is written beside its upload, then
// renamed over it in two steps: its bytes, then its record (<id>.json, its size and the hash of
// what is kept). A receiver stopped between the two (kill -9, a lost machine) would leave the new
// bytes under the old record: a size that is no longer the file's, so the upload would look
// unfinished, and a PATCH could write after the new end. At start, before any request, each such
// upload is finished (the bytes were renamed: the record follows) or undone (they were not: the
// upload is as it came, and the half-written copy goes), under the upload's lock, so another
// instance keeping the same photo at that moment is waited for rather than undone.
import { readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fsyncPath } from '../store/data-folder-sync.mjs';
import { uploadInfoPath } from './stored-uploads.mjs';

const KEPT = /^\.([0-9a-f]{32})\.kept(?:\.json)?$/;

/**
 * Where a photo's copy without its location is written before it is renamed over the upload's
 * bytes; its record goes to the same name with `.json`.
 * @param {string} folder
 * @param {string} id
 */
export function keptCopyPath(folder, id) {
  return join(folder, `.${id}.kept`);
}

/** @param {string} path */
const exists = (path) =>
  stat(path).then(
    () => true,
    () => false,
  );

/**
 * Finishes or undoes every keep a stopped receiver left half done; how many of each.
 * @param {string} folder the uploads folder
 * @param {{ newLock: (id: string) => { lock: (signal: AbortSignal, cancel: () => void) => Promise<void>, unlock: () => Promise<void> } }} locker
 * @returns {Promise<{ finished: number, undone: number }>}
 */
export async function finishInterruptedKeeps(folder, locker) {
  const ids = new Set((await readdir(folder)).flatMap((name) => KEPT.exec(name)?.[1] ?? []));
  const counts = { finished: 0, undone: 0 };
  for (const id of ids) {
    const lock = locker.newLock(id);
    // Held for over 10 s by another instance: this one throws, and its receiver does not start on a half-kept photo.
    await lock.lock(AbortSignal.timeout(10_000), () => undefined);
    try {
      const copy = keptCopyPath(folder, id);
      const record = `${copy}.json`;
      if (await exists(copy)) {
        // The bytes were not renamed yet: the upload is whole as it came.
        await rm(copy, { force: true });
        await rm(record, { force: true });
        counts.undone += 1;
      } else if (await exists(record)) {
        // The bytes are the kept copy's (its record was synced before they were renamed): so is the record now.
        await rename(record, uploadInfoPath(folder, id));
        counts.finished += 1;
      }
      await fsyncPath(folder);
    } finally {
      await lock.unlock();
    }
  }
  return counts;
}
