import type { SendResult } from './send-application';

/**
 * What an attempt's outcome means for the submission (spec: nothing lost, nothing sent twice):
 * a 2xx is accepted; a network error, a timeout, 408, 429 and 5xx are worth retrying, and so are
 * 404 and 405 (no receiver at the path yet: the deployment is being fixed, the application is not
 * wrong); 410 Gone is withdrawn: the receiver erased the application (at its creator's request, or
 * after its retention period) and will never store it again, so it is final like an acceptance, and
 * the device lets go of it as after one; any other 4xx is a refusal that retrying as-is will not change.
 */
export type AttemptOutcome = 'accepted' | 'retry' | 'refused' | 'withdrawn';

export function classifyAttempt(result: SendResult): AttemptOutcome {
  if (result.ok) return 'accepted';
  if (result.status === 410) return 'withdrawn';
  return result.retryable ? 'retry' : 'refused';
}

export const MAX_BACKOFF_SECONDS = 300;

/** Seconds to wait before retry number `failures` (1, 2, …): min(2^n, 300), as Enketo does. */
export function backoffSeconds(failures: number): number {
  if (failures <= 0) return 0;
  return Math.min(2 ** failures, MAX_BACKOFF_SECONDS);
}

/**
 * When the next automatic attempt is due after `failures` failed ones, the last at `lastAttemptAt`:
 * after the backoff, and never before `notBefore`, the time the server's Retry-After named.
 */
export function nextAttemptAt(lastAttemptAt: number, failures: number, notBefore = 0): number {
  return Math.max(lastAttemptAt + backoffSeconds(failures) * 1000, notBefore);
}
