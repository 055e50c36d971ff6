// A complete JPEG upload is kept without the metadata that may say where it was taken
// (jpeg-location.mjs), whichever client sent it: the page removes it on the device, a client
// posting straight to the uploads would have it stored byte for byte. Only the header's segments
// change, never a byte of the image; the SHA-256 of what is kept is recorded in the upload's
// metadata (`keptsha256`) beside the one the client declared (`sha256`), which the application
// names. Done only when the bytes are the declared ones: others are refused at the PUT by their
// hash anyway. The new file is written beside the old one, synced and renamed over it, then its
// record: a receiver stopped between the two is finished or undone at its next start
// (interrupted-keeps.mjs), so a crash leaves one or the other.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { fsyncPath } from '../store/data-folder-sync.mjs';
import { keptCopyPath } from './interrupted-keeps.mjs';
import { planWithoutLocation } from './jpeg-location.mjs';
import { uploadBytesPath, uploadInfoPath } from './stored-uploads.mjs';

/** A header larger than this before its first scan is not walked: such a file is kept as it came. */
const MAX_HEADER = 1024 * 1024;

/** @param {string} path */
async function sha256Of(path) {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path, { highWaterMark: 1024 * 1024 }), hash);
  return hash.digest('hex');
}

/**
 * @param {string} folder
 * @param {string} id a complete upload's id
 * @returns {Promise<'kept as it came' | 'location removed' | 'header unreadable'>}
 */
export async function keepWithoutLocation(folder, id) {
  const bytesPath = uploadBytesPath(folder, id);
  const infoPath = uploadInfoPath(folder, id);
  const handle = await open(bytesPath, 'r');
  let header;
  try {
    const buffer = Buffer.alloc(MAX_HEADER);
    const { bytesRead } = await handle.read(buffer, 0, MAX_HEADER, 0);
    header = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  if (header[0] !== 0xff || header[1] !== 0xd8 || header[2] !== 0xff) return 'kept as it came';
  const plan = planWithoutLocation(header);
  if (!plan) return 'header unreadable';
  if (plan.removed === 0) return 'kept as it came';
  /** @type {unknown} */
  const parsed = JSON.parse(await readFile(infoPath, 'utf8'));
  const info = /** @type {{ size: number, metadata?: Record<string, string> }} */ (parsed);
  if (!info.metadata || (await sha256Of(bytesPath)) !== info.metadata.sha256) return 'kept as it came';

  const temporary = keptCopyPath(folder, id);
  const hash = createHash('sha256');
  let size = 0;
  const count = async function* (/** @type {AsyncIterable<Buffer>} */ source) {
    for await (const chunk of source) {
      hash.update(chunk);
      size += chunk.length;
      yield chunk;
    }
  };
  try {
    const rest = async function* () {
      yield plan.kept;
      yield* createReadStream(bytesPath, { start: plan.scanAt, highWaterMark: 1024 * 1024 });
    };
    await pipeline(rest, count, createWriteStream(temporary));
    await fsyncPath(temporary);
    const kept = { ...info, size, metadata: { ...info.metadata, keptsha256: hash.digest('hex') } };
    await writeFile(`${temporary}.json`, JSON.stringify(kept));
    await fsyncPath(`${temporary}.json`);
    await rename(temporary, bytesPath);
    await rename(`${temporary}.json`, infoPath);
    await fsyncPath(folder);
  } finally {
    await rm(temporary, { force: true });
    await rm(`${temporary}.json`, { force: true });
  }
  return 'location removed';
}
