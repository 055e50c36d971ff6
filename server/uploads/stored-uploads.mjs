// An upload as @tus/file-store 2.1.1 keeps it in its folder: the bytes at <folder>/<id> and, beside
// them, <folder>/<id>.json, the tus Upload its FileKvStore wrote at creation
// ({ id, size, offset, metadata, creation_date, storage? }; its `offset` is the one at creation,
// so the bytes' length on disk is the offset). Read here without the tus server, for the
// receiver's checks, export, erasure and backups. An id is the capability that owns an upload, and
// comes from the client: it is matched against the server's own form (32 lower-case hex, the file
// store's namingFunction) before it names any path.
import { lstat, open, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fsyncPath } from '../store/data-folder-sync.mjs';

/**
 * The id the endpoint gives an upload, 32 lower-case hex digits: the one pattern of the receiver's
 * uploads (the page's, FileReference's in src/application/body/file-references.ts, is held to it by
 * a test).
 */
export const UPLOAD_ID = /^[0-9a-f]{32}$/;

/** Larger than any metadata file the endpoint writes (a few hundred bytes): a bigger one is not ours. */
const MAX_INFO_BYTES = 64 * 1024;

/**
 * @typedef {{ filename: string, filetype: string, sha256: string, field: string, keptSha256: string }} UploadMetadata
 *   sha256: the client's; keptSha256: of the bytes kept, when the receiver removed a photo's location (kept-without-location.mjs), else ''
 * @typedef {{ id: string, size: number, offset: number, metadata: UploadMetadata, creationDate: string | null }} StoredUpload
 *   size: the length the client declared at creation; offset: the bytes on disk
 */

/**
 * The path of an upload's bytes.
 * @param {string} folder
 * @param {string} id a valid upload id (UPLOAD_ID)
 */
export function uploadBytesPath(folder, id) {
  if (!UPLOAD_ID.test(id)) throw new Error('not an upload id');
  return join(folder, id);
}

/**
 * The path of an upload's metadata (the file store's <id>.json).
 * @param {string} folder
 * @param {string} id a valid upload id (UPLOAD_ID)
 */
export function uploadInfoPath(folder, id) {
  return `${uploadBytesPath(folder, id)}.json`;
}

/** @param {unknown} value */
function text(value) {
  return typeof value === 'string' ? value : '';
}

/**
 * The upload, or null when the id is not one, or no upload of that id is in the folder (never
 * created, removed, or its metadata unreadable).
 * @param {string} folder
 * @param {string} id from the client
 * @returns {Promise<StoredUpload | null>}
 */
export async function readStoredUpload(folder, id) {
  if (typeof id !== 'string' || !UPLOAD_ID.test(id)) return null;
  /** @type {unknown} */
  let info;
  try {
    const handle = await open(uploadInfoPath(folder, id), 'r');
    try {
      const stat = await handle.stat();
      if (!stat.isFile() || stat.size > MAX_INFO_BYTES) return null;
      info = /** @type {unknown} */ (JSON.parse(await readFile(handle, 'utf8')));
    } finally {
      await handle.close();
    }
  } catch {
    return null;
  }
  if (typeof info !== 'object' || info === null) return null;
  const upload = /** @type {{ id?: unknown, size?: unknown, metadata?: unknown, creation_date?: unknown }} */ (info);
  // A deferred length (no size) is refused at creation; one here is no upload we could complete.
  if (upload.id !== id || typeof upload.size !== 'number' || !Number.isSafeInteger(upload.size) || upload.size < 0) return null;
  let bytes;
  try {
    // lstat: a link planted in the folder is not followed to another file.
    bytes = await lstat(uploadBytesPath(folder, id));
  } catch {
    return null;
  }
  if (!bytes.isFile()) return null;
  const metadata = /** @type {Record<string, unknown>} */ (typeof upload.metadata === 'object' && upload.metadata !== null ? upload.metadata : {});
  return {
    id,
    size: upload.size,
    offset: bytes.size,
    metadata: {
      filename: text(metadata.filename),
      filetype: text(metadata.filetype),
      sha256: text(metadata.sha256),
      field: text(metadata.field),
      keptSha256: text(metadata.keptsha256),
    },
    creationDate: typeof upload.creation_date === 'string' ? upload.creation_date : null,
  };
}

/**
 * Removes an upload's bytes and metadata (either may be gone already), then syncs the folder so
 * the removal survives a power cut: an erasure must not come back.
 * @param {string} folder
 * @param {string} id
 * @returns {Promise<boolean>} whether anything was there
 */
export async function removeStoredUpload(folder, id) {
  return (await removeStoredUploads(folder, [id])) > 0;
}

/**
 * Removes several uploads, syncing the folder once at the end.
 * @param {string} folder
 * @param {ReadonlyArray<string>} ids
 * @returns {Promise<number>} how many were there
 */
export async function removeStoredUploads(folder, ids) {
  let removed = 0;
  for (const id of ids) {
    if (!UPLOAD_ID.test(id)) continue;
    const paths = [uploadBytesPath(folder, id), uploadInfoPath(folder, id)];
    const present = await Promise.all(
      paths.map((path) =>
        lstat(path).then(
          () => true,
          () => false,
        ),
      ),
    );
    await Promise.all(paths.map((path) => rm(path, { force: true })));
    if (present.includes(true)) removed += 1;
  }
  if (removed > 0) await fsyncPath(folder);
  return removed;
}
