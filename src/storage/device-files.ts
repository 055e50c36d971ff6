import { guardedStore, indexedDbAvailable, keyval, StorageUnavailableError, type UseStore } from './guarded-indexed-db';

/**
 * The bytes of the files a creator chose, kept on this device until the application is accepted
 * (docs/offline-and-storage.md, "What is kept on this device"). The draft holds only each file's
 * name, type, size and SHA-256 (its identity); the bytes live here, in a database of their own,
 * `creator-files`, so that a photo library never sits in the draft's record (read and written
 * whole at every autosave) and a full disk refusing a file never touches the draft.
 *
 * A file is kept under its SHA-256: the same bytes chosen twice are one entry. The uploads only
 * change `uploadUrl` and `uploaded` (updateDeviceFile).
 *
 * IndexedDB fails in four ways, handled as the app's store handles them (storage/resilient-store.ts),
 * and opened only through storage/guarded-indexed-db.ts: missing, blocked (reading it throws) or
 * refusing to open (some private modes): the files are kept in this page's memory, so the field
 * still works until the page is closed, as the draft does then; a write refused for another reason
 * than room: that file is kept in memory; full: the write is refused with DeviceStorageFullError, so
 * the field says that file was not kept and nothing else is lost; a dropped connection (iOS under
 * memory pressure): the database is opened again once.
 */

export const FILES_DB_NAME = 'creator-files';
export const FILES_STORE_NAME = 'files';

/** One kept file: what the draft names, its bytes (when on this device) and how far its upload went. */
export interface DeviceFile {
  sha256: string;
  name: string;
  type: string;
  size: number;
  width?: number;
  height?: number;
  /** Absent on a device that was handed the application: the bytes stayed on the other device. */
  blob?: Blob;
  /** A photo's small picture for the list (prepare-file.worker.ts); absent for documents and where it could not be made. */
  thumbnail?: Blob;
  /** The absolute tus upload URL once the receiver created it. */
  uploadUrl?: string;
  /** The receiver acknowledged every byte. */
  uploaded?: boolean;
}

/** The disk (or the browser's share of it) is full: the file was not kept. */
export class DeviceStorageFullError extends Error {
  override readonly name = 'DeviceStorageFullError';
  constructor(options?: ErrorOptions) {
    super('This device has no room left to keep the file.', options);
  }
}

/** Where the files are kept: IndexedDB's object store, or this page's memory when there is none. */
export interface FileShelf {
  get(sha256: string): Promise<DeviceFile | undefined>;
  put(file: DeviceFile): Promise<void>;
  /** Changes a kept file in one step (nothing when it is no longer kept). */
  patch(sha256: string, patch: Partial<DeviceFile>): Promise<void>;
  delete(sha256: string): Promise<void>;
  list(): Promise<DeviceFile[]>;
  clear(): Promise<void>;
}

/** Whether an error is the browser saying the storage is full (Firefox has its own name for it). */
export function isQuotaError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const name = (error as { name?: unknown }).name;
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED';
}

/**
 * A kept file as it sits in IndexedDB: its bytes a Blob, or an ArrayBuffer where the browser stores
 * no Blob there (WebKit in a private or automated session refuses the write with no error named).
 */
type StoredFile = DeviceFile & { bytes?: ArrayBuffer; thumbnailBytes?: ArrayBuffer; thumbnailType?: string };

function fromStored(stored: StoredFile | undefined): DeviceFile | undefined {
  if (!stored?.bytes) return stored;
  const { bytes, thumbnailBytes, thumbnailType, ...file } = stored;
  return {
    ...file,
    blob: new Blob([bytes], { type: file.type }),
    ...(thumbnailBytes ? { thumbnail: new Blob([thumbnailBytes], { type: thumbnailType ?? '' }) } : {}),
  };
}

/** The shelf on IndexedDB (`open` replaceable in tests, as guardedStore). */
export function indexedDbShelf(dbName = FILES_DB_NAME, open: (dbName: string, storeName: string) => UseStore = guardedStore): FileShelf {
  let store: UseStore | null = null;
  const database = (): UseStore => (store ??= open(dbName, FILES_STORE_NAME));

  /** Runs `operation`; a full disk becomes DeviceStorageFullError, anything else is tried once more on a fresh connection. */
  async function attempt<T>(operation: (store: UseStore) => Promise<T>): Promise<T> {
    try {
      return await operation(database());
    } catch (error) {
      if (isQuotaError(error)) throw new DeviceStorageFullError({ cause: error });
      // The connection may be the one the browser closed under us (iOS): once more on a new one.
      store = null;
      try {
        return await operation(database());
      } catch (again) {
        if (isQuotaError(again)) throw new DeviceStorageFullError({ cause: again });
        throw again;
      }
    }
  }

  return {
    get: (sha256) => attempt((idb) => keyval.get<StoredFile>(sha256, idb)).then(fromStored),
    put: async (file) => {
      try {
        await attempt((idb) => keyval.set(file.sha256, file, idb));
      } catch (error) {
        if (error instanceof DeviceStorageFullError || error instanceof StorageUnavailableError || !file.blob) throw error;
        // A Blob refused (not the disk full): the same bytes kept as ArrayBuffers, which every engine
        // stores; the thumbnail too, or the list would decode the whole photo to show it.
        const { blob, thumbnail, ...rest } = file;
        const stored: StoredFile = {
          ...rest,
          bytes: await blob.arrayBuffer(),
          ...(thumbnail ? { thumbnailBytes: await thumbnail.arrayBuffer(), thumbnailType: thumbnail.type } : {}),
        };
        await attempt((idb) => keyval.set(file.sha256, stored, idb));
      }
    },
    patch: (sha256, patch) =>
      attempt((idb) =>
        // Read and write in one transaction: an upload's progress and a Remove may race.
        idb('readwrite', (objects) => {
          const request = objects.get(sha256);
          request.onsuccess = () => {
            const kept = request.result as DeviceFile | undefined;
            if (kept) objects.put({ ...kept, ...patch, sha256 }, sha256);
          };
          return keyval.committed(objects.transaction);
        }),
      ),
    delete: (sha256) => attempt((idb) => keyval.del(sha256, idb)),
    list: () => attempt((idb) => keyval.values<StoredFile>(idb)).then((stored) => stored.map((file) => fromStored(file) ?? file)),
    clear: () => attempt((idb) => keyval.clear(idb)),
  };
}

/** The shelf in this page's memory, where there is no IndexedDB: the files last as long as the page. */
export function memoryShelf(): FileShelf {
  const files = new Map<string, DeviceFile>();
  return {
    get: (sha256) => Promise.resolve(files.get(sha256)),
    put: (file) => {
      files.set(file.sha256, file);
      return Promise.resolve();
    },
    patch: (sha256, patch) => {
      const kept = files.get(sha256);
      if (kept) files.set(sha256, { ...kept, ...patch, sha256 });
      return Promise.resolve();
    },
    delete: (sha256) => {
      files.delete(sha256);
      return Promise.resolve();
    },
    list: () => Promise.resolve([...files.values()]),
    clear: () => {
      files.clear();
      return Promise.resolve();
    },
  };
}

/**
 * A shelf on IndexedDB with this page's memory behind it. Once the database proves unavailable
 * (StorageUnavailableError: blocked, or refusing to open) the memory is the shelf for the rest of
 * the page; a file whose write IndexedDB refuses for another reason than room is kept in memory.
 * Only a full disk refuses a file (DeviceStorageFullError), as the field then says.
 */
export function withMemoryFallback(primary: FileShelf, memory: FileShelf = memoryShelf()): FileShelf {
  let unavailable = false;
  const nothing = (): Promise<undefined> => Promise.resolve(undefined);

  /** `onPrimary` until IndexedDB proves unavailable; `fallback` then and from then on. */
  async function either<T>(onPrimary: () => Promise<T>, fallback: () => Promise<T>): Promise<T> {
    if (unavailable) return fallback();
    try {
      return await onPrimary();
    } catch (error) {
      if (!(error instanceof StorageUnavailableError)) throw error;
      unavailable = true;
      return fallback();
    }
  }

  return {
    get: async (sha256) => (await memory.get(sha256)) ?? either(() => primary.get(sha256), nothing),
    put: async (file) => {
      try {
        await either(
          () => primary.put(file),
          () => memory.put(file),
        );
      } catch (error) {
        if (error instanceof DeviceStorageFullError) throw error;
        await memory.put(file);
      }
    },
    patch: async (sha256, patch) => {
      if (await memory.get(sha256)) await memory.patch(sha256, patch);
      else await either(() => primary.patch(sha256, patch), nothing);
    },
    delete: async (sha256) => {
      await memory.delete(sha256);
      await either(() => primary.delete(sha256), nothing);
    },
    list: async () => {
      const inMemory = await memory.list();
      const onDisk = await either(
        () => primary.list(),
        () => Promise.resolve([]),
      );
      const held = new Set(inMemory.map((file) => file.sha256));
      return [...onDisk.filter((file) => !held.has(file.sha256)), ...inMemory];
    },
    clear: async () => {
      await memory.clear();
      await either(() => primary.clear(), nothing);
    },
  };
}

let pageShelf: FileShelf | null = null;

/** This page's shelf: IndexedDB's (memory behind it) when the browser has one, else memory (decided once, at first use; never throws). */
export function deviceShelf(): FileShelf {
  pageShelf ??= indexedDbAvailable() ? withMemoryFallback(indexedDbShelf()) : memoryShelf();
  return pageShelf;
}

/** The kept file with these bytes, if any. */
export function getDeviceFile(sha256: string, shelf: FileShelf = deviceShelf()): Promise<DeviceFile | undefined> {
  return shelf.get(sha256);
}

/** Keeps a file (replacing one with the same bytes); rejects with DeviceStorageFullError when there is no room. */
export function putDeviceFile(file: DeviceFile, shelf: FileShelf = deviceShelf()): Promise<void> {
  return shelf.put(file);
}

/** Records how far a kept file's upload went; nothing when the file is no longer kept (removed meanwhile). */
export function updateDeviceFile(sha256: string, patch: Partial<Pick<DeviceFile, 'uploadUrl' | 'uploaded'>>, shelf: FileShelf = deviceShelf()): Promise<void> {
  // Only these two may change: anything else in `patch` (a caller's cast) is left out.
  const allowed: Partial<DeviceFile> = {};
  if ('uploadUrl' in patch) allowed.uploadUrl = patch.uploadUrl;
  if ('uploaded' in patch) allowed.uploaded = patch.uploaded;
  return shelf.patch(sha256, allowed);
}

/** Forgets a file and its bytes. */
export function deleteDeviceFile(sha256: string, shelf: FileShelf = deviceShelf()): Promise<void> {
  return shelf.delete(sha256);
}

/** Every kept file. */
export function listDeviceFiles(shelf: FileShelf = deviceShelf()): Promise<DeviceFile[]> {
  return shelf.list();
}

/** Forgets every file: the application was accepted or withdrawn. */
export function clearDeviceFiles(shelf: FileShelf = deviceShelf()): Promise<void> {
  return shelf.clear();
}
