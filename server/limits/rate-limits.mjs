// How many PUTs one client may send: rate-limiter-flexible's counters, one per window (a minute and
// an hour by default, limit-settings.mjs), keyed by the client's address (proxy-trust.mjs), an IPv6
// client by its /64, the block a home or phone is given, so rotating addresses inside it gains
// nothing. In memory on the embedded store (one process holds it); in PostgreSQL with DATABASE_URL,
// so every instance behind a load balancer counts against the same numbers.
//
// A counter that cannot be read fails open, never closed: on PostgreSQL each limiter falls back to
// an in-memory one of this process (rate-limiter-flexible's insurance limiter), so a database that
// hiccups neither turns a creator away nor lets a flood through unbounded; any other error lets the
// request in and is logged at most once a minute. Addresses are never logged.
import { isIP } from 'node:net';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';

/** Outside `public`, so backups, restores and erasure, which read that schema, never see counters. */
export const RATE_LIMIT_SCHEMA = 'receiver_rate_limits';

/**
 * The key a client is counted by: its IPv4 address, or the first 64 bits of its IPv6 address.
 * @param {string} address a normalised address (proxy-trust.mjs's clientAddress)
 */
export function rateLimitKey(address) {
  if (isIP(address) !== 6) return address;
  const [head = '', tail = ''] = address.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = address.includes('::') ? (tail === '' ? [] : tail.split(':')) : [];
  const groups = address.includes('::')
    ? [...headGroups, ...Array.from({ length: 8 - headGroups.length - tailGroups.length }, () => '0'), ...tailGroups]
    : headGroups;
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * @typedef {{ retryAfterSeconds: number }} RateRefusal
 * @typedef {{ check: (address: string | null, points?: number) => Promise<RateRefusal | null>, close: () => Promise<void> }} RateLimits
 *   points: what this request costs of the share (1; an upload counts its size)
 */

/**
 * @param {import('./limit-settings.mjs').RateWindow} window
 * @param {import('pg').Pool} pool
 * @param {string} name what is counted, the counters' prefix
 * @returns {Promise<RateLimiterPostgres>}
 */
function postgresLimiter(window, pool, name) {
  const keyPrefix = `${name}_${String(window.durationSeconds)}s`;
  return new Promise((resolve, reject) => {
    const limiter = new RateLimiterPostgres(
      {
        storeClient: pool,
        storeType: 'pool',
        schemaName: RATE_LIMIT_SCHEMA,
        tableName: keyPrefix,
        keyPrefix,
        points: window.points,
        duration: window.durationSeconds,
        // A client that used its share is refused from memory until its window ends: a flood costs
        // the database no query per request, and creators' counts do not queue behind the flooder's.
        inMemoryBlockOnConsumed: window.points,
        insuranceLimiter: new RateLimiterMemory({ keyPrefix, points: window.points, duration: window.durationSeconds }),
      },
      (error) => {
        if (error) reject(/** @type {Error} */ (error));
        else resolve(limiter);
      },
    );
  });
}

/**
 * @param {{
 *   windows: import('./limit-settings.mjs').RateWindow[],
 *   databaseUrl?: string | undefined,
 *   log?: (line: string) => void,
 *   name?: string,
 * }} options databaseUrl: share the counters in that PostgreSQL database; name: what is counted
 *   (`put`: applications; `draft_put`: drafts in transit, a share of their own), the counters' prefix
 * @returns {Promise<RateLimits>}
 */
export async function createRateLimits({ windows, databaseUrl, log = () => undefined, name = 'put' }) {
  if (windows.length === 0) return { check: () => Promise.resolve(null), close: () => Promise.resolve() };
  // A pool of its own, small: a counter's query never waits behind an application being stored.
  // pg is loaded only with a database to share counters in: the embedded receiver's memory has no room for a client it never uses.
  const pool = databaseUrl ? new (await import('pg')).default.Pool({ connectionString: databaseUrl, max: 4 }) : null;
  pool?.on('error', () => undefined);
  /** @type {Array<RateLimiterMemory | RateLimiterPostgres>} */
  let limiters;
  windows = [...windows].sort((a, b) => a.durationSeconds - b.durationSeconds);
  try {
    if (pool) {
      // Two instances starting together may both create the schema: the loser's error is harmless.
      await pool.query(`CREATE SCHEMA IF NOT EXISTS ${RATE_LIMIT_SCHEMA}`).catch((/** @type {unknown} */ error) => {
        const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
        if (code !== '23505' && code !== '42P06') throw error;
      });
      limiters = await Promise.all(windows.map((window) => postgresLimiter(window, pool, name)));
    } else {
      limiters = windows.map(
        (window) => new RateLimiterMemory({ keyPrefix: `${name}_${String(window.durationSeconds)}s`, points: window.points, duration: window.durationSeconds }),
      );
    }
  } catch (error) {
    await pool?.end();
    throw error;
  }
  let lastLogged = -Infinity;
  return {
    async check(address, points = 1) {
      // A socket already closed has no address: nothing to answer, nothing to count.
      if (address === null) return null;
      const key = rateLimitKey(address);
      let longestWaitMs = 0;
      for (const limiter of limiters) {
        try {
          await limiter.consume(key, points);
        } catch (outcome) {
          if (outcome instanceof RateLimiterRes) {
            // The shorter windows come first; a request one refuses is not counted by the longer ones.
            longestWaitMs = Math.max(longestWaitMs, outcome.msBeforeNext);
            break;
          }
          if (performance.now() - lastLogged > 60_000) {
            lastLogged = performance.now();
            log(`rate limit counters failed, requests let through meanwhile: ${outcome instanceof Error ? outcome.message : String(outcome)}`);
          }
        }
      }
      return longestWaitMs > 0 ? { retryAfterSeconds: Math.max(1, Math.ceil(longestWaitMs / 1000)) } : null;
    },
    close: async () => {
      await pool?.end();
    },
  };
}
