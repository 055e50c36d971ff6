// The free space the embedded store keeps in DATA_DIR: under the floor (DISK_FLOOR_MB), the
// receiver refuses new applications with 503 and Retry-After before it reads or writes anything, so
// the disk never fills in the middle of a write (a WAL segment is 16 MB; a full disk can stop
// PostgreSQL and PGlite at a checkpoint, with every creator refused until someone frees space).
// Applications already acknowledged are on the disk; those refused stay on the creators' devices
// and are sent again after Retry-After. The reading is cached a second (statfs costs microseconds,
// but a flood should not make one per request) and the log says so at most once a minute, and once
// when space returns.
import { statfs } from 'node:fs/promises';

/** @param {string} dir */
export async function freeBytesIn(dir) {
  const info = await statfs(dir);
  // bavail: the blocks an unprivileged process may use (root keeps a reserve the database never gets).
  return info.bavail * info.bsize;
}

/**
 * @param {{
 *   dir: string,
 *   floorBytes: number,
 *   freeBytes?: (dir: string) => Promise<number>,
 *   log?: (line: string) => void,
 *   cacheMs?: number,
 *   what?: string,
 *   variable?: string,
 * }} options freeBytes: the reading, injectable for tests; what: what is refused under it, for the
 *   log (new applications, or drafts in transit under their own higher floor); variable: the setting that sets it
 * @returns {{ isUnder: () => Promise<boolean>, lastReading: () => number | null, freeBytes: () => Promise<number | null> }}
 */
export function createDiskFloor({
  dir,
  floorBytes,
  freeBytes = freeBytesIn,
  log = () => undefined,
  cacheMs = 1000,
  what = 'new applications',
  variable = 'DISK_FLOOR_MB',
}) {
  /** @type {{ at: number, free: number } | null} */
  let reading = null;
  let lastLogged = -Infinity;
  let under = false;
  const mb = (/** @type {number} */ bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
  /**
   * The free space, read at most once per cacheMs; null when it cannot be read.
   * @param {number} now
   */
  async function free(now) {
    if (!reading || now - reading.at >= cacheMs) {
      try {
        reading = { at: now, free: await freeBytes(dir) };
      } catch (error) {
        if (now - lastLogged >= 60_000) {
          lastLogged = now;
          log(`could not read the free space of the data folder: ${error instanceof Error ? error.message : String(error)}`);
        }
        return null;
      }
    }
    return reading.free;
  }
  return {
    async isUnder() {
      if (floorBytes <= 0) return false;
      const now = performance.now();
      // An unreadable reading refuses nothing: the store's own errors still answer 503.
      const bytes = await free(now);
      if (bytes === null) return false;
      const isUnder = bytes < floorBytes;
      if (isUnder && (!under || now - lastLogged >= 60_000)) {
        lastLogged = now;
        log(
          `disk floor: ${mb(bytes)} free in the data folder, under the floor of ${mb(floorBytes)} (${variable}): ${what} are refused with 503 until space is freed`,
        );
      } else if (!isUnder && under) {
        log(`disk floor: ${mb(bytes)} free in the data folder again: ${what} are accepted`);
      }
      under = isUnder;
      return isUnder;
    },
    lastReading: () => reading?.free ?? null,
    /** The free space now (at most cacheMs old), whatever the floor (DISK_FLOOR_MB=0 too): the metrics' gauge. */
    freeBytes: () => free(performance.now()),
  };
}
