// @tus/file-store's FileStore, made durable: it writes each chunk through the operating system's
// cache and answers, so a power cut after the 204 could take back bytes the client was told are
// stored, and it would then resume from an offset past a hole. Here every write ends with an fsync
// of the upload's file on the descriptor that wrote it (a body cut short included: what arrived is
// kept, and HEAD reports it, so it must be on the disk too), and a creation syncs the new file, its
// .json (the upload's length and metadata) and the folder that names them, before any answer.
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdir, open } from 'node:fs/promises';
import { join } from 'node:path';
import { FileStore } from '@tus/file-store';
import { ERRORS } from '@tus/server';
import { fsyncPath } from '../store/data-folder-sync.mjs';
import { UPLOAD_ID } from './stored-uploads.mjs';

/** The server's ids (FileStore's default naming): nothing else names a file here. */

/**
 * The body being written's guard, set by the endpoint around each request (uploads-budget.mjs's
 * reservation): asked before each chunk is written, false to cut the body there.
 * @type {AsyncLocalStorage<{ arrived: (bytes: number) => Promise<boolean> }>}
 */
export const bodyGuard = new AsyncLocalStorage();

/** A body cut at the disk's floor: what arrived before is kept, and the client comes back later. */
const UNDER_FLOOR = { status_code: 503, body: "The disk is under the uploads' floor: the bytes before are kept; retry after the seconds in Retry-After.\n" };

/**
 * One of tus's refusals as an Error, which @tus/server answers with its status and body.
 * @param {{ status_code: number, body: string }} known
 */
export function tusError(known) {
  return Object.assign(new Error(known.body), known);
}

export class DurableFileStore extends FileStore {
  /**
   * @param {{ directory: string }} options the folder, which must exist (uploadsFolder; created by createUploads)
   */
  constructor({ directory }) {
    // No expiration here: the upload expiry (upload-expiry.mjs) removes what nobody touched for a day.
    super({ directory, expirationPeriodInMilliseconds: 0 });
    // What OPTIONS lists is what this receiver honours: creation (with a first body) and termination.
    // Not creation-defer-length (a length must be known at creation, creation-checks.mjs) nor
    // expiration (no Upload-Expires is sent; upload-expiry.mjs removes abandoned uploads itself).
    this.extensions = ['creation', 'creation-with-upload', 'termination'];
  }

  /** @param {import('@tus/server').Upload} file */
  async create(file) {
    const created = await super.create(file);
    const path = this.pathOf(file.id);
    await fsyncPath(path);
    await fsyncPath(`${path}.json`);
    await fsyncPath(this.directory);
    return created;
  }

  /**
   * The upload's file (FileStore's own resolve is private).
   * @param {string} id
   */
  pathOf(id) {
    if (!UPLOAD_ID.test(id)) throw tusError(ERRORS.FILE_NOT_FOUND);
    return join(this.directory, id);
  }

  /**
   * Appends what the stream brings at `offset`, syncs it, and returns the new offset. A stream
   * ended early (the client went away) still counts what it brought.
   * @param {import('node:stream').Readable} readable
   * @param {string} id
   * @param {number} offset
   */
  async write(readable, id, offset) {
    const handle = await open(this.pathOf(id), 'r+');
    const guard = bodyGuard.getStore();
    let position = offset;
    let cut = false;
    try {
      // Chunk by chunk at its position: the offset returned is exactly what the file took.
      for await (const bytes of /** @type {AsyncIterable<Buffer>} */ (readable)) {
        // Past the floor nothing more is written; the rest of the body is read and dropped (ending
        // it here would reset the connection before the 503 and its Retry-After could be sent).
        if (cut || (guard && !(await guard.arrived(bytes.length)))) {
          cut = true;
          continue;
        }
        for (let done = 0; done < bytes.length;) {
          const { bytesWritten } = await handle.write(bytes, done, bytes.length - done, position);
          done += bytesWritten;
          position += bytesWritten;
        }
      }
    } catch {
      // The limiter's refusal (a body longer than Upload-Length) or a failed write: what did
      // reach the file is synced below, and the handler answers the error.
      throw tusError(ERRORS.FILE_WRITE_ERROR);
    } finally {
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
    }
    if (cut) throw tusError(UNDER_FLOOR);
    return position;
  }

  /** @param {string} id */
  async remove(id) {
    await super.remove(id);
    await fsyncPath(this.directory).catch(() => undefined);
  }
}

/**
 * The folder, created private if missing (FileStore's own creation throws outside any promise).
 * @param {string} folder
 */
export async function makeUploadsFolder(folder) {
  await mkdir(folder, { recursive: true, mode: 0o700 });
}
