import { guardedStore, keyval, type UseStore } from './guarded-indexed-db';

/**
 * The app's storage: IndexedDB through idb-keyval, with every value also kept in memory.
 *
 * IndexedDB is missing or blocked in some private modes (opened through guarded-indexed-db.ts,
 * which turns that into a rejected promise), throws QuotaExceededError when the disk is full,
 * refuses a write, and drops its connection on iOS under memory pressure. None of that may lose what the
 * creator typed: writes land in memory first, the store reports that it is "memory-only",
 * and it keeps retrying (reopening the database) until IndexedDB takes the writes again.
 */

export type StorageHealth = 'persistent' | 'memory-only';

export interface KeyValueStore {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
  delete(key: string): Promise<void>;
  /** Whether the last writes reached IndexedDB. */
  health(): StorageHealth;
  /** Calls back on every change of health; returns the unsubscribe function. */
  onHealthChange(listener: (health: StorageHealth) => void): () => void;
}

interface ResilientStoreOptions {
  dbName: string;
  storeName: string;
  /** Opens the IndexedDB store; replaceable in tests. */
  open?: (dbName: string, storeName: string) => UseStore;
  retryDelaysMs?: readonly number[];
}

const DEFAULT_RETRY_DELAYS_MS = [1_000, 5_000, 15_000, 30_000, 60_000];

// A deleted key waits in `pending` as this marker until IndexedDB has deleted it too.
const DELETED = Symbol('deleted');

export function createResilientStore({
  dbName,
  storeName,
  open = guardedStore,
  retryDelaysMs = DEFAULT_RETRY_DELAYS_MS,
}: ResilientStoreOptions): KeyValueStore {
  const memory = new Map<string, unknown>();
  // Writes IndexedDB has not taken yet, replayed in order by the retry.
  const pending = new Map<string, unknown>();
  const listeners = new Set<(health: StorageHealth) => void>();
  let idb: UseStore | null = null;
  let state: StorageHealth = 'persistent';
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let retryCount = 0;

  function database(): UseStore {
    idb ??= open(dbName, storeName);
    return idb;
  }

  function setHealth(next: StorageHealth): void {
    if (next === state) return;
    state = next;
    for (const listener of listeners) listener(next);
  }

  function scheduleRetry(): void {
    if (retryTimer !== null) return;
    const delay = retryDelaysMs[Math.min(retryCount, retryDelaysMs.length - 1)] ?? 60_000;
    retryCount += 1;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void flushPending();
    }, delay);
  }

  function failed(): void {
    // A fresh connection next time: the old one may be the one that was closed under us.
    idb = null;
    setHealth('memory-only');
    scheduleRetry();
  }

  async function write(key: string, value: unknown): Promise<void> {
    const store = database();
    if (value === DELETED) await keyval.del(key, store);
    else await keyval.set(key, value, store);
  }

  async function flushPending(): Promise<void> {
    try {
      // Only reads failed: read once more, so health turns back only when IndexedDB answers.
      if (pending.size === 0) await keyval.get('__probe__', database());
      // Until none is left, not over a snapshot: writes made during the replay queue behind it too.
      for (let next = pending.entries().next(); !next.done; next = pending.entries().next()) {
        const [key, value] = next.value;
        await write(key, value);
        // Only forget the write if nothing newer replaced it meanwhile.
        if (pending.get(key) === value) pending.delete(key);
      }
      retryCount = 0;
      setHealth('persistent');
    } catch {
      failed();
    }
  }

  async function persist(key: string, value: unknown): Promise<void> {
    pending.set(key, value);
    if (state === 'memory-only') {
      // Writes queue in order behind the retry rather than racing it.
      return;
    }
    try {
      await write(key, value);
      if (pending.get(key) === value) pending.delete(key);
    } catch {
      failed();
    }
  }

  return {
    async get<T>(key: string): Promise<T | undefined> {
      // A write IndexedDB has not taken yet is the newest value there is.
      if (pending.has(key)) {
        const value = pending.get(key);
        return value === DELETED ? undefined : (value as T);
      }
      // Otherwise IndexedDB is the truth: another tab may have written since this one read.
      if (state === 'persistent') {
        try {
          const value = await keyval.get<T>(key, database());
          if (value === undefined) memory.delete(key);
          else memory.set(key, value);
          return value;
        } catch {
          failed();
        }
      }
      return memory.get(key) as T | undefined;
    },
    async set(key, value) {
      memory.set(key, value);
      await persist(key, value);
    },
    async delete(key) {
      memory.delete(key);
      await persist(key, DELETED);
    },
    health: () => state,
    onHealthChange(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
