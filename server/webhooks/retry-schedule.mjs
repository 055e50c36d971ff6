// When a webhook that failed is tried again: the first retry within 10 seconds (a blip, a deploy
// of the team's endpoint), then exponential backoff (doubling from 5 s, capped at 6 hours between
// attempts) with jitter, so endpoints that come back do not get every queued message at once, until
// the message's give-up time (three days after the application arrived) when it is marked failed
// for `npm run -s applications -- redeliver`.

export const FIRST_RETRY_MS = 5_000;
export const GIVE_UP_AFTER_MS = 3 * 24 * 60 * 60 * 1000;
export const MAX_RETRY_INTERVAL_MS = 6 * 60 * 60 * 1000;

/**
 * The wait before the next attempt, after `attempts` attempts have failed (1 for the first).
 * "Equal jitter": half the backoff for certain, the other half at random.
 * @param {number} attempts
 * @param {() => number} [random] in [0, 1)
 * @param {number} [firstRetryMs]
 */
export function retryDelayMs(attempts, random = Math.random, firstRetryMs = FIRST_RETRY_MS) {
  const backoff = Math.min(firstRetryMs * 2 ** Math.max(0, attempts - 1), MAX_RETRY_INTERVAL_MS);
  return Math.round(backoff / 2 + (backoff / 2) * random());
}

/**
 * What follows a failed attempt: another at `retryAt`, or giving up when that would be past the
 * message's give-up time.
 * @param {{ attempts: number, failedAt: Date, giveUpAt: Date, random?: () => number, firstRetryMs?: number }} attempt
 * @returns {{ retryAt: Date } | { giveUp: true }}
 */
export function afterFailure({ attempts, failedAt, giveUpAt, random, firstRetryMs }) {
  const retryAt = new Date(failedAt.getTime() + retryDelayMs(attempts, random, firstRetryMs));
  return retryAt.getTime() > giveUpAt.getTime() ? { giveUp: true } : { retryAt };
}
