// When an e-mail the SMTP server did not take is tried again: after 30 seconds (a restart of the
// relay), then doubling, capped at an hour between attempts (greylisting asks for a few minutes;
// an outage of the provider lasts hours), with jitter so a relay that comes back is not given
// every queued e-mail at once; given up three days after the status it announces, when it is
// marked failed for `npm run -s applications -- mail resend`.

export const FIRST_RETRY_MS = 30_000;
export const GIVE_UP_AFTER_MS = 3 * 24 * 60 * 60 * 1000;
export const MAX_RETRY_INTERVAL_MS = 60 * 60 * 1000;

/**
 * What follows a failed attempt (`attempts` made, 1 for the first): another at `retryAt`, or
 * giving up when that would come after `giveUpAt`. "Equal jitter": half the wait for certain.
 * @param {{ attempts: number, failedAt: Date, giveUpAt: Date, random?: () => number, firstRetryMs?: number }} attempt
 * @returns {{ retryAt: Date } | { giveUp: true }}
 */
export function afterFailedMail({ attempts, failedAt, giveUpAt, random = Math.random, firstRetryMs = FIRST_RETRY_MS }) {
  const backoff = Math.min(firstRetryMs * 2 ** Math.max(0, attempts - 1), MAX_RETRY_INTERVAL_MS);
  const retryAt = new Date(failedAt.getTime() + Math.round(backoff / 2 + (backoff / 2) * random()));
  return retryAt.getTime() > giveUpAt.getTime() ? { giveUp: true } : { retryAt };
}
