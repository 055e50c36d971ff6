// @vitest-environment node
// Node's Blob survives fake-indexeddb's structured clone as a browser's does; jsdom's comes back as {}.
import { createStore, type UseStore } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import {
  clearDeviceFiles,
  deleteDeviceFile,
  DeviceStorageFullError,
  FILES_DB_NAME,
  getDeviceFile,
  indexedDbShelf,
  listDeviceFiles,
  memoryShelf,
  putDeviceFile,
  updateDeviceFile,
  type DeviceFile,
} from '../../../src/storage/device-files';

let databases = 0;
/** A database no other test has touched. */
function freshDbName(): string {
  databases += 1;
  return `device-files-test-${String(databases)}`;
}

const PHOTO: DeviceFile = {
  sha256: 'a'.repeat(64),
  name: 'living-room.jpg',
  type: 'image/jpeg',
  size: 5,
  width: 2560,
  height: 1920,
  blob: new Blob([new Uint8Array([1, 2, 3, 4, 5])], { type: 'image/jpeg' }),
};
const KIT: DeviceFile = {
  sha256: 'b'.repeat(64),
  name: 'media-kit.pdf',
  type: 'application/pdf',
  size: 3,
  blob: new Blob(['%PD'], { type: 'application/pdf' }),
};

/** A store whose writes the disk refuses as full, until `full` is false; reads still work. */
function fullDisk(): { open: (db: string, store: string) => UseStore; state: { full: boolean; opens: number } } {
  const state = { full: true, opens: 0 };
  return {
    state,
    open: (db, storeName) => {
      state.opens += 1;
      const real = createStore(db, storeName);
      return (mode, callback) => {
        if (mode === 'readwrite' && state.full) return Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
        return real(mode, callback);
      };
    },
  };
}

describe('device files', () => {
  it('uses its own database, creator-files, apart from the draft', () => {
    expect(FILES_DB_NAME).toBe('creator-files');
  });

  it('keeps a file with its bytes, under its SHA-256, and reads it back from IndexedDB', async () => {
    const dbName = freshDbName();
    await putDeviceFile(PHOTO, indexedDbShelf(dbName));
    // A second connection, as a reload would open.
    const kept = await getDeviceFile(PHOTO.sha256, indexedDbShelf(dbName));
    expect(kept).toMatchObject({ sha256: PHOTO.sha256, name: 'living-room.jpg', type: 'image/jpeg', size: 5, width: 2560, height: 1920 });
    expect(kept?.blob).toBeInstanceOf(Blob);
    expect(new Uint8Array(await kept!.blob!.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3, 4, 5]));
  });

  it('lists, deletes and clears', async () => {
    const shelf = indexedDbShelf(freshDbName());
    await putDeviceFile(PHOTO, shelf);
    await putDeviceFile(KIT, shelf);
    expect((await listDeviceFiles(shelf)).map((file) => file.name).sort()).toEqual(['living-room.jpg', 'media-kit.pdf']);
    await deleteDeviceFile(PHOTO.sha256, shelf);
    expect(await getDeviceFile(PHOTO.sha256, shelf)).toBeUndefined();
    expect((await listDeviceFiles(shelf)).map((file) => file.name)).toEqual(['media-kit.pdf']);
    await clearDeviceFiles(shelf);
    expect(await listDeviceFiles(shelf)).toEqual([]);
  });

  it('updates only the upload address and state, and never brings back a removed file', async () => {
    const shelf = indexedDbShelf(freshDbName());
    await putDeviceFile(PHOTO, shelf);
    const url = `https://receiver.example/api/uploads/${'c'.repeat(32)}`;
    await updateDeviceFile(PHOTO.sha256, { uploadUrl: url, name: 'renamed.jpg' } as Partial<DeviceFile>, shelf);
    await updateDeviceFile(PHOTO.sha256, { uploaded: true }, shelf);
    expect(await getDeviceFile(PHOTO.sha256, shelf)).toMatchObject({ name: 'living-room.jpg', uploadUrl: url, uploaded: true, size: 5 });

    await deleteDeviceFile(PHOTO.sha256, shelf);
    await updateDeviceFile(PHOTO.sha256, { uploaded: true }, shelf);
    expect(await getDeviceFile(PHOTO.sha256, shelf)).toBeUndefined();
  });

  it('keeps a file handed over from another device, without its bytes', async () => {
    const shelf = indexedDbShelf(freshDbName());
    await putDeviceFile({ ...PHOTO, blob: undefined, uploaded: true }, shelf);
    const kept = await getDeviceFile(PHOTO.sha256, shelf);
    expect(kept?.blob).toBeUndefined();
    expect(kept?.uploaded).toBe(true);
  });

  it('refuses a file with DeviceStorageFullError on a full disk, and keeps what was kept before', async () => {
    const dbName = freshDbName();
    await putDeviceFile(KIT, indexedDbShelf(dbName));
    const disk = fullDisk();
    const shelf = indexedDbShelf(dbName, disk.open);
    await expect(putDeviceFile(PHOTO, shelf)).rejects.toBeInstanceOf(DeviceStorageFullError);
    expect(await getDeviceFile(PHOTO.sha256, shelf)).toBeUndefined();
    expect((await getDeviceFile(KIT.sha256, shelf))?.name).toBe('media-kit.pdf');
    // Room again: the next file is kept.
    disk.state.full = false;
    await putDeviceFile(PHOTO, shelf);
    expect((await getDeviceFile(PHOTO.sha256, shelf))?.name).toBe('living-room.jpg');
  });

  it('keeps the bytes as an ArrayBuffer where the browser stores no Blob (WebKit private and automated sessions), and gives them back as a Blob', async () => {
    const dbName = freshDbName();
    const shelf = indexedDbShelf(dbName, (db, storeName) => {
      const real = createStore(db, storeName);
      // WebKit's refusal: the transaction fails with no error named whenever the value holds a Blob.
      return (mode, callback) =>
        real(mode, (objects) => {
          const put = objects.put.bind(objects);
          objects.put = (value: unknown, key?: IDBValidKey) => {
            const parts = typeof value === 'object' && value !== null ? (value as { blob?: unknown; thumbnail?: unknown }) : {};
            if (parts.blob instanceof Blob || parts.thumbnail instanceof Blob) throw new DOMException('', 'UnknownError');
            return put(value, key);
          };
          return callback(objects);
        });
    });
    await putDeviceFile({ ...PHOTO, thumbnail: new Blob([new Uint8Array([9, 9])], { type: 'image/jpeg' }) }, shelf);
    await updateDeviceFile(PHOTO.sha256, { uploaded: true }, shelf);
    const kept = await getDeviceFile(PHOTO.sha256, shelf);
    // The photo's thumbnail is kept the same way, so the list need not decode the whole photo.
    expect(kept?.thumbnail?.type).toBe('image/jpeg');
    expect([...new Uint8Array(await (kept?.thumbnail ?? new Blob()).arrayBuffer())]).toEqual([9, 9]);
    expect(kept).not.toHaveProperty('thumbnailBytes');
    expect(kept).toMatchObject({ name: 'living-room.jpg', type: 'image/jpeg', width: 2560, uploaded: true });
    expect(kept).not.toHaveProperty('bytes');
    expect(kept?.blob?.type).toBe('image/jpeg');
    expect([...new Uint8Array(await (kept?.blob ?? new Blob()).arrayBuffer())]).toEqual([1, 2, 3, 4, 5]);
    expect((await listDeviceFiles(shelf)).map((file) => file.blob?.size)).toEqual([5]);
  });

  it('opens the database again once when the connection was dropped under it', async () => {
    const dbName = freshDbName();
    let opens = 0;
    const shelf = indexedDbShelf(dbName, (db, storeName) => {
      opens += 1;
      const real = createStore(db, storeName);
      // The first connection is closed by the browser (as iOS does under memory pressure).
      if (opens === 1) return () => Promise.reject(new DOMException('The database connection is closing.', 'InvalidStateError'));
      return real;
    });
    await putDeviceFile(PHOTO, shelf);
    expect(opens).toBe(2);
    expect((await getDeviceFile(PHOTO.sha256, shelf))?.name).toBe('living-room.jpg');
  });

  it('without IndexedDB, keeps the files in the page memory, with the same operations', async () => {
    const shelf = memoryShelf();
    await putDeviceFile(PHOTO, shelf);
    await updateDeviceFile(PHOTO.sha256, { uploaded: true }, shelf);
    expect(await getDeviceFile(PHOTO.sha256, shelf)).toMatchObject({ name: 'living-room.jpg', uploaded: true });
    await updateDeviceFile(KIT.sha256, { uploaded: true }, shelf);
    expect(await listDeviceFiles(shelf)).toHaveLength(1);
    await clearDeviceFiles(shelf);
    expect(await listDeviceFiles(shelf)).toEqual([]);
  });
});
