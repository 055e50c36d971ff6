import { defaultLocks } from '../browser/web-locks';
import { SEND_LOCK_NAME } from './outbox-names';

/**
 * Only one tab sends: attempts run under a Web Lock, and a tab that finds it taken skips its
 * attempt (the other tab is already sending the same record). Where Web Locks are missing,
 * attempts run as they come; the Idempotency-Key still lets the server drop a repeat.
 */

/** Runs `attempt` unless another tab or the worker holds the send lock; resolves null when one does. */
export async function exclusively<T>(attempt: () => Promise<T>, locks: LockManager | undefined = defaultLocks()): Promise<T | null> {
  if (!locks) return attempt();
  return locks.request(SEND_LOCK_NAME, { ifAvailable: true }, async (lock) => (lock ? attempt() : null));
}
