import type { KeyValueStore } from '../storage/resilient-store';
import { OUTBOX_KEY } from '../storage/stored-keys';
import { normaliseRecord, type OutboxRecord } from './outbox-record';

/**
 * The outbox's record in storage, scoped to that one record (as Workbox's QueueStore is to one
 * queue): what is read is checked first (outbox-record.ts), and every change is a read and a
 * write no other change of it slips between. The page's store serialises its own writes; the
 * service worker's uses one IndexedDB transaction (idb-outbox-store.ts).
 */
export interface OutboxStore {
  /** The stored record in today's shape, or undefined when there is none. */
  read(): Promise<OutboxRecord | undefined>;
  /**
   * Replaces the record with what `change` makes of it (undefined removes it; the very record it
   * was given leaves it as it is) and resolves with the record then stored.
   */
  update(change: (current: OutboxRecord | undefined) => OutboxRecord | undefined): Promise<OutboxRecord | undefined>;
}

/** The page's outbox store, over the app's key-value store; its changes run one after another. */
export function keyValueOutboxStore(store: KeyValueStore): OutboxStore {
  let writes: Promise<unknown> = Promise.resolve();
  const read = async () => normaliseRecord(await store.get<unknown>(OUTBOX_KEY));
  return {
    read,
    update(change) {
      const work = async () => {
        const current = await read();
        const next = change(current);
        if (next === current) return current;
        if (next === undefined) await store.delete(OUTBOX_KEY);
        else await store.set(OUTBOX_KEY, next);
        return next;
      };
      const run = writes.then(work, work);
      writes = run.catch(() => undefined);
      return run;
    },
  };
}
