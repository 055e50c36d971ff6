// The backup file (server/backup/backup.mjs writes and restores it): gzip'd JSON lines.
//   line 1      {"format":"creator-partnership-receiver-backup","formatVersion":1,"schemaVersion":1,"takenAt":"…","store":"embedded"}
//   per table   {"table":"applications","columns":["id","created_at","updated_at"]}, then one line per row (row_to_json)
//   per file    {"file":"<upload id>","size":123,"sha256":"…","info":"<the upload's metadata file>"},
//               then its bytes, {"bytes":"<base64>"} lines of at most 768 KiB each (format 2)
//   last line   {"end":true,"rows":{"applications":3000,"revisions":6000},"files":2}
// The tables come parents first (foreign-key order), the files of applications (format 2:
// the uploads their application_files rows name) after them. The last line's counts, each
// file's length and SHA-256, and gzip's own checksum tell a complete file from a truncated one.
// Format 1 (no files, an end without `files`) is still read. This module reads and checks a file
// and writes one atomically; it knows nothing of the database.
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { createHash } from 'node:crypto';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';

export const FORMAT = 'creator-partnership-receiver-backup';
export const FORMAT_VERSION = 2;
/** Every format this receiver restores. */
const FORMAT_VERSIONS = [1, 2];
/** An upload's id, as the uploads folder names it (server/uploads/stored-uploads.mjs). */
const UPLOAD_ID = /^[0-9a-f]{32}$/;
const SHA256 = /^[0-9a-f]{64}$/;

/**
 * @typedef {{ format: string, formatVersion: number, schemaVersion: number, takenAt: string, store: string }} BackupHeader
 * @typedef {{ type: 'header', header: BackupHeader }
 *   | { type: 'table', table: string, columns: string[] }
 *   | { type: 'rows', table: string, rows: string[] }
 *   | { type: 'file', id: string, size: number, sha256: string, info: string | null }
 *   | { type: 'bytes', bytes: Buffer }
 *   | { type: 'end', rows: Record<string, number>, files: number }} BackupPart
 *   file: an upload's bytes follow, as `bytes` parts, checked against its size and SHA-256 before the next part
 */

/** A file that is not a whole backup: the message says what is wrong with it. */
export class BadBackup extends Error {}

/**
 * The file's lines, one at a time (gunzipped, split at newlines).
 * @param {string} path
 * @returns {AsyncGenerator<string>}
 */
async function* lines(path) {
  const source = createReadStream(path);
  const gunzip = createGunzip();
  source.on('error', (error) => gunzip.destroy(error));
  source.pipe(gunzip);
  const decoder = new StringDecoder('utf8');
  let pending = '';
  try {
    for await (const chunk of gunzip) {
      const bytes = /** @type {unknown} */ (chunk);
      pending += decoder.write(/** @type {Buffer} */ (bytes));
      let newline;
      while ((newline = pending.indexOf('\n')) !== -1) {
        yield pending.slice(0, newline);
        pending = pending.slice(newline + 1);
      }
    }
  } catch (error) {
    const code = /** @type {NodeJS.ErrnoException} */ (error).code;
    if (code === 'ENOENT') throw new BadBackup(`${path} does not exist.`, { cause: error });
    if (code?.startsWith('Z_') || code === 'ERR_PADDING_1')
      throw new BadBackup(`${path} is truncated or corrupt (gzip: ${error instanceof Error ? error.message : String(error)}).`, { cause: error });
    throw error;
  } finally {
    source.destroy();
    gunzip.destroy();
  }
  pending += decoder.end();
  if (pending !== '') yield pending;
}

/** @param {string} line */
function parse(line) {
  try {
    return /** @type {unknown} */ (JSON.parse(line));
  } catch {
    return undefined;
  }
}

/** @param {unknown} value @returns {value is Record<string, unknown>} */
function isObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads a backup, checking it as it goes: its header first, then each table's columns and rows in
 * batches, then the end with every table's row count. Throws BadBackup at the first thing wrong
 * (so a caller restoring inside a transaction rolls it back).
 * @param {string} path
 * @param {{ batchRows?: number, batchChars?: number }} [options]
 * @returns {AsyncGenerator<BackupPart>}
 */
export async function* readBackup(path, { batchRows = 1000, batchChars = 4_000_000 } = {}) {
  const bad = (/** @type {string} */ what) => new BadBackup(`${path} is not a complete backup of the receiver: ${what}.`);
  /** @type {Record<string, number>} */
  const counts = {};
  /** @type {string | null} */
  let table = null;
  /** @type {string[]} */
  let batch = [];
  let chars = 0;
  let lineNumber = 0;
  let ended = false;
  /** @type {Set<string>} */
  const files = new Set();
  /** @type {{ id: string, size: number, sha256: string, read: number, hash: import('node:crypto').Hash } | null} */
  let file = null;
  for await (const line of lines(path)) {
    lineNumber += 1;
    if (ended) throw bad(`line ${String(lineNumber)} follows the end`);
    const value = parse(line);
    if (!isObject(value)) throw bad(`line ${String(lineNumber)} is not a JSON object`);
    if (lineNumber === 1) {
      if (value.format !== FORMAT) throw bad('it does not start with a backup header');
      if (!FORMAT_VERSIONS.includes(/** @type {number} */ (value.formatVersion)))
        throw new BadBackup(`${path} is in backup format ${String(value.formatVersion)}; this receiver reads formats ${FORMAT_VERSIONS.join(' and ')}.`);
      if (!Number.isInteger(value.schemaVersion) || typeof value.takenAt !== 'string') throw bad('its header lacks the schema version or the time taken');
      yield { type: 'header', header: /** @type {BackupHeader} */ (/** @type {unknown} */ (value)) };
      continue;
    }
    const keys = Object.keys(value);
    const isTable = typeof value.table === 'string' && Array.isArray(value.columns) && keys.length === 2;
    const isEnd = value.end === true && isObject(value.rows) && (keys.length === 2 || (keys.length === 3 && Number.isSafeInteger(value.files)));
    const isFile = typeof value.file === 'string' && keys.every((key) => ['file', 'size', 'sha256', 'info'].includes(key));
    const isBytes = typeof value.bytes === 'string' && keys.length === 1;
    if (isTable || isEnd || isFile) {
      if (table !== null && batch.length > 0) yield { type: 'rows', table, rows: batch };
      batch = [];
      chars = 0;
      if (file) {
        if (file.read !== file.size || file.hash.digest('hex') !== file.sha256)
          throw bad(`the bytes of file ${file.id} are not the ${String(file.size)} bytes of its SHA-256`);
        file = null;
      }
    }
    if (isFile) {
      if (
        !UPLOAD_ID.test(String(value.file)) ||
        !Number.isSafeInteger(value.size) ||
        Number(value.size) < 0 ||
        !SHA256.test(String(value.sha256)) ||
        (value.info !== undefined && value.info !== null && typeof value.info !== 'string')
      )
        throw bad(`line ${String(lineNumber)} is not a file's header`);
      const id = String(value.file);
      if (files.has(id)) throw bad(`file ${id} comes twice`);
      files.add(id);
      table = null;
      file = { id, size: Number(value.size), sha256: String(value.sha256), read: 0, hash: createHash('sha256') };
      yield { type: 'file', id, size: file.size, sha256: file.sha256, info: typeof value.info === 'string' ? value.info : null };
    } else if (isBytes) {
      if (!file) throw bad(`line ${String(lineNumber)} holds bytes outside any file`);
      const bytes = Buffer.from(String(value.bytes), 'base64');
      file.read += bytes.length;
      file.hash.update(bytes);
      yield { type: 'bytes', bytes };
    } else if (isTable) {
      if (files.size > 0) throw bad(`table ${String(value.table)} comes after the files`);
      table = /** @type {string} */ (value.table);
      if (table in counts) throw bad(`table ${table} comes twice`);
      counts[table] = 0;
      yield { type: 'table', table, columns: /** @type {string[]} */ (value.columns) };
    } else if (isEnd) {
      const expected = /** @type {Record<string, unknown>} */ (value.rows);
      for (const name of new Set([...Object.keys(expected), ...Object.keys(counts)])) {
        if (expected[name] !== counts[name])
          throw bad(`table ${name} has ${String(counts[name] ?? 0)} rows where the end says ${JSON.stringify(expected[name] ?? 0)}`);
      }
      if (value.files !== undefined && value.files !== files.size)
        throw bad(`it holds ${String(files.size)} files where the end says ${JSON.stringify(value.files)}`);
      ended = true;
      yield { type: 'end', rows: counts, files: files.size };
    } else {
      if (table === null) throw bad(`line ${String(lineNumber)} is a row before any table`);
      counts[table] = (counts[table] ?? 0) + 1;
      batch.push(line);
      chars += line.length;
      if (batch.length >= batchRows || chars >= batchChars) {
        yield { type: 'rows', table, rows: batch };
        batch = [];
        chars = 0;
      }
    }
  }
  if (lineNumber === 0) throw bad('it is empty');
  if (!ended) throw bad('it stops before its end (truncated)');
}

/**
 * Reads a whole backup and checks it, without touching any database.
 * @param {string} path
 * @returns {Promise<{ header: BackupHeader, tables: Array<{ table: string, columns: string[] }>, rows: Record<string, number>, files: number }>}
 */
export async function checkBackup(path) {
  /** @type {BackupHeader | null} */
  let header = null;
  /** @type {Array<{ table: string, columns: string[] }>} */
  const tables = [];
  /** @type {Record<string, number>} */
  let rows = {};
  let files = 0;
  for await (const part of readBackup(path)) {
    if (part.type === 'header') header = part.header;
    else if (part.type === 'table') tables.push({ table: part.table, columns: part.columns });
    else if (part.type === 'end') {
      rows = part.rows;
      files = part.files;
    } else if (part.type === 'rows') {
      for (const row of part.rows) {
        if (!isObject(parse(row))) throw new BadBackup(`${path} is not a complete backup of the receiver: a row of ${part.table} is not a JSON object.`);
      }
    }
  }
  if (!header) throw new BadBackup(`${path} is not a complete backup of the receiver: no header.`);
  return { header, tables, rows, files };
}

/**
 * Writes a file whole or not at all: into a temporary file (mode 0600) next to it, flushed to disk,
 * then renamed over the name and the folder flushed, so a crash leaves the old file or the new one.
 * @param {string} path
 * @param {(sink: import('node:stream').Writable) => Promise<void>} produce writes the content into sink and ends it
 */
export async function writeFileAtomically(path, produce) {
  const temporary = join(dirname(path), `.${basename(path)}.${String(process.pid)}.${Date.now().toString(36)}.tmp`);
  const sink = createWriteStream(temporary, { flags: 'wx', mode: 0o600 });
  const closed = new Promise((resolve) => {
    sink.once('close', () => {
      resolve(undefined);
    });
  });
  try {
    await once(sink, 'open').catch((/** @type {unknown} */ error) => {
      throw new Error(`${path} could not be written: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    });
    await produce(sink);
    await closed;
    const file = await open(temporary, 'r+');
    try {
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temporary, path);
  } catch (error) {
    sink.destroy();
    await closed;
    await rm(temporary, { force: true });
    throw error;
  }
  const folder = await open(dirname(path), 'r');
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}
