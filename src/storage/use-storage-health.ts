import { useSyncExternalStore } from 'react';
import type { KeyValueStore, StorageHealth } from './resilient-store';

export function useStorageHealth(store: KeyValueStore): StorageHealth {
  return useSyncExternalStore(
    (listener) => store.onHealthChange(listener),
    () => store.health(),
  );
}
