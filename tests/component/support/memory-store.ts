import type { KeyValueStore } from '../../../src/storage/resilient-store';

/** A key-value store in memory, for hooks that take the store as an argument. */
export function memoryStore(): KeyValueStore & { entries: Map<string, unknown> } {
  const entries = new Map<string, unknown>();
  return {
    entries,
    get: <T>(key: string) => Promise.resolve(entries.get(key) as T | undefined),
    set: (key, value) => {
      entries.set(key, structuredClone(value));
      return Promise.resolve();
    },
    delete: (key) => {
      entries.delete(key);
      return Promise.resolve();
    },
    health: () => 'persistent',
    onHealthChange: () => () => undefined,
  };
}
