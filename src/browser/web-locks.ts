/** The Web Locks manager of this page or worker, where there is one (older Safari has none). */
export function defaultLocks(): LockManager | undefined {
  return typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : undefined;
}
