// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { guardedStore, indexedDbAvailable, indexedDbFactory, keyval, StorageUnavailableError } from '../../../src/storage/guarded-indexed-db';
import { breakIndexedDb } from '../../support/broken-indexed-db';

let databases = 0;
const freshDbName = (): string => `guarded-${String((databases += 1))}`;

describe('the one way into IndexedDB', () => {
  let mend: () => void = () => undefined;
  afterEach(() => {
    mend();
    mend = () => undefined;
  });

  it('finds no IndexedDB, without throwing, where reading it throws or it is missing', () => {
    expect(indexedDbAvailable()).toBe(true);
    const blocked = Object.defineProperty({}, 'indexedDB', {
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
    expect(indexedDbFactory(blocked)).toBeNull();
    expect(indexedDbAvailable(blocked)).toBe(false);
    expect(indexedDbFactory({})).toBeNull();
    mend = breakIndexedDb('getter throws');
    expect(() => indexedDbFactory()).not.toThrow();
    expect(indexedDbAvailable()).toBe(false);
  });

  it('where reading indexedDB throws, a store rejects with StorageUnavailableError rather than throwing', async () => {
    mend = breakIndexedDb('getter throws');
    const store = guardedStore(freshDbName(), 'state');
    let use: Promise<unknown> | undefined;
    expect(() => (use = keyval.get('draft', store))).not.toThrow();
    await expect(use).rejects.toBeInstanceOf(StorageUnavailableError);
  });

  it('where open throws, or its request fails, the store rejects with StorageUnavailableError naming the cause', async () => {
    const throwing = guardedStore(
      freshDbName(),
      'state',
      () =>
        ({
          open: () => {
            throw new DOMException('disabled', 'InvalidStateError');
          },
        }) as unknown as IDBFactory,
    );
    await expect(keyval.set('draft', 1, throwing)).rejects.toMatchObject({ name: 'StorageUnavailableError', cause: { name: 'InvalidStateError' } });
    mend = breakIndexedDb('open fails');
    const failing = guardedStore(freshDbName(), 'state');
    await expect(keyval.set('draft', 1, failing)).rejects.toMatchObject({ name: 'StorageUnavailableError', cause: { name: 'UnknownError' } });
  });

  it('opens again after a failed open: storage that comes back is used', async () => {
    mend = breakIndexedDb('open fails');
    const store = guardedStore(freshDbName(), 'state');
    await expect(keyval.set('draft', 'a', store)).rejects.toBeInstanceOf(StorageUnavailableError);
    mend();
    await keyval.set('draft', 'b', store);
    expect(await keyval.get('draft', store)).toBe('b');
  });

  it('a write the disk refuses is not mistaken for storage being unavailable', async () => {
    const store = guardedStore(freshDbName(), 'state');
    await keyval.set('draft', 'kept', store);
    mend = breakIndexedDb('quota exceeded on write');
    await expect(keyval.set('draft', 'more', store)).rejects.toMatchObject({ name: 'QuotaExceededError' });
    expect(await keyval.get('draft', store)).toBe('kept');
  });
});
