// Uploads for the receiver's files tests, made as the tus endpoint makes them: @tus/file-store's
// FileStore writing <folder>/<id> and <folder>/<id>.json, so the tests read what production reads.
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { crc32, deflateSync } from 'node:zlib';
import { FileStore } from '@tus/file-store';
import { Upload } from '@tus/utils';

export function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Creates an upload of `declared` bytes (default: all of them) and writes `bytes` into it. */
export async function storeUpload(
  folder: string,
  bytes: Buffer,
  metadata: { filename?: string; filetype: string; field: string; sha256?: string },
  { declared = bytes.length }: { declared?: number } = {},
): Promise<{ id: string; sha256: string }> {
  const store = new FileStore({ directory: folder });
  const id = randomBytes(16).toString('hex');
  const hash = metadata.sha256 ?? sha256(bytes);
  await store.create(
    new Upload({
      id,
      size: declared,
      offset: 0,
      metadata: { filename: metadata.filename ?? 'file', filetype: metadata.filetype, sha256: hash, field: metadata.field },
    }),
  );
  if (bytes.length > 0) await store.write(Readable.from([bytes]), id, 0);
  return { id, sha256: hash };
}

/** One PNG chunk: its length, type, data, and the CRC of type and data. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A real (grey) PNG of width × height. */
export function png(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const rows = Buffer.alloc((width + 1) * height, 0x80);
  for (let row = 0; row < height; row += 1) rows[row * (width + 1)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A JPEG's header as a camera writes one: SOI, an EXIF segment of `exifBytes`, a baseline frame of width × height. */
export function jpeg(width: number, height: number, exifBytes = 200): Buffer {
  const exif = Buffer.alloc(4 + exifBytes);
  exif.writeUInt16BE(0xffe1, 0);
  exif.writeUInt16BE(exifBytes + 2, 2);
  exif.write('Exif\0\0', 4, 'latin1');
  const frame = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), exif, frame, Buffer.from([0xff, 0xd9])]);
}

/** A Windows executable's first bytes (the MZ header and its DOS stub), padded. */
export function exe(): Buffer {
  const bytes = Buffer.alloc(4096, 0);
  bytes.write('MZ', 0, 'latin1');
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write('This program cannot be run in DOS mode.', 0x4e, 'latin1');
  bytes.write('PE\0\0', 0x80, 'latin1');
  return bytes;
}
