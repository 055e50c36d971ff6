/**
 * Runs work once the browser has nothing better to do, so it never competes with the first
 * paint or the creator's typing; `timeout` makes sure it happens even on a page kept busy.
 */
export function whenIdle(work: () => void, timeout = 3000): void {
  // Safari has no requestIdleCallback.
  // Called without arguments: `work` may take optional parameters of its own.
  const run = () => {
    work();
  };
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout });
  else setTimeout(run, 200);
}
