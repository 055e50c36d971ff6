/**
 * One upload of a file at a time across the page's tabs and the service worker: each turn at a
 * file runs under a Web Lock named after its SHA-256, so a second tab (or the worker) waits, then
 * finds the file uploaded or resumes the upload the first created, instead of creating another.
 * Where Web Locks are missing (older Safari), turns run as they come; the receiver's own lock on
 * an upload (423) keeps two PATCHes from writing at once.
 */
export function uploadLockName(sha256: string): string {
  return `creator-wizard:upload:${sha256}`;
}

/** Runs `upload` holding the file's lock (waiting for it). */
export function whileHoldingUploadLock<T>(locks: LockManager | undefined, sha256: string, upload: () => Promise<T>): Promise<T> {
  return locks ? locks.request(uploadLockName(sha256), upload) : upload();
}
