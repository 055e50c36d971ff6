import { describe, expect, it } from 'vitest';
import { loadApplication } from '../../../src/boot/load-application';
import { loadBlankApplication } from '../../../src/boot/load-blank-application';
import { parseConfig } from '../../../src/config/parse-config';
import { createResilientStore, type KeyValueStore } from '../../../src/storage/resilient-store';
import { CORRUPT_DRAFT_KEY, DRAFT_KEY, SUBMITTED_KEY } from '../../../src/storage/stored-keys';
import { defaultConfig } from '../../fixtures/default-programme';

let databases = 0;

function freshStore(): KeyValueStore {
  databases += 1;
  return createResilientStore({ dbName: `blank-test-${String(databases)}`, storeName: 'state' });
}

function config() {
  const result = parseConfig(defaultConfig());
  if (!result.ok) throw new Error('the default configuration is invalid');
  return result.config;
}

/** Everything in a store, by key, for "nothing changed" checks. */
async function contents(store: KeyValueStore) {
  return Object.fromEntries(await Promise.all([DRAFT_KEY, SUBMITTED_KEY, CORRUPT_DRAFT_KEY].map(async (key) => [key, await store.get(key)] as const)));
}

// The wizard built behind a first visit's Welcome reads nothing it could change: what the device
// holds is Continue's to load, set aside or forget, awake and with its notice shown.
describe('loadBlankApplication', () => {
  it('on a device holding nothing, is the same blank application on step 0 as loadApplication gives', async () => {
    const store = freshStore();
    const blank = await loadBlankApplication(config(), store);
    const loaded = await loadApplication(config(), freshStore());
    expect(blank.initial).toEqual(loaded.initial);
    expect(blank.initial.wizard.current).toBe(0);
    expect(blank.initial.notice).toBeNull();
  });

  it('refuses a device holding a corrupt draft and leaves it where it is (loadApplication would set it aside)', async () => {
    const store = freshStore();
    await store.set(DRAFT_KEY, 'this is not a draft');
    await expect(loadBlankApplication(config(), store)).rejects.toThrow(/holds an application/);
    expect(await contents(store)).toEqual({ [DRAFT_KEY]: 'this is not a draft', [SUBMITTED_KEY]: undefined, [CORRUPT_DRAFT_KEY]: undefined });

    const loaded = await loadApplication(config(), store);
    expect(loaded.initial.notice).toBe('draftUnreadable');
    expect(await store.get(DRAFT_KEY)).toBeUndefined();
  });

  it('refuses a device holding an accepted application, and forgets nothing', async () => {
    const store = freshStore();
    await store.set(SUBMITTED_KEY, { at: 1 });
    await store.set(DRAFT_KEY, { savedAt: 1, values: {}, wizard: { current: 1, reached: [0, 1] } });
    const before = await contents(store);
    await expect(loadBlankApplication(config(), store)).rejects.toThrow(/holds an application/);
    expect(await contents(store)).toEqual(before);
  });
});
