import { createStore, get as idbGet, set as idbSet, type UseStore } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createResilientStore, type StorageHealth } from '../../../src/storage/resilient-store';

const STORE_NAME = 'state';
let databases = 0;

/** A database no other test has touched. */
function freshDbName(): string {
  databases += 1;
  return `resilient-store-test-${String(databases)}`;
}

/** Reads what IndexedDB itself holds, bypassing the store under test. */
function readIdb(dbName: string, key: string): Promise<unknown> {
  return idbGet(key, createStore(dbName, STORE_NAME));
}

function healthBecomes(store: { onHealthChange(listener: (health: StorageHealth) => void): () => void }, wanted: StorageHealth): Promise<void> {
  return new Promise((resolve) => {
    const stop = store.onHealthChange((health) => {
      if (health !== wanted) return;
      stop();
      resolve();
    });
  });
}

interface FlakyDatabase {
  /** While true, every write is refused with QuotaExceededError (reads still work, as on a full disk). */
  full: boolean;
  /** While set, writes wait for it before reaching IndexedDB. */
  gate: Promise<void> | null;
  /** How many times the store opened the database. */
  opens: number;
  /** The writes IndexedDB took, in order. */
  writes: string[];
  open: (dbName: string, storeName: string) => UseStore;
}

function flakyDatabase(): FlakyDatabase {
  const flaky: FlakyDatabase = {
    full: false,
    gate: null,
    opens: 0,
    writes: [],
    open(dbName, storeName) {
      flaky.opens += 1;
      const real = createStore(dbName, storeName);
      return async (mode, callback) => {
        if (mode !== 'readwrite') return real(mode, callback);
        if (flaky.gate) await flaky.gate;
        if (flaky.full) throw new DOMException('full', 'QuotaExceededError');
        return real(mode, (objectStore) => {
          // Records each put/delete with its key, so the order of replayed writes can be checked.
          const logged = new Proxy(objectStore, {
            get(target, property) {
              if (property === 'put') {
                return (value: unknown, key: string) => {
                  flaky.writes.push(`put ${key}`);
                  return target.put(value, key);
                };
              }
              if (property === 'delete') {
                return (key: string) => {
                  flaky.writes.push(`delete ${key}`);
                  return target.delete(key);
                };
              }
              const member: unknown = Reflect.get(target, property, target);
              return typeof member === 'function' ? (member as (...args: unknown[]) => unknown).bind(target) : member;
            },
          });
          return callback(logged);
        });
      };
    },
  };
  return flaky;
}

function gate(): { promise: Promise<void>; open: () => void } {
  let open = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

beforeEach(() => {
  // Only the store's retry timer is faked: fake-indexeddb schedules its work with setImmediate.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('createResilientStore with a working IndexedDB', () => {
  it('round-trips set, get and delete through IndexedDB', async () => {
    const dbName = freshDbName();
    const store = createResilientStore({ dbName, storeName: STORE_NAME });

    await store.set('draft', { firstName: 'Ada' });
    expect(await store.get('draft')).toEqual({ firstName: 'Ada' });
    expect(await readIdb(dbName, 'draft')).toEqual({ firstName: 'Ada' });

    await store.delete('draft');
    expect(await store.get('draft')).toBeUndefined();
    expect(await readIdb(dbName, 'draft')).toBeUndefined();
    expect(store.health()).toBe('persistent');
  });

  it('sees a value another store instance wrote to the same database', async () => {
    const dbName = freshDbName();
    const thisTab = createResilientStore({ dbName, storeName: STORE_NAME });
    const otherTab = createResilientStore({ dbName, storeName: STORE_NAME });

    await thisTab.set('draft', 'typed here');
    expect(await thisTab.get('draft')).toBe('typed here');
    await otherTab.set('draft', 'typed in the other tab');

    expect(await thisTab.get('draft')).toBe('typed in the other tab');
    await otherTab.delete('draft');
    expect(await thisTab.get('draft')).toBeUndefined();
  });

  it('answers get with a write IndexedDB has not finished yet rather than the older stored value', async () => {
    const dbName = freshDbName();
    await idbSet('draft', 'old', createStore(dbName, STORE_NAME));
    const flaky = flakyDatabase();
    const store = createResilientStore({ dbName, storeName: STORE_NAME, open: flaky.open });
    const slowWrite = gate();
    flaky.gate = slowWrite.promise;

    const writing = store.set('draft', 'new');
    expect(await store.get('draft')).toBe('new');
    expect(await readIdb(dbName, 'draft')).toBe('old');

    slowWrite.open();
    await writing;
    expect(await readIdb(dbName, 'draft')).toBe('new');
    expect(store.health()).toBe('persistent');
  });
});

describe('createResilientStore without IndexedDB', () => {
  it('keeps values in memory and reports memory-only when opening the database throws', async () => {
    const store = createResilientStore({
      dbName: freshDbName(),
      storeName: STORE_NAME,
      open: () => {
        throw new Error('IndexedDB is disabled in this private window');
      },
    });
    const changes: StorageHealth[] = [];
    store.onHealthChange((health) => changes.push(health));

    await store.set('draft', { firstName: 'Ada' });

    expect(await store.get('draft')).toEqual({ firstName: 'Ada' });
    expect(store.health()).toBe('memory-only');
    expect(changes).toEqual(['memory-only']);
  });

  it('keeps values in memory and reports memory-only when globalThis.indexedDB is missing', async () => {
    vi.stubGlobal('indexedDB', undefined);
    const store = createResilientStore({ dbName: freshDbName(), storeName: STORE_NAME });
    const listener = vi.fn();
    store.onHealthChange(listener);

    await store.set('draft', 'typed');
    await store.set('outbox', 'queued');
    await store.delete('outbox');

    expect(await store.get('draft')).toBe('typed');
    expect(await store.get('outbox')).toBeUndefined();
    expect(store.health()).toBe('memory-only');
    expect(listener).toHaveBeenCalledExactlyOnceWith('memory-only');
  });

  it('stops calling a listener once it has unsubscribed', async () => {
    vi.stubGlobal('indexedDB', undefined);
    const store = createResilientStore({ dbName: freshDbName(), storeName: STORE_NAME });
    const listener = vi.fn();
    store.onHealthChange(listener)();

    await store.set('draft', 'typed');

    expect(store.health()).toBe('memory-only');
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('createResilientStore when IndexedDB refuses writes', () => {
  it('goes memory-only on QuotaExceededError, then replays the pending writes in order once the retry succeeds', async () => {
    const dbName = freshDbName();
    const flaky = flakyDatabase();
    const store = createResilientStore({ dbName, storeName: STORE_NAME, open: flaky.open, retryDelaysMs: [100] });
    const changes: StorageHealth[] = [];
    store.onHealthChange((health) => changes.push(health));
    await store.set('stale', 'from before');
    flaky.writes.length = 0;

    flaky.full = true;
    await store.set('draft', 'first');
    await store.set('outbox', 'second');
    await store.delete('stale');
    await store.set('draft', 'first, edited');

    expect(store.health()).toBe('memory-only');
    expect(changes).toEqual(['memory-only']);
    expect(await store.get('draft')).toBe('first, edited');
    expect(await readIdb(dbName, 'draft')).toBeUndefined();

    // Still full at the first retry: nothing lands, and it keeps trying.
    await vi.advanceTimersByTimeAsync(100);
    expect(store.health()).toBe('memory-only');
    expect(flaky.writes).toEqual([]);

    flaky.full = false;
    const persistent = healthBecomes(store, 'persistent');
    await vi.advanceTimersByTimeAsync(100);
    await persistent;

    expect(flaky.writes).toEqual(['put draft', 'put outbox', 'delete stale']);
    expect(await readIdb(dbName, 'draft')).toBe('first, edited');
    expect(await readIdb(dbName, 'outbox')).toBe('second');
    expect(await readIdb(dbName, 'stale')).toBeUndefined();
    expect(changes).toEqual(['memory-only', 'persistent']);
  });

  it('reopens the database for each retry instead of reusing the connection that failed', async () => {
    const flaky = flakyDatabase();
    const store = createResilientStore({ dbName: freshDbName(), storeName: STORE_NAME, open: flaky.open, retryDelaysMs: [100] });
    await store.set('draft', 'saved');
    expect(flaky.opens).toBe(1);

    flaky.full = true;
    await store.set('draft', 'not saved yet');
    await vi.advanceTimersByTimeAsync(100);
    expect(flaky.opens).toBe(2);

    flaky.full = false;
    const persistent = healthBecomes(store, 'persistent');
    await vi.advanceTimersByTimeAsync(100);
    await persistent;
    expect(flaky.opens).toBe(3);
  });

  it('replays a delete made while memory-only as a delete in IndexedDB', async () => {
    const dbName = freshDbName();
    const flaky = flakyDatabase();
    const store = createResilientStore({ dbName, storeName: STORE_NAME, open: flaky.open, retryDelaysMs: [100] });
    await store.set('draft', 'personal data');

    flaky.full = true;
    await store.delete('draft');
    expect(store.health()).toBe('memory-only');
    expect(await store.get('draft')).toBeUndefined();
    expect(await readIdb(dbName, 'draft')).toBe('personal data');

    flaky.full = false;
    const persistent = healthBecomes(store, 'persistent');
    await vi.advanceTimersByTimeAsync(100);
    await persistent;

    expect(await readIdb(dbName, 'draft')).toBeUndefined();
    expect(await store.get('draft')).toBeUndefined();
  });

  it('answers get from the pending write while memory-only, not from the older value in IndexedDB', async () => {
    const dbName = freshDbName();
    const flaky = flakyDatabase();
    const store = createResilientStore({ dbName, storeName: STORE_NAME, open: flaky.open, retryDelaysMs: [100] });
    await store.set('draft', 'old');

    flaky.full = true;
    await store.set('draft', 'new');

    expect(await readIdb(dbName, 'draft')).toBe('old');
    expect(await store.get('draft')).toBe('new');
  });

  it('also persists a write made while the retry is replaying the earlier ones', async () => {
    const dbName = freshDbName();
    const flaky = flakyDatabase();
    const store = createResilientStore({ dbName, storeName: STORE_NAME, open: flaky.open, retryDelaysMs: [100] });
    flaky.full = true;
    await store.set('draft', 'first');
    expect(store.health()).toBe('memory-only');

    // The disk has room again, but the replay is slow: a save arrives while it runs.
    flaky.full = false;
    const slowReplay = gate();
    flaky.gate = slowReplay.promise;
    await vi.advanceTimersByTimeAsync(100);
    await store.set('outbox', 'queued during the replay');
    const persistent = healthBecomes(store, 'persistent');
    slowReplay.open();
    await persistent;

    expect(await readIdb(dbName, 'draft')).toBe('first');
    expect(await readIdb(dbName, 'outbox')).toBe('queued during the replay');
    const reloaded = createResilientStore({ dbName, storeName: STORE_NAME });
    expect(await reloaded.get('outbox')).toBe('queued during the replay');
  });
});
