import type { Page } from '@playwright/test';

/** Everything every IndexedDB database of the page's origin holds, plus localStorage, as text. */
export async function everythingStoredOnTheDevice(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const request = <T>(req: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        req.onsuccess = () => {
          resolve(req.result);
        };
        req.onerror = () => {
          reject(new Error(String(req.error)));
        };
      });
    const dumps: string[] = [];
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await request(indexedDB.open(info.name));
      for (const storeName of Array.from(db.objectStoreNames)) {
        const store = db.transaction(storeName, 'readonly').objectStore(storeName);
        const [keys, values] = await Promise.all([request(store.getAllKeys()), request(store.getAll())]);
        dumps.push(JSON.stringify({ database: info.name, store: storeName, keys, values }));
      }
      db.close();
    }
    dumps.push(JSON.stringify({ localStorage: Object.fromEntries(Object.keys(localStorage).map((key) => [key, localStorage.getItem(key)])) }));
    return dumps.join('\n');
  });
}

/** Makes IndexedDB unusable the way some private modes do: opening it throws. */
export async function breakIndexedDb(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const broken = {
      open() {
        throw new DOMException('IndexedDB is disabled in this mode', 'InvalidStateError');
      },
      databases: () => Promise.resolve([]),
    };
    Object.defineProperty(window, 'indexedDB', { configurable: true, get: () => broken });
  });
}

/** Blocks storage as some private modes and blocked-storage policies do: reading `window.indexedDB` throws a SecurityError (so does `typeof indexedDB`). */
export async function blockIndexedDb(page: Page): Promise<void> {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'indexedDB', {
      configurable: true,
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
  });
}

/** IndexedDB is there, but every database fails to open: the open request ends in its error event (a corrupt or inaccessible backing store). */
export async function failIndexedDbOpen(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const failing = {
      open() {
        const request = {
          error: new DOMException('Internal error opening backing store for indexedDB.open.', 'UnknownError'),
          result: undefined,
          onsuccess: null,
          onerror: null as ((event: Event) => void) | null,
          onupgradeneeded: null,
          onblocked: null,
        };
        setTimeout(() => {
          request.onerror?.(new Event('error'));
        }, 0);
        return request;
      },
      databases: () => Promise.resolve([]),
      deleteDatabase: () => ({}),
      cmp: () => 0,
    };
    Object.defineProperty(window, 'indexedDB', { configurable: true, get: () => failing });
  });
}

/** IndexedDB opens, but every write fails: the disk full (QuotaExceededError), or the write refused with no reason named (its transaction aborted, as WebKit does). */
export async function refuseIndexedDbWrites(page: Page, how: 'quota' | 'refused'): Promise<void> {
  await page.addInitScript((mode) => {
    // Only ever called with its object.
    // eslint-disable-next-line @typescript-eslint/unbound-method
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function refusing(this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>): IDBRequest<IDBValidKey> {
      if (mode === 'quota') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      const request = put.apply(this, args);
      this.transaction.abort();
      return request;
    };
  }, how);
}
