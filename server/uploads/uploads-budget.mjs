// What uploads may take, apart from what applications and drafts may, asked before a byte of a
// request is read (docs/receiver.md, "Uploads"):
//
// - a share of requests per client (UPLOAD_RATE_LIMIT_PER_MINUTE, _PER_HOUR: 240 and 4000; a
//   PATCH per 4 MiB chunk, an IPv6 client by its /64): every POST, HEAD, PATCH and DELETE counts;
// - a share of bytes per client (UPLOAD_MB_PER_HOUR, 4096 MB): a creation counts its whole
//   Upload-Length, so a client cannot start more than that an hour, however it splits it;
// - a floor of free space in the uploads' folder: a creation is refused unless the whole file
//   fits above twice the applications' floor (DISK_FLOOR_MB), and a PATCH unless its body fits
//   above the applications' floor itself, so uploads never bring the disk under it. Unlike the
//   applications' floor this one also applies on PostgreSQL: UPLOADS_DIR is the receiver's disk.
//   The free space is read at most once a second, and many bodies arrive at once: each body in
//   flight reserves what it may still write (its Content-Length; a chunked one, which announces
//   nothing, reserves as its bytes arrive, a MiB at a time, and is cut where the next MiB would
//   pass the floor), and a body's bytes stay reserved for a reading's age after it ends, until the
//   reading can show them. Reservations are this instance's: instances sharing UPLOADS_DIR each
//   keep their own, each against the same floor;
// - a total of the uploads no application holds yet (UPLOADS_MAX_MB, uploads-in-transit.mjs), as
//   DRAFTS_MAX_MB is for drafts: a creation past it is refused.
//
// All of them answer 429 or 503 with Retry-After, which tus-js-client waits out.
import { clientAddress } from '../http/proxy-trust.mjs';
import { createDiskFloor } from '../limits/disk-floor.mjs';
import { createRateLimits } from '../limits/rate-limits.mjs';
import { DEFAULT_LIMITS } from '../limits/limit-settings.mjs';
import { DISK_FLOOR_RETRY_AFTER_SECONDS } from '../limits/admission.mjs';
import { createUploadsInTransit } from './uploads-in-transit.mjs';

/** The bytes share is counted in KiB: PostgreSQL's counters are 32-bit. */
const UNIT = 1024;
/** A chunked body reserves this much at a time as it arrives. */
const CHUNKED_STEP = 1024 * 1024;
/** How long a body's bytes stay reserved after it ends: longer than the free space's reading is cached. */
const HELD_AFTER_MS = 1100;

/**
 * @typedef {import('../limits/admission.mjs').Refusal} Refusal
 * @typedef {{
 *   admitRequest: (ctx: import('../http/request-context.mjs').RequestContext) => Promise<Refusal | null>,
 *   admitCreation: (ctx: import('../http/request-context.mjs').RequestContext, length: number) => Promise<Refusal | null>,
 *   admitBody: (length: number | null) => Promise<{ refused: Refusal } | { body: BodyReservation }>,
 *   close: () => Promise<void>,
 * }} UploadsBudget
 * @typedef {{ arrived: (bytes: number) => Promise<Refusal | null>, end: () => void }} BodyReservation
 *   arrived: a chunk is about to be written, a refusal when it would pass the floor; end: the body is over
 */

/**
 * @param {{
 *   limits: import('../limits/limit-settings.mjs').LimitSettings,
 *   databaseUrl?: string | undefined,
 *   folder: string,
 *   isBound?: (id: string) => Promise<boolean>,
 *   freeBytes?: (dir: string) => Promise<number>,
 *   log?: (line: string) => void,
 * }} options folder: the uploads' (uploads-folder.mjs); isBound: whether an application holds an upload; freeBytes: injectable for tests
 * @returns {Promise<UploadsBudget>}
 */
export async function createUploadsBudget({ limits, databaseUrl, folder, isBound = () => Promise.resolve(false), freeBytes, log = () => undefined }) {
  const requests = await createRateLimits({ windows: limits.uploadRateWindows ?? DEFAULT_LIMITS.uploadRateWindows ?? [], databaseUrl, log, name: 'upload' });
  const perHour = limits.uploadBytesPerHour ?? DEFAULT_LIMITS.uploadBytesPerHour ?? 0;
  const bytes = await createRateLimits({
    windows: perHour > 0 ? [{ points: Math.ceil(perHour / UNIT), durationSeconds: 3600 }] : [],
    databaseUrl,
    log,
    name: 'upload_kib',
  }).catch(async (/** @type {unknown} */ error) => {
    await requests.close();
    throw error;
  });
  const floor = limits.diskFloorBytes;
  const space = createDiskFloor({ dir: folder, floorBytes: floor, freeBytes, log, what: 'uploads', variable: 'DISK_FLOOR_MB' });
  /** @type {Refusal} */
  const full = {
    status: 503,
    reason: "disk under the uploads' floor",
    message: 'The file cannot be stored right now; retry after the seconds in Retry-After.',
    retryAfterSeconds: DISK_FLOOR_RETRY_AFTER_SECONDS,
  };

  const maxInTransit = limits.uploadsMaxBytes ?? DEFAULT_LIMITS.uploadsMaxBytes ?? 0;
  const inTransit = createUploadsInTransit({ folder, isBound });
  /** @type {Refusal} */
  const tooMany = {
    status: 503,
    reason: 'uploads over UPLOADS_MAX_MB',
    message: 'No more files can be uploaded right now; retry after the seconds in Retry-After.',
    retryAfterSeconds: 60,
  };
  /** What bodies in flight (and those just ended) may still write or have written since the reading. */
  let reserved = 0;

  /** The free space as last read; an unreadable reading, or no floor, refuses nothing. */
  async function freeNow() {
    if (floor <= 0) return Infinity;
    // isUnder() logs (at most once a minute) when the folder is under the floor itself.
    if (await space.isUnder()) return -Infinity;
    return (await space.freeBytes()) ?? Infinity;
  }

  /**
   * Whether `length` more bytes, on top of those reserved, leave at least `keep` of `free`. Called
   * with no wait between it and the reservation it allows, so two bodies never both take the last room.
   * @param {number} free
   * @param {number} length
   * @param {number} keep
   */
  function fits(free, length, keep) {
    return free - reserved - length >= keep;
  }

  /**
   * @param {number} upfront the body's announced length
   * @returns {BodyReservation}
   */
  function reservation(upfront) {
    let held = upfront;
    let written = 0;
    reserved += held;
    let ended = false;
    return {
      async arrived(bytes) {
        written += bytes;
        if (written <= held) return null;
        const more = Math.max(written - held, CHUNKED_STEP);
        if (!fits(await freeNow(), more, floor)) return full;
        held += more;
        reserved += more;
        return null;
      },
      end() {
        if (ended) return;
        ended = true;
        setTimeout(() => {
          reserved -= held;
        }, HELD_AFTER_MS).unref();
      },
    };
  }

  return {
    async admitRequest(ctx) {
      const rate = await requests.check(clientAddress(ctx.req, ctx.trust));
      return rate
        ? {
            status: 429,
            reason: 'upload rate limited',
            message: 'Too many upload requests from this address; retry after the seconds in Retry-After.',
            retryAfterSeconds: rate.retryAfterSeconds,
          }
        : null;
    },
    async admitCreation(ctx, length) {
      if (!fits(await freeNow(), length, 2 * floor)) return full;
      if (maxInTransit > 0 && (await inTransit.bytes()) + length > maxInTransit) return tooMany;
      const share = await bytes.check(clientAddress(ctx.req, ctx.trust), Math.max(1, Math.ceil(length / UNIT)));
      if (share)
        return {
          status: 429,
          reason: 'upload bytes share used',
          message: 'This address has started uploading as many bytes as it may this hour; retry after the seconds in Retry-After.',
          retryAfterSeconds: share.retryAfterSeconds,
        };
      inTransit.add(length);
      return null;
    },
    async admitBody(length) {
      // A chunked body (no length) is admitted while the floor itself is not reached, then counted as it arrives.
      const free = await freeNow();
      if (!fits(free, length ?? 0, floor)) return { refused: full };
      return { body: reservation(length ?? 0) };
    },
    async close() {
      await requests.close();
      await bytes.close();
    },
  };
}
