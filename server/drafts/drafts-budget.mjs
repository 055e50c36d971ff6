// What drafts in transit may take, apart from what applications may: drafts ask no answer a person
// checks and live up to 30 days, so enough clients storing them must never turn an application
// away. Three limits of their own, asked before a draft's body is read (and the quota once more
// with its size), none of them shared with applications:
//
// - a share per client (DRAFT_RATE_LIMIT_PER_MINUTE, _PER_HOUR: 10 and 30 PUTs; an IPv6 client by
//   its /64), far above the few links a creator makes, far below a script's flood: 429;
// - a quota of all drafts held together (DRAFTS_MAX_MB, 64 MB: a thousand of the largest, tens of
//   thousands of a usual 2–5 kB one): 503 with Retry-After until drafts are taken or expire;
// - a floor of free space of their own, higher than the applications' (DISK_FLOOR_MB) by the
//   drafts' quota and at least by that floor again (512 MB by default): drafts are refused long
//   before applications are, so drafts cannot bring the data folder under the applications' floor.
//
// The quota's count is the drafts not yet taken, withdrawn or expired, read from the store at most
// every few seconds (on PostgreSQL every instance counts the same table), plus what this process
// stored since, so a burst between two readings is counted too.
import { createAdmission } from '../limits/admission.mjs';
import { createDiskFloor } from '../limits/disk-floor.mjs';
import { createRateLimits } from '../limits/rate-limits.mjs';

/** How long the store's count of held drafts is used before it is read again. */
export const HELD_BYTES_REFRESH_MS = 5000;
/** What a device waits before asking again when the drafts' quota is full: drafts come and go in minutes. */
export const QUOTA_RETRY_AFTER_SECONDS = 60;

/**
 * The floor of free space under which drafts are refused: the applications' floor, plus the
 * drafts' quota and at least that floor again.
 * @param {import('../limits/limit-settings.mjs').LimitSettings} limits
 */
export function draftsFloorBytes(limits) {
  return limits.diskFloorBytes > 0 ? limits.diskFloorBytes + Math.max(limits.diskFloorBytes, limits.draftsMaxBytes) : 0;
}

/**
 * The bytes of drafts held (not taken, withdrawn or expired), with what was stored since the last reading.
 * @param {import('../store/store-types.mjs').Queryable} store
 * @param {{ now?: () => Date, refreshMs?: number }} [options]
 */
export function heldDraftBytes(store, { now = () => new Date(), refreshMs = HELD_BYTES_REFRESH_MS } = {}) {
  /** @type {{ at: number, bytes: number } | null} */
  let reading = null;
  let storedSince = 0;
  return {
    async bytes() {
      const at = performance.now();
      if (!reading || at - reading.at >= refreshMs) {
        const { rows } = await store.query(
          'SELECT COALESCE(SUM(octet_length(content)), 0) AS bytes FROM receiver_drafts.drafts WHERE content IS NOT NULL AND expires_at > $1',
          [now().toISOString()],
        );
        reading = { at, bytes: Number(rows[0]?.bytes ?? 0) };
        storedSince = 0;
      }
      return reading.bytes + storedSince;
    },
    /** @param {number} bytes a draft just stored */
    stored(bytes) {
      storedSince += bytes;
    },
  };
}

/**
 * @param {{
 *   store: import('../store/store-types.mjs').Store,
 *   limits: import('../limits/limit-settings.mjs').LimitSettings,
 *   databaseUrl?: string | undefined,
 *   dataDir: string,
 *   freeBytes?: (dir: string) => Promise<number>,
 *   log?: (line: string) => void,
 * }} options dataDir: resolved; on PostgreSQL (databaseUrl) the disk is the database server's, no floor here
 */
export async function createDraftsBudget({ store, limits, databaseUrl, dataDir, freeBytes, log = () => undefined }) {
  const rateLimits = await createRateLimits({ windows: limits.draftRateWindows, databaseUrl, log, name: 'draft_put' });
  const diskFloor = databaseUrl
    ? null
    : createDiskFloor({
        dir: dataDir,
        floorBytes: draftsFloorBytes(limits),
        freeBytes,
        log,
        what: 'drafts in transit',
        variable: 'DISK_FLOOR_MB and DRAFTS_MAX_MB',
      });
  const admitShareAndFloor = createAdmission({ rateLimits, diskFloor });
  const held = heldDraftBytes(store);
  /** @type {import('../limits/admission.mjs').Refusal} */
  const full = {
    status: 503,
    reason: 'drafts quota full',
    message: 'This receiver holds as many drafts as it may right now; retry after the seconds in Retry-After.',
    retryAfterSeconds: QUOTA_RETRY_AFTER_SECONDS,
  };
  return {
    /**
     * Before a draft's body is read: the client's share of drafts, their floor of free space, and
     * room in the quota for the size it announced (or for one byte).
     * @type {import('../limits/admission.mjs').Admit}
     */
    async admit(ctx) {
      const refused = await admitShareAndFloor(ctx);
      if (refused)
        return refused.reason === 'disk under its floor'
          ? { ...refused, reason: "disk under the drafts' floor", message: 'The draft cannot be stored right now; retry after the seconds in Retry-After.' }
          : refused;
      const announced = Number(ctx.req.headers['content-length'] ?? 1);
      return limits.draftsMaxBytes > 0 && (await held.bytes()) + (Number.isSafeInteger(announced) && announced > 0 ? announced : 1) > limits.draftsMaxBytes
        ? full
        : null;
    },
    /**
     * Once the body is read: whether the quota has room for this many bytes; counts them as held.
     * @param {number} bytes
     * @returns {Promise<import('../limits/admission.mjs').Refusal | null>}
     */
    async take(bytes) {
      if (limits.draftsMaxBytes > 0 && (await held.bytes()) + bytes > limits.draftsMaxBytes) return full;
      held.stored(bytes);
      return null;
    },
    close: () => rateLimits.close(),
  };
}
