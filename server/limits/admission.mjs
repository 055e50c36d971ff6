// Whether the receiver takes a PUT at all, asked before it reads the body: not when the client sent
// more than its share (429, rate-limits.mjs), nor when the data folder is under its floor of free
// space (503, disk-floor.mjs). Both answers carry Retry-After in seconds, which the wizard waits
// at least before it sends again; the creator's application stays on the device meanwhile.
import { clientAddress } from '../http/proxy-trust.mjs';

/** What a creator's device waits before it asks again after a full disk: long enough for an operator to act, short enough to go unnoticed. */
export const DISK_FLOOR_RETRY_AFTER_SECONDS = 30;

/**
 * @typedef {{ status: 429 | 503, reason: string, message: string, retryAfterSeconds: number }} Refusal
 *   reason: for the log and the metrics, never a value the client sent
 * @typedef {(ctx: import('../http/request-context.mjs').RequestContext) => Promise<Refusal | null>} Admit
 */

/**
 * @param {{ rateLimits: import('./rate-limits.mjs').RateLimits, diskFloor?: ReturnType<typeof import('./disk-floor.mjs').createDiskFloor> | null }} options
 * @returns {Admit}
 */
export function createAdmission({ rateLimits, diskFloor = null }) {
  return async (ctx) => {
    const rate = await rateLimits.check(clientAddress(ctx.req, ctx.trust));
    if (rate)
      return {
        status: 429,
        reason: 'rate limited',
        message: 'Too many requests from this address; retry after the seconds in Retry-After.',
        retryAfterSeconds: rate.retryAfterSeconds,
      };
    if (diskFloor && (await diskFloor.isUnder())) {
      return {
        status: 503,
        reason: 'disk under its floor',
        message: 'The application cannot be stored right now; retry after the seconds in Retry-After.',
        retryAfterSeconds: DISK_FLOOR_RETRY_AFTER_SECONDS,
      };
    }
    return null;
  };
}
