// How a log line names the client a refusal came from without naming its address: a keyed hash
// (HMAC-SHA-256) of the key the rate limits count it by (rate-limits.mjs: the IPv4 address, or an
// IPv6 address's /64), cut to 12 hex digits. The key is random, made when the process starts and
// never written anywhere, so the pseudonym links one client's lines while this process runs and
// cannot be turned back into an address, not even by hashing all four billion IPv4 addresses; after
// a restart the same client has another one.
import { createHmac, randomBytes } from 'node:crypto';
import { clientAddress } from '../http/proxy-trust.mjs';
import { rateLimitKey } from '../limits/rate-limits.mjs';

const PROCESS_KEY = randomBytes(32);

/**
 * The pseudonym of an address (as clientAddress gives it), by its rate limit key.
 * @param {string | null} address
 * @param {Buffer} [key] the process's, unless a test gives one
 */
export function pseudonymOf(address, key = PROCESS_KEY) {
  if (address === null) return 'unknown';
  return createHmac('sha256', key).update(rateLimitKey(address)).digest('hex').slice(0, 12);
}

/**
 * The pseudonym of the client that sent a request (behind a trusted proxy, the client it forwards for).
 * @param {import('../http/request-context.mjs').RequestContext} ctx
 */
export function clientPseudonym(ctx) {
  return pseudonymOf(clientAddress(ctx.req, ctx.trust));
}
