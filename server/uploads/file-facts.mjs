// What the receiver knows of an uploaded file from its bytes, never from what the client said:
// its type from its magic bytes (file-type), its SHA-256 (streamed, so a 2 GB file takes no more
// memory than a small one), its length, and for images their width and height (image-dimensions.mjs).
// A client's declared type is used only where bytes cannot tell: a file with no magic number is
// taken for the text type it declares when it reads as UTF-8 text (a CSV, a plain-text CV), and
// otherwise it is application/octet-stream, which no `accept` but `*/*`-like lists allow.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { imageDimensions } from './image-dimensions.mjs';

/**
 * @typedef {{ type: string, sha256: string, size: number, width: number | null, height: number | null }} FileFacts
 */

export const UNKNOWN_TYPE = 'application/octet-stream';

/** How much of a file without magic bytes is looked at to call it text. */
const TEXT_SAMPLE = 64 * 1024;

/** PDF allows bytes before its header (some generators write a BOM or a line of junk): up to 1024. */
const PDF_HEADER_WITHIN = 1024;

/** Declared types a file without magic bytes may have when it reads as text. */
function isTextType(/** @type {string} */ type) {
  return /^text\/[a-z0-9.+-]+$/.test(type) || type === 'application/json';
}

/**
 * @param {string} path
 * @returns {Promise<string>}
 */
async function sha256Of(path) {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path, { highWaterMark: 1024 * 1024 }), hash);
  return hash.digest('hex');
}

/**
 * The type of a file file-type does not recognise: a PDF whose header is a little way in, text of
 * the declared text type, or unknown.
 * @param {import('node:fs/promises').FileHandle} handle
 * @param {string} declared
 */
async function typeWithoutMagic(handle, declared) {
  const sample = Buffer.alloc(TEXT_SAMPLE);
  const { bytesRead } = await handle.read(sample, 0, TEXT_SAMPLE, 0);
  const bytes = sample.subarray(0, bytesRead);
  if (bytes.subarray(0, PDF_HEADER_WITHIN + 5).includes('%PDF-')) return 'application/pdf';
  if (!isTextType(declared) || bytes.includes(0)) return UNKNOWN_TYPE;
  // The sample may cut a character in two at its end: only a fault before the last 3 bytes counts.
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytesRead === TEXT_SAMPLE ? bytes.subarray(0, bytesRead - 3) : bytes);
  } catch {
    return UNKNOWN_TYPE;
  }
  return declared;
}

/**
 * The facts of the file at path (read whole once, for its hash).
 * @param {string} path
 * @param {string} declared the type the client declared (Upload-Metadata filetype), used only as said above
 * @returns {Promise<FileFacts>}
 */
export async function factsOfFile(path, declared) {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    // Loaded at the first file judged: a receiver whose programme asks for none never holds it (uploads-when-asked.mjs).
    const { fileTypeFromFile } = await import('file-type');
    const detected = await fileTypeFromFile(path);
    const type = detected?.mime ?? (await typeWithoutMagic(handle, declared.toLowerCase()));
    const dimensions = await imageDimensions(handle, type);
    return { type, sha256: await sha256Of(path), size, width: dimensions?.width ?? null, height: dimensions?.height ?? null };
  } finally {
    await handle.close();
  }
}
