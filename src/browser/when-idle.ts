/**
 * Runs work once the browser has nothing better to do, so it never competes with the first
 * paint or the creator's typing; `timeout` makes sure it happens even on a page kept busy.
 */
export function whenIdle(work: () => void, timeout = 3000): void {
  // Safari has no requestIdleCallback.
  if ('requestIdleCallback' in window) window.requestIdleCallback(work, { timeout });
  else setTimeout(work, 200);
}
