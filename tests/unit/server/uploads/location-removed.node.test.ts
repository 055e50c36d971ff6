// @vitest-environment node
// No location is kept, whoever sent the photo: a JPEG uploaded straight to the receiver, EXIF GPS
// and XMP included, is kept without its EXIF and XMP segments once complete (byte level, nothing
// decoded, every byte of the image itself unchanged), its orientation kept alone, and the SHA-256 of
// what is kept recorded beside the declared one; the application naming it by the declared hash is
// taken and bound with the hash of the bytes kept.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../../../../server/store/schema.mjs';
import { openPgliteStore } from '../../../../server/store/pglite-store.mjs';
import { createFileChecks } from '../../../../server/applications/named-files-checks.mjs';
import { imageDimensions } from '../../../../server/uploads/image-dimensions.mjs';
import { exifOrientation, planWithoutLocation } from '../../../../server/uploads/jpeg-location.mjs';
import { readStoredUpload } from '../../../../server/uploads/stored-uploads.mjs';
import { createUpload, FILE_FIELDS, patchUpload, startUploadsReceiver, type UploadsReceiver } from '../../../support/uploads-receiver';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function segment(type: number, payload: Buffer): Buffer {
  const head = Buffer.from([0xff, type, 0, 0]);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

/** EXIF (little-endian TIFF) with an orientation and a GPS IFD whose latitude reference spells a marker. */
function exif(orientation: number): Buffer {
  const tiff = Buffer.alloc(80);
  tiff.write('II*\0', 0, 'latin1');
  tiff.writeUInt32LE(8, 4);
  tiff.writeUInt16LE(2, 8);
  tiff.writeUInt16LE(0x0112, 10);
  tiff.writeUInt16LE(3, 12);
  tiff.writeUInt32LE(1, 14);
  tiff.writeUInt16LE(orientation, 18);
  tiff.writeUInt16LE(0x8825, 22);
  tiff.writeUInt16LE(4, 24);
  tiff.writeUInt32LE(1, 26);
  tiff.writeUInt32LE(40, 30);
  tiff.writeUInt32LE(0, 34);
  tiff.write('GPS-SECRET-48.8566N', 44, 'latin1');
  return segment(0xe1, Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]));
}

const xmp = segment(0xe1, Buffer.from('http://ns.adobe.com/xap/1.0/\0<x:xmpmeta><exif:GPSLatitude>XMP-SECRET</exif:GPSLatitude></x:xmpmeta>', 'latin1'));
const jfif = segment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1'));
const icc = segment(0xe2, Buffer.concat([Buffer.from('ICC_PROFILE\0\x01\x01', 'latin1'), randomBytes(500)]));
const frame = segment(0xc0, Buffer.from([8, 0x0b, 0xb8, 0x0f, 0xa0, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]));
const scan = Buffer.concat([
  segment(0xda, Buffer.from([3, 1, 0, 2, 0x11, 3, 0x11, 0, 0x3f, 0])),
  randomBytes(20_000).map((byte) => (byte === 0xff ? 0 : byte)),
  Buffer.from([0xff, 0xd9]),
]);

function photo(orientation = 6): Buffer {
  return Buffer.concat([Buffer.from([0xff, 0xd8]), jfif, exif(orientation), xmp, icc, frame, scan]);
}

function withoutLocation(bytes: Buffer): Buffer {
  const plan = planWithoutLocation(bytes);
  if (!plan) throw new Error('not walked');
  return Buffer.concat([plan.kept, bytes.subarray(plan.scanAt)]);
}

describe("a JPEG's header without location", () => {
  it('drops EXIF and XMP whole, keeps every other segment and every byte of the image, and the orientation alone', () => {
    const kept = withoutLocation(photo(6));
    const text = kept.toString('latin1');
    expect(text).not.toContain('GPS-SECRET');
    expect(text).not.toContain('XMP-SECRET');
    expect(text).not.toContain('ns.adobe.com');
    expect(kept.includes(jfif)).toBe(true);
    expect(kept.includes(icc)).toBe(true);
    expect(kept.includes(frame)).toBe(true);
    expect(kept.subarray(kept.length - scan.length).equals(scan)).toBe(true);
    // One EXIF segment is left, of the orientation alone, where the first EXIF was.
    const exifAt = text.indexOf('Exif\0\0');
    expect(exifAt).toBe(2 + jfif.length + 4);
    expect(exifOrientation(kept.subarray(exifAt))).toBe(6);
    expect(text.indexOf('Exif\0\0', exifAt + 1)).toBe(-1);
  });

  it('keeps no EXIF at all when the photo is upright, and changes nothing in a JPEG without either', () => {
    expect(withoutLocation(photo(1)).toString('latin1')).not.toContain('Exif');
    const plain = Buffer.concat([Buffer.from([0xff, 0xd8]), jfif, icc, frame, scan]);
    expect(planWithoutLocation(plain)?.removed).toBe(0);
    expect(withoutLocation(plain).equals(plain)).toBe(true);
    expect(planWithoutLocation(Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0xff, 0xff]))).toBeNull();
  });
});

describe('a photo uploaded straight to the receiver', () => {
  const started: UploadsReceiver[] = [];
  const folders: string[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((receiver) => receiver.stop()));
    await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
  });

  it('is kept without its location once complete, recording the hash kept, and an application naming it by the declared hash binds it', async () => {
    const receiver = await startUploadsReceiver();
    started.push(receiver);
    const bytes = photo(6);
    const made = await createUpload(`${receiver.url}${receiver.uploadsPath}`, bytes);
    expect(made.status).toBe(201);
    const uploadUrl = new URL(String(made.headers.location), receiver.url).href;
    const id = uploadUrl.split('/').at(-1) ?? '';
    // In two chunks, as the page sends a large photo.
    expect((await patchUpload(uploadUrl, 0, bytes.subarray(0, 1000))).status).toBe(204);
    expect((await patchUpload(uploadUrl, 1000, bytes.subarray(1000))).status).toBe(204);

    const kept = await readFile(join(receiver.uploadsFolder, id));
    expect(kept.equals(withoutLocation(bytes))).toBe(true);
    const stored = await readStoredUpload(receiver.uploadsFolder, id);
    expect(stored).toMatchObject({ size: kept.length, offset: kept.length, metadata: { sha256: sha256(bytes), keptSha256: sha256(kept) } });
    const head = await open(join(receiver.uploadsFolder, id), 'r');
    try {
      expect(await imageDimensions(head, 'image/jpeg')).toEqual({ width: 4000, height: 3000 });
    } finally {
      await head.close();
    }

    const dataDir = await mkdtemp(join(tmpdir(), 'location-removed-'));
    folders.push(dataDir);
    const store = await openPgliteStore(join(dataDir, 'db'));
    try {
      await migrate(store);
      const checks = createFileChecks({ store, folder: receiver.uploadsFolder, fileFields: () => FILE_FIELDS });
      const checked = await checks({ files: [{ key: 'roomPhotos', uploadId: id, sha256: sha256(bytes) }] }, 'app-1');
      expect(checked.issues).toEqual([]);
      expect(checked.files).toEqual([
        expect.objectContaining({ uploadId: id, sha256: sha256(kept), size: kept.length, type: 'image/jpeg', width: 4000, height: 3000 }),
      ]);
      // Another hash than the declared one is still not this file.
      expect((await checks({ files: [{ key: 'roomPhotos', uploadId: id, sha256: sha256(kept) }] }, 'app-2')).issues).toEqual([
        expect.objectContaining({ rule: 'file-not-own' }),
      ]);
    } finally {
      await store.close();
    }
  });

  it('is kept as it came when its bytes are not the ones declared (the application naming it is refused by its hash)', async () => {
    const receiver = await startUploadsReceiver();
    started.push(receiver);
    const bytes = photo(6);
    const liar = await createUpload(`${receiver.url}${receiver.uploadsPath}`, Buffer.from('other'), { length: String(bytes.length) });
    const uploadUrl = new URL(String(liar.headers.location), receiver.url).href;
    expect((await patchUpload(uploadUrl, 0, bytes)).status).toBe(204);
    expect((await readFile(join(receiver.uploadsFolder, uploadUrl.split('/').at(-1) ?? ''))).equals(bytes)).toBe(true);
  });
});
