// The bytes of the uploads no application holds yet, all together, for UPLOADS_MAX_MB: each
// incomplete upload by the length it declared (what it may still become), each complete one by its
// length until an application binds it (then it is the application's, kept as long as it is). Read
// from the folder, which every instance shares, at most once per `cacheMs`; creations admitted
// since by this instance are added, so a burst between two readings cannot pass the total.
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { UPLOAD_ID } from './stored-uploads.mjs';

/**
 * @param {{ folder: string, isBound: (id: string) => Promise<boolean>, cacheMs?: number }} options
 */
export function createUploadsInTransit({ folder, isBound, cacheMs = 5000 }) {
  /** Bound stays bound until the application is erased, when its uploads go too: asked once each. */
  const bound = new Set();
  /** @type {{ at: number, bytes: number } | null} */
  let reading = null;
  let addedSince = 0;

  /** @param {string} id */
  async function inTransit(id) {
    if (bound.has(id)) return 0;
    /** @type {unknown} */
    const parsed = JSON.parse(await readFile(join(folder, `${id}.json`), 'utf8'));
    const info = /** @type {{ size?: unknown }} */ (parsed);
    const size = typeof info.size === 'number' && Number.isSafeInteger(info.size) && info.size > 0 ? info.size : 0;
    const onDisk = (await stat(join(folder, id))).size;
    if (onDisk >= size && (await isBound(id))) {
      bound.add(id);
      return 0;
    }
    return Math.max(size, onDisk);
  }

  async function read() {
    let bytes = 0;
    // A folder not made yet (the first upload makes it) holds nothing; one that cannot be read
    // cannot be written either, and the upload's own write fails and is logged with its reason.
    const names = await readdir(folder).catch(() => []);
    const ids = names
      .filter((name) => name.endsWith('.json'))
      .map((name) => name.slice(0, -'.json'.length))
      .filter((id) => UPLOAD_ID.test(id));
    for (const id of ids) bytes += await inTransit(id).catch(() => 0);
    return bytes;
  }

  return {
    /** The bytes in transit now (this instance's admissions since the last reading included). */
    async bytes() {
      const now = performance.now();
      if (!reading || now - reading.at >= cacheMs) {
        reading = { at: now, bytes: await read() };
        addedSince = 0;
      }
      return reading.bytes + addedSince;
    },
    /** @param {number} length a creation just admitted */
    add(length) {
      addedSince += length;
    },
  };
}
