import { afterEach, describe, expect, it } from 'vitest';
import { holdsAnApplication } from '../../../src/boot/holds-an-application';
import { createResilientStore, type KeyValueStore } from '../../../src/storage/resilient-store';
import { DRAFT_KEY, OUTBOX_KEY, SUBMITTED_KEY } from '../../../src/storage/stored-keys';
import { writeUnloadCopy } from '../../../src/storage/unload-copy';

let databases = 0;

function freshStore(): KeyValueStore {
  databases += 1;
  return createResilientStore({ dbName: `holds-test-${String(databases)}`, storeName: 'state' });
}

describe('holdsAnApplication', () => {
  afterEach(() => {
    localStorage.clear();
  });

  it('is false on a first visit: nothing stored', async () => {
    expect(await holdsAnApplication(freshStore())).toBe(false);
  });

  it.each([DRAFT_KEY, OUTBOX_KEY, SUBMITTED_KEY])('is true when %s is stored', async (key) => {
    const store = freshStore();
    await store.set(key, { savedAt: 1 });
    expect(await holdsAnApplication(store)).toBe(true);
  });

  it('is true when only the copy written as the page went away is there, and leaves it in place', async () => {
    writeUnloadCopy({ savedAt: 1 });
    expect(await holdsAnApplication(freshStore())).toBe(true);
    expect(localStorage.length).toBe(1);
  });

  it('says yes when storage fails, so the full application can report and recover', async () => {
    const failing: KeyValueStore = {
      ...freshStore(),
      get: () => Promise.reject(new Error('UnknownError: backing store')),
    };
    expect(await holdsAnApplication(failing)).toBe(true);
  });
});
