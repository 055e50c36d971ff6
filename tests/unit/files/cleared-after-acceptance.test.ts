// @vitest-environment node
// Node's Blob survives fake-indexeddb's structured clone as a browser's does; jsdom's comes back as {}.
import { describe, expect, it } from 'vitest';
import { getDeviceFile, listDeviceFiles, putDeviceFile } from '../../../src/storage/device-files';
import { clearAfterAcceptance } from '../../../src/outbox/clear-after-acceptance';
import { SUBMITTED_KEY } from '../../../src/storage/stored-keys';

/** The app's store, as clearAfterAcceptance uses it. */
function memoryStore() {
  const values = new Map<string, unknown>();
  return {
    values,
    delete: (key: string) => {
      values.delete(key);
      return Promise.resolve();
    },
    set: (key: string, value: unknown) => {
      values.set(key, value);
      return Promise.resolve();
    },
  };
}

describe('the files on the device after acceptance (or withdrawal, which ends the same way)', () => {
  it('are cleared with every other personal datum', async () => {
    const sha256 = 'd'.repeat(64);
    await putDeviceFile({ sha256, name: 'front-door.jpg', type: 'image/jpeg', size: 3, blob: new Blob(['abc'], { type: 'image/jpeg' }), uploaded: true });
    await putDeviceFile({ sha256: 'e'.repeat(64), name: 'kit.pdf', type: 'application/pdf', size: 3 });
    expect(await listDeviceFiles()).toHaveLength(2);

    const store = memoryStore();
    await clearAfterAcceptance(store, 5_000);

    expect(await getDeviceFile(sha256)).toBeUndefined();
    expect(await listDeviceFiles()).toEqual([]);
    expect(store.values.get(SUBMITTED_KEY)).toEqual({ submittedAt: 5_000 });
  });
});
