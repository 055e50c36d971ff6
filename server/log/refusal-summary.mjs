// Refusals summarised, not echoed: under a flood the log must not become the flood's amplifier
// (thousands of lines a second filling the disk, journald's own rate limit then dropping the
// lines that matter). The first refusal of a client for one rule (its status and the reason's kind,
// metrics.mjs's refusalKind) is logged in full; the same refusals after it are only counted, and
// once per interval (a minute) one line says how many there were. A client and rule with nothing
// more in an interval are forgotten, so their next refusal is logged in full again. The metrics
// count every refusal exactly; this is only what the log says of them.
//
// Memory is bounded: at most maxTracked client-and-rule pairs are followed at once; refusals of any
// further ones are counted together, as from "other clients", the first of them in full, so a flood
// from a million addresses costs the log a line or two a minute as well.
import { refusalKind } from './metrics.mjs';

export const SUMMARY_INTERVAL_MS = 60_000;
export const MAX_TRACKED = 10_000;
/** The pseudonym the refusals of clients beyond the cap are counted under. */
export const OTHER_CLIENTS = 'others';

/**
 * @typedef {{ client: string, status: number, kind: string, count: number, seconds: number }} RefusalSummary
 *   count refusals of this client and rule left out of the log in the last `seconds`; client: its
 *   pseudonym (client-pseudonym.mjs), or OTHER_CLIENTS
 */

/**
 * @param {{
 *   write: (summary: RefusalSummary) => void,
 *   intervalMs?: number,
 *   maxTracked?: number,
 *   now?: () => number,
 * }} options write: told of each summary line to log; now: milliseconds (tests)
 */
export function createRefusalSummary({ write, intervalMs = SUMMARY_INTERVAL_MS, maxTracked = MAX_TRACKED, now = () => Date.now() }) {
  /** @type {Map<string, { client: string, status: number, kind: string, count: number, since: number }>} */
  const tracked = new Map();
  /** @type {ReturnType<typeof setInterval> | null} */
  let timer = null;

  /** @param {boolean} final whether every pair is forgotten (shutdown) */
  function summarise(final) {
    const at = now();
    for (const [key, pair] of tracked) {
      if (pair.count > 0)
        write({ client: pair.client, status: pair.status, kind: pair.kind, count: pair.count, seconds: Math.max(0, Math.round((at - pair.since) / 1000)) });
      if (final || pair.count === 0) tracked.delete(key);
      else {
        pair.count = 0;
        pair.since = at;
      }
    }
    if (tracked.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  }

  return {
    /**
     * Whether this refusal is to be logged in full (the first of its client and rule in a while),
     * else it is counted for the next summary.
     * @param {{ client: string, status: number, reason: string }} refusal
     */
    logInFull({ client, status, reason }) {
      const kind = refusalKind(reason);
      let key = `${client}\0${String(status)}\0${kind}`;
      if (!tracked.has(key) && tracked.size >= maxTracked) key = `${OTHER_CLIENTS}\0${String(status)}\0${kind}`;
      const pair = tracked.get(key);
      if (pair) {
        pair.count += 1;
        return false;
      }
      // The pair for other clients may take the cap's place: one more entry at most per rule.
      tracked.set(key, { client: key.split('\0')[0] ?? client, status, kind, count: 0, since: now() });
      if (!timer) {
        timer = setInterval(() => {
          summarise(false);
        }, intervalMs);
        // A summary due is no reason to keep the process alive.
        timer.unref();
      }
      return true;
    },
    /** Writes the summaries of the interval so far now (what each would have said at its end). */
    flush() {
      summarise(false);
    },
    /** Writes every count still held and stops: at shutdown, so no refusal goes unmentioned. */
    close() {
      summarise(true);
    },
    /** How many client-and-rule pairs are followed now (bounded by maxTracked plus one per rule). */
    get size() {
      return tracked.size;
    },
  };
}
