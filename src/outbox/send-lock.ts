/**
 * Only one tab sends: attempts run under a Web Lock, and a tab that finds it taken skips its
 * attempt (the other tab is already sending the same record). Where Web Locks are missing,
 * attempts run as they come; the Idempotency-Key still lets the server drop a repeat.
 */
const LOCK_NAME = 'creator-wizard:send';

export async function exclusively<T>(attempt: () => Promise<T>): Promise<T | null> {
  if (typeof navigator === 'undefined' || !('locks' in navigator)) return attempt();
  return navigator.locks.request(LOCK_NAME, { ifAvailable: true }, async (lock) => (lock ? attempt() : null));
}
