import { clear, del, get, promisifyRequest, set, update, values, type UseStore } from 'idb-keyval';

/**
 * The one way into IndexedDB, for the page, its workers and the service worker (lint keeps every
 * other file from touching `indexedDB` or idb-keyval): the draft's store, the files' shelf and the
 * outbox all open their database here.
 *
 * IndexedDB fails before any write in ways a bare `indexedDB.open` does not survive: the global is
 * missing (some private modes), reading it throws (a SecurityError where storage is blocked: a
 * `typeof indexedDB` throws too), `open` throws, or the open request fails. Each becomes a rejected
 * promise of StorageUnavailableError, never an exception thrown where the caller did not expect
 * one, so each store can fall back to memory and the creator's journey goes on.
 */

/** IndexedDB cannot be opened here: missing, blocked, or refusing to open the database. */
export class StorageUnavailableError extends Error {
  override readonly name = 'StorageUnavailableError';
  constructor(options?: ErrorOptions) {
    super('This device does not let the app keep anything in IndexedDB.', options);
  }
}

/** The scope's IndexedDB, or null where it is missing or reading it throws. */
export function indexedDbFactory(scope: object = globalThis): IDBFactory | null {
  try {
    return (scope as { indexedDB?: IDBFactory | null }).indexedDB ?? null;
  } catch {
    return null;
  }
}

/** Whether there is an IndexedDB to try at all (it may still refuse to open). */
export function indexedDbAvailable(scope: object = globalThis): boolean {
  return indexedDbFactory(scope) !== null;
}

/**
 * An idb-keyval store (one object store in its own database), opened through the guard at first
 * use. A connection that fails to open, or that the browser closes (Safari, iOS under memory
 * pressure), is forgotten, so the next use opens it again. `factory` is replaceable in tests.
 */
export function guardedStore(dbName: string, storeName: string, factory: () => IDBFactory | null = indexedDbFactory): UseStore {
  let connection: Promise<IDBDatabase> | undefined;

  function database(): Promise<IDBDatabase> {
    if (connection) return connection;
    const idb = factory();
    if (!idb) return Promise.reject(new StorageUnavailableError());
    let request: IDBOpenDBRequest;
    try {
      request = idb.open(dbName);
    } catch (error) {
      return Promise.reject(new StorageUnavailableError({ cause: error }));
    }
    request.onupgradeneeded = () => request.result.createObjectStore(storeName);
    const opening = promisifyRequest(request).catch((error: unknown) => {
      throw new StorageUnavailableError({ cause: error });
    });
    connection = opening;
    opening.then(
      (db) => {
        db.onclose = () => {
          if (connection === opening) connection = undefined;
        };
      },
      () => {
        if (connection === opening) connection = undefined;
      },
    );
    return opening;
  }

  return (mode, callback) => database().then((db) => callback(db.transaction(storeName, mode).objectStore(storeName)));
}

export type { UseStore };

/**
 * idb-keyval's operations, the store always named: called without one, idb-keyval would open its
 * own default database, outside the guard.
 */
export const keyval = {
  get: <T>(key: IDBValidKey, store: UseStore): Promise<T | undefined> => get<T>(key, store),
  set: (key: IDBValidKey, value: unknown, store: UseStore): Promise<void> => set(key, value, store),
  del: (key: IDBValidKey, store: UseStore): Promise<void> => del(key, store),
  /** Reads and writes a key in one transaction. */
  update: <T>(key: IDBValidKey, updater: (kept: T | undefined) => T, store: UseStore): Promise<void> => update<T>(key, updater, store),
  values: <T>(store: UseStore): Promise<T[]> => values<T>(store),
  clear: (store: UseStore): Promise<void> => clear(store),
  /** A transaction's completion (or its failure) as a promise. */
  committed: (transaction: IDBTransaction): Promise<void> => promisifyRequest(transaction).then(() => undefined),
};
