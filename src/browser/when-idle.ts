/**
 * Runs work once the browser has nothing better to do, so it never competes with the first
 * paint or the creator's typing; `timeout` makes sure it happens even on a page kept busy.
 * Returns a function that cancels the work if it has not run yet.
 */
export function whenIdle(work: () => void, timeout = 3000): () => void {
  // Called without arguments: `work` may take optional parameters of its own.
  const run = () => {
    work();
  };
  // Safari has no requestIdleCallback.
  if (!('requestIdleCallback' in window)) {
    const timer = setTimeout(run, 200);
    return () => {
      clearTimeout(timer);
    };
  }
  const handle = window.requestIdleCallback(run, { timeout });
  return () => {
    window.cancelIdleCallback(handle);
  };
}
