import { keyval, type UseStore } from '../storage/guarded-indexed-db';
import { OUTBOX_KEY } from '../storage/stored-keys';
import { normaliseRecord } from './outbox-record';
import type { OutboxStore } from './outbox-store';

/**
 * The outbox store of the service worker, straight over IndexedDB (guarded-indexed-db.ts): the worker has no memory
 * fallback to keep, and a change runs in one IndexedDB transaction, so a page writing an edit
 * at the same moment never has it overwritten or removed unsent.
 */
export function idbOutboxStore(store: UseStore): OutboxStore {
  return {
    read: async () => normaliseRecord(await keyval.get<unknown>(OUTBOX_KEY, store)),
    async update(change) {
      const result: { stored: ReturnType<typeof normaliseRecord> } = { stored: undefined };
      await keyval.update<unknown>(
        OUTBOX_KEY,
        (stored) => {
          const current = normaliseRecord(stored);
          const next = change(current);
          result.stored = next;
          return next === current ? stored : next;
        },
        store,
      );
      return result.stored;
    },
  };
}
