// What uploads may take, apart from what applications and drafts may, asked before a byte of a
// request is read (FILES-CONTRACT.md, "Uploads"):
//
// - a share of requests per client (UPLOAD_RATE_LIMIT_PER_MINUTE, _PER_HOUR: 240 and 4000; a
//   PATCH per 4 MiB chunk, an IPv6 client by its /64): every POST, HEAD, PATCH and DELETE counts;
// - a share of bytes per client (UPLOAD_MB_PER_HOUR, 4096 MB): a creation counts its whole
//   Upload-Length, so a client cannot start more than that an hour, however it splits it;
// - a floor of free space in the uploads' folder: a creation is refused unless the whole file
//   fits above twice the applications' floor (DISK_FLOOR_MB), and a PATCH unless its body fits
//   above the applications' floor itself, so uploads never bring the disk under it. Unlike the
//   applications' floor this one also applies on PostgreSQL: UPLOADS_DIR is the receiver's disk.
//
// All of them answer 429 or 503 with Retry-After, which tus-js-client waits out.
import { clientAddress } from '../limits/proxy-trust.mjs';
import { createDiskFloor } from '../limits/disk-floor.mjs';
import { createRateLimits } from '../limits/rate-limits.mjs';
import { DEFAULT_LIMITS } from '../limits/limit-settings.mjs';
import { DISK_FLOOR_RETRY_AFTER_SECONDS } from '../limits/admission.mjs';

/** The bytes share is counted in KiB: PostgreSQL's counters are 32-bit. */
const UNIT = 1024;

/**
 * @typedef {import('../limits/admission.mjs').Refusal} Refusal
 * @typedef {{
 *   admitRequest: (ctx: import('../http/request-context.mjs').RequestContext) => Promise<Refusal | null>,
 *   admitCreation: (ctx: import('../http/request-context.mjs').RequestContext, length: number) => Promise<Refusal | null>,
 *   admitBody: (length: number) => Promise<Refusal | null>,
 *   close: () => Promise<void>,
 * }} UploadsBudget
 */

/**
 * @param {{
 *   limits: import('../limits/limit-settings.mjs').LimitSettings,
 *   databaseUrl?: string | undefined,
 *   folder: string,
 *   freeBytes?: (dir: string) => Promise<number>,
 *   log?: (line: string) => void,
 * }} options folder: the uploads' (uploads-folder.mjs); freeBytes: injectable for tests
 * @returns {Promise<UploadsBudget>}
 */
export async function createUploadsBudget({ limits, databaseUrl, folder, freeBytes, log = () => undefined }) {
  const requests = await createRateLimits({ windows: limits.uploadRateWindows ?? DEFAULT_LIMITS.uploadRateWindows ?? [], databaseUrl, log, name: 'upload' });
  const perHour = limits.uploadBytesPerHour ?? DEFAULT_LIMITS.uploadBytesPerHour ?? 0;
  const bytes = await createRateLimits({ windows: perHour > 0 ? [{ points: Math.ceil(perHour / UNIT), durationSeconds: 3600 }] : [], databaseUrl, log, name: 'upload_kib' }).catch(async (/** @type {unknown} */ error) => {
    await requests.close();
    throw error;
  });
  const floor = limits.diskFloorBytes;
  const space = createDiskFloor({ dir: folder, floorBytes: floor, freeBytes, log, what: 'uploads', variable: 'DISK_FLOOR_MB' });
  /** @type {Refusal} */
  const full = { status: 503, reason: 'disk under the uploads\' floor', message: 'The file cannot be stored right now; retry after the seconds in Retry-After.', retryAfterSeconds: DISK_FLOOR_RETRY_AFTER_SECONDS };

  /**
   * Whether `length` more bytes leave at least `keep` free; an unreadable reading refuses nothing.
   * @param {number} length
   * @param {number} keep
   */
  async function fits(length, keep) {
    if (floor <= 0) return true;
    // isUnder() logs (at most once a minute) when the folder is under the floor itself.
    if (await space.isUnder()) return false;
    const free = await space.freeBytes();
    return free === null || free - length >= keep;
  }

  return {
    async admitRequest(ctx) {
      const rate = await requests.check(clientAddress(ctx.req, ctx.trust));
      return rate ? { status: 429, reason: 'upload rate limited', message: 'Too many upload requests from this address; retry after the seconds in Retry-After.', retryAfterSeconds: rate.retryAfterSeconds } : null;
    },
    async admitCreation(ctx, length) {
      if (!(await fits(length, 2 * floor))) return full;
      const share = await bytes.check(clientAddress(ctx.req, ctx.trust), Math.max(1, Math.ceil(length / UNIT)));
      return share ? { status: 429, reason: 'upload bytes share used', message: 'This address has started uploading as many bytes as it may this hour; retry after the seconds in Retry-After.', retryAfterSeconds: share.retryAfterSeconds } : null;
    },
    async admitBody(length) {
      return (await fits(length, floor)) ? null : full;
    },
    async close() {
      await requests.close();
      await bytes.close();
    },
  };
}
