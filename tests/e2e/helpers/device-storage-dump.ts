import type { Page } from '@playwright/test';

/** One IndexedDB object store: how it is keyed, and every key with its value. */
export interface StoreDump {
  name: string;
  keyPath: string | string[] | null;
  autoIncrement: boolean;
  entries: Array<[IDBValidKey, unknown]>;
}

/** What a device keeps for the page's origin: every IndexedDB database (at its version) and localStorage. */
export interface DeviceStorage {
  databases: Array<{ name: string; version: number; stores: StoreDump[] }>;
  localStorage: Record<string, string>;
}

/**
 * Everything the page's origin keeps, as plain JSON. A value JSON cannot carry (a Blob, a Date,
 * bytes) fails the dump rather than being written down as something else.
 */
export async function dumpDeviceStorage(page: Page): Promise<DeviceStorage> {
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
    const plain = (value: unknown): boolean => {
      if (value === undefined) return true;
      if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return true;
      if (Array.isArray(value)) return value.every(plain);
      if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) return Object.values(value).every(plain);
      return false;
    };
    const databases: DeviceStorage['databases'] = [];
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await request(indexedDB.open(info.name));
      const stores: StoreDump[] = [];
      for (const storeName of Array.from(db.objectStoreNames)) {
        const store = db.transaction(storeName, 'readonly').objectStore(storeName);
        const [keys, values] = await Promise.all([request(store.getAllKeys()), request(store.getAll())]);
        if (!plain(keys) || !plain(values))
          throw new Error(`${info.name}/${storeName} holds a value JSON cannot carry: ${String(values.map((v) => Object.prototype.toString.call(v)))}`);
        stores.push({ name: storeName, keyPath: store.keyPath, autoIncrement: store.autoIncrement, entries: keys.map((key, i) => [key, values[i]]) });
      }
      databases.push({ name: info.name, version: db.version, stores });
      db.close();
    }
    const local = Object.fromEntries(Object.keys(localStorage).map((key) => [key, localStorage.getItem(key) ?? '']));
    return { databases, localStorage: local };
  });
}

/**
 * Writes `storage` into the origin of `origin`, before the app has run there: from a page of the
 * origin that is not the app (its config.json), so nothing opens the databases meanwhile.
 */
export async function seedDeviceStorage(page: Page, origin: string, storage: DeviceStorage): Promise<void> {
  await page.goto(`${origin}/config.json`);
  // As text: Playwright's type for an argument cannot follow `unknown` values this deep.
  await page.evaluate(async (text) => {
    const seed = JSON.parse(text) as DeviceStorage;
    for (const { name, version, stores } of seed.databases) {
      const opening = indexedDB.open(name, version);
      opening.onupgradeneeded = () => {
        for (const store of stores) opening.result.createObjectStore(store.name, { keyPath: store.keyPath, autoIncrement: store.autoIncrement });
      };
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        opening.onsuccess = () => {
          resolve(opening.result);
        };
        opening.onerror = () => {
          reject(new Error(String(opening.error)));
        };
      });
      for (const store of stores) {
        if (store.entries.length === 0) continue;
        const tx = db.transaction(store.name, 'readwrite');
        for (const [key, value] of store.entries) {
          if (store.keyPath === null) tx.objectStore(store.name).put(value, key);
          else tx.objectStore(store.name).put(value);
        }
        await new Promise<void>((resolve, reject) => {
          tx.oncomplete = () => {
            resolve();
          };
          tx.onerror = () => {
            reject(new Error(String(tx.error)));
          };
        });
      }
      db.close();
    }
    for (const [key, value] of Object.entries(seed.localStorage)) localStorage.setItem(key, value);
  }, JSON.stringify(storage));
}
