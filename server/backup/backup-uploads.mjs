// The files of applications in a backup (backup-file.mjs, format 2): the bytes and metadata file of
// each upload an application_files row names, copied from the uploads folder after the rows, and
// written back into a restore's uploads folder. Bound uploads do not change (tus takes no byte past
// an upload's length), so they are read after the rows' snapshot is released: the receiver is not
// held while gigabytes are copied. One erased meanwhile is left out (its row is in the backup; the
// restore message says to re-apply erasures made since), said in the count of files missing.
import { mkdir, open, readFile, rm } from 'node:fs/promises';
import { fsyncPath } from '../store/data-folder-sync.mjs';
import { uploadBytesPath, uploadInfoPath } from '../uploads/stored-uploads.mjs';

/** Raw bytes per line: 1 MiB of base64, well under what a line of the backup may hold. */
const CHUNK = 768 * 1024;

/**
 * The uploads the backup's rows name, read in its snapshot.
 * @param {import('../store/store-types.mjs').Queryable} tx
 * @returns {Promise<Array<{ id: string, size: number, sha256: string }>>}
 */
export async function uploadsToBackUp(tx) {
  const { rows } = await tx.query(`SELECT to_regclass('public.application_files') IS NOT NULL AS present`);
  if (rows[0]?.present !== true) return [];
  const { rows: files } = await tx.query('SELECT upload_id, size, sha256 FROM application_files ORDER BY upload_id');
  return files.map((row) => ({ id: String(row.upload_id), size: Number(row.size), sha256: String(row.sha256) }));
}

/**
 * Writes each upload's lines through put: its header, then its bytes.
 * @param {string | null} uploadsFolder
 * @param {ReadonlyArray<{ id: string, size: number, sha256: string }>} uploads
 * @param {(line: string) => Promise<void>} put
 * @returns {Promise<{ files: number, missing: number }>}
 */
export async function backUpUploads(uploadsFolder, uploads, put) {
  let files = 0;
  let missing = 0;
  for (const upload of uploads) {
    const handle = uploadsFolder ? await open(uploadBytesPath(uploadsFolder, upload.id), 'r').catch(() => null) : null;
    if (!uploadsFolder || !handle) {
      missing += 1;
      continue;
    }
    try {
      const info = await readFile(uploadInfoPath(uploadsFolder, upload.id), 'utf8').catch(() => null);
      await put(JSON.stringify({ file: upload.id, size: upload.size, sha256: upload.sha256, info }));
      const buffer = Buffer.alloc(CHUNK);
      for (let position = 0; ;) {
        const { bytesRead } = await handle.read(buffer, 0, CHUNK, position);
        if (bytesRead === 0) break;
        await put(JSON.stringify({ bytes: buffer.toString('base64', 0, bytesRead) }));
        position += bytesRead;
      }
    } finally {
      await handle.close();
    }
    files += 1;
  }
  return { files, missing };
}

/**
 * Writes a restore's files into the uploads folder: none may be there already. Undone (every file
 * it wrote removed) when the restore fails.
 * @param {string} uploadsFolder
 */
export function createUploadsRestorer(uploadsFolder) {
  /** @type {string[]} */
  const written = [];
  /** @type {import('node:fs/promises').FileHandle | null} */
  let current = null;
  let made = false;

  async function finish() {
    if (!current) return;
    await current.sync();
    await current.close();
    current = null;
  }

  return {
    /** @param {{ id: string, size: number, sha256: string, info: string | null }} file */
    async begin(file) {
      await finish();
      if (!made) {
        await mkdir(uploadsFolder, { recursive: true, mode: 0o700 });
        made = true;
      }
      const info = file.info ?? JSON.stringify({ id: file.id, size: file.size, offset: 0, metadata: {}, creation_date: new Date().toISOString() });
      const infoPath = uploadInfoPath(uploadsFolder, file.id);
      const bytesPath = uploadBytesPath(uploadsFolder, file.id);
      // 'wx': a restore fills an empty folder, and never replaces a file it did not write.
      const infoHandle = await open(infoPath, 'wx', 0o600);
      written.push(infoPath);
      try {
        await infoHandle.writeFile(info);
        await infoHandle.sync();
      } finally {
        await infoHandle.close();
      }
      current = await open(bytesPath, 'wx', 0o600);
      written.push(bytesPath);
    },
    /** @param {Buffer} bytes */
    async write(bytes) {
      if (!current) throw new Error('bytes outside any file');
      await current.write(bytes);
    },
    /** Every file on disk, and the folder. */
    async commit() {
      await finish();
      if (made) await fsyncPath(uploadsFolder);
      return written.length / 2;
    },
    async undo() {
      await current?.close().catch(() => undefined);
      current = null;
      await Promise.all(written.map((path) => rm(path, { force: true })));
    },
  };
}
