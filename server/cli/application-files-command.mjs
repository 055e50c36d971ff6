// `npm run -s applications -- files APPLICATION-ID FOLDER`: writes the files of one application
// (every file bound to it: server/applications/application-files-table.mjs) from the uploads folder into FOLDER,
// for the team to open. Each is named by the receiver, never by the creator: `<field>-<n>.<ext>`,
// the extension from the type judged from its bytes, so no name a client chose becomes a path
// (no `../`, no `.exe` behind a photo). A file already in FOLDER is never overwritten: the command
// stops before writing any, and says which. Each copy is checked against its SHA-256 and synced.
import { createHash } from 'node:crypto';
import { constants, createReadStream, createWriteStream } from 'node:fs';
import { access, lstat, mkdir, open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fsyncPath } from '../store/data-folder-sync.mjs';
import { exportJsonLine } from '../applications/export-safety.mjs';
import { uploadBytesPath } from '../uploads/stored-uploads.mjs';

/** Extensions of the types the wizard's file fields usually take; others use the subtype, or `bin`. */
const EXTENSIONS = /** @type {Record<string, string>} */ ({
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/heic': 'heic',
  'image/heif': 'heif',
  'image/avif': 'avif',
  'application/pdf': 'pdf',
  'text/plain': 'txt',
  'text/csv': 'csv',
  'application/json': 'json',
  'application/zip': 'zip',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
});

/** @param {string} type */
function extensionOf(type) {
  const known = EXTENSIONS[type];
  if (known) return known;
  const subtype = type.split('/')[1] ?? '';
  return /^[a-z0-9]{1,10}$/.test(subtype) ? subtype : 'bin';
}

/**
 * The names the files are written under, in their order: the field (a programme's key, kept to
 * safe characters), the file's number within it, the extension of its type.
 * @param {ReadonlyArray<import('../applications/application-files-table.mjs').Binding>} files
 */
export function safeFileNames(files) {
  /** @type {Map<string, number>} */
  const counts = new Map();
  return files.map((file) => {
    const field = file.field.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64) || 'file';
    const number = (counts.get(field) ?? 0) + 1;
    counts.set(field, number);
    return `${field}-${String(number)}.${extensionOf(file.type)}`;
  });
}

/**
 * A failure to write into the target folder, said as `backup` says one: what, why in words, what to do.
 * @param {string} folder
 * @param {unknown} error
 */
function folderRefused(folder, error) {
  const code = /** @type {NodeJS.ErrnoException} */ (error).code;
  const why =
    code === 'EACCES' || code === 'EPERM'
      ? 'permission denied'
      : code === 'EROFS'
        ? 'a read-only file system'
        : code === 'ENOTDIR'
          ? 'a file is in the way'
          : code === 'ENOSPC'
            ? 'no space left'
            : String(code);
  return new Error(
    `${folder} could not be written for the files (${why}): write them into a folder this user may write in (as the receiver's user, a folder made for it), or run the command as a user who may write there.`,
    { cause: error },
  );
}

/**
 * Copies one file, refusing an existing target, checking its SHA-256 as it goes, synced.
 * @param {string} from
 * @param {string} to
 * @param {string} sha256
 */
async function copyChecked(from, to, sha256) {
  const hash = createHash('sha256');
  const tap = new Transform({
    /** @param {Buffer} chunk @param {BufferEncoding} _encoding @param {import('node:stream').TransformCallback} callback */
    transform(chunk, _encoding, callback) {
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  try {
    await pipeline(createReadStream(from), tap, createWriteStream(to, { flags: 'wx', mode: 0o600 }));
    if (hash.digest('hex') !== sha256) throw new Error(`the bytes of ${to} do not match its SHA-256: the uploads folder was changed`);
    await fsyncPath(to);
  } catch (error) {
    // Not a half-written or wrong file under a name the team trusts; an existing file is not ours to remove.
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') await rm(to, { force: true });
    throw error;
  }
}

/**
 * Writes the application's files into folder (made if missing, for its owner only).
 * @param {{ applicationId: string, files: ReadonlyArray<import('../applications/application-files-table.mjs').Binding>, uploadsFolder: string, folder: string }} options
 * @returns {Promise<string>} what to tell the user: a line per file
 */
export async function writeApplicationFiles({ applicationId, files, uploadsFolder, folder }) {
  if (files.length === 0) throw new Error(`No files are stored for application ${JSON.stringify(applicationId)} (its id as \`export\` shows it).`);
  const names = safeFileNames(files);
  await mkdir(folder, { recursive: true, mode: 0o700 }).catch((/** @type {unknown} */ error) => {
    throw folderRefused(folder, error);
  });
  const existing = (
    await Promise.all(
      names.map((name) =>
        lstat(join(folder, name)).then(
          () => name,
          () => null,
        ),
      ),
    )
  ).filter((name) => name !== null);
  if (existing.length > 0) throw new Error(`${folder} already holds ${existing.join(', ')}: nothing was written. Choose an empty folder.`);
  const lines = [];
  for (const [index, file] of files.entries()) {
    const name = /** @type {string} */ (names[index]);
    const from = uploadBytesPath(uploadsFolder, file.uploadId);
    // Each failure in words: the source missing (not the receiver's uploads folder), the target closed.
    await access(from, constants.R_OK).catch((/** @type {unknown} */ error) => {
      const code = /** @type {NodeJS.ErrnoException} */ (error).code;
      throw new Error(
        `${name} could not be read from the uploads folder ${uploadsFolder} (${code === 'ENOENT' ? 'no such file there' : code === 'EACCES' ? 'permission denied' : String(code)}): set UPLOADS_DIR (on PostgreSQL) or DATA_DIR as in the receiver's environment, and run the command as its user; ${lines.length > 0 ? `${String(lines.length)} file(s) were written before it` : 'nothing was written'}.`,
        { cause: error },
      );
    });
    await copyChecked(from, join(folder, name), file.sha256).catch((/** @type {unknown} */ error) => {
      const code = /** @type {NodeJS.ErrnoException} */ (error).code;
      if (code === undefined || code === 'EEXIST') throw error;
      throw folderRefused(folder, error);
    });
    const size = file.width !== null && file.height !== null ? `, ${String(file.width)}×${String(file.height)}` : '';
    // The creator's name for it, quoted as JSON with bidi controls escaped (export-safety.mjs): no
    // control character of theirs reaches the terminal, none reorders what it shows.
    lines.push(`${name}\t${file.field}\t${exportJsonLine(file.name).trimEnd()}\t${file.type}, ${String(file.size)} bytes${size}\tsha256 ${file.sha256}`);
  }
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
  return `${lines.join('\n')}\nWrote ${String(files.length)} file(s) of application ${applicationId} into ${folder}.\n`;
}
