/** The longest wait a Retry-After may impose: beyond it a creator would think the app gave up. */
export const MAX_RETRY_AFTER_SECONDS = 3600;

/**
 * Milliseconds a Retry-After header asks the client to wait (RFC 9110 §10.2.3): delta-seconds or
 * an HTTP-date measured from `now`; 0 for none, a date in the past or garbage, and at most an hour
 * (a mistaken or hostile value must not strand an application for days).
 */
export function retryAfterMs(value: string | null, now: number): number {
  const seconds = value === null ? 0 : /^\s*\d+\s*$/.test(value) ? Number(value) : (Date.parse(value) - now) / 1000;
  return Math.min(Math.max(seconds, 0) || 0, MAX_RETRY_AFTER_SECONDS) * 1000;
}
