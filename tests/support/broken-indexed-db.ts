/**
 * The ways a browser's IndexedDB fails, installed over fake-indexeddb for one test and taken back
 * after it: reading `indexedDB` throws (storage blocked: a SecurityError, as some private modes and
 * blocked-storage policies do), the open request fails, a write finds the disk full, and a write is
 * refused with no reason named (WebKit aborting the transaction).
 */
export type StorageFailure = 'getter throws' | 'open fails' | 'quota exceeded on write' | 'write refused';

export const STORAGE_FAILURES: readonly StorageFailure[] = ['getter throws', 'open fails', 'quota exceeded on write', 'write refused'];

/** An IDBOpenDBRequest that fails as a browser's does: its error event, after the caller has listened. */
function failingOpenRequest(): IDBOpenDBRequest {
  const request = {
    error: new DOMException('Internal error opening backing store for indexedDB.open.', 'UnknownError'),
    onsuccess: null,
    onerror: null,
    onupgradeneeded: null,
    onblocked: null,
  } as unknown as IDBOpenDBRequest;
  setTimeout(() => {
    (request.onerror as ((event: Event) => void) | null)?.(new Event('error'));
  }, 0);
  return request;
}

/** Breaks IndexedDB the given way; returns the function that mends it. */
export function breakIndexedDb(failure: StorageFailure): () => void {
  const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'indexedDB');
  // Put back as it was, and only ever called with its object.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const put = IDBObjectStore.prototype.put;
  switch (failure) {
    case 'getter throws':
      Object.defineProperty(globalThis, 'indexedDB', {
        configurable: true,
        get() {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        },
      });
      break;
    case 'open fails':
      Object.defineProperty(globalThis, 'indexedDB', { configurable: true, value: { open: () => failingOpenRequest(), databases: () => Promise.resolve([]) } });
      break;
    case 'quota exceeded on write':
      IDBObjectStore.prototype.put = function quotaExceeded(): IDBRequest<IDBValidKey> {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      };
      break;
    case 'write refused':
      IDBObjectStore.prototype.put = function refused(this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>): IDBRequest<IDBValidKey> {
        const request = put.apply(this, args);
        this.transaction.abort();
        return request;
      };
      break;
  }
  return () => {
    IDBObjectStore.prototype.put = put;
    if (descriptor) Object.defineProperty(globalThis, 'indexedDB', descriptor);
  };
}
