// The files of the files benchmark (measure-files.mjs), made afresh each run: six 12-megapixel
// photos (4000 × 3000 JPEGs of about 4.5 MB, as a phone's camera writes them, with EXIF naming the
// camera and a GPS position) and a 20 MiB PDF. The photos are smooth colour fields under fine
// grain, so they compress like photographs rather than like flat colour (a blank JPEG would be a
// few kilobytes) or white noise (three times a photo's size); each is different, so each has its
// own SHA-256 and is uploaded on its own. The PDF's page content is random bytes: nothing on the
// way can compress it, which keeps the bytes-sent count honest.
import { Buffer } from 'node:buffer';
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';

export const PHOTO_WIDTH = 4000;
export const PHOTO_HEIGHT = 3000;
export const PHOTO_COUNT = 6;
export const PDF_BYTES = 20 * 1024 * 1024;

/** What a phone writes into a photo: the camera, the time, and where it was taken. */
const CAMERA_EXIF = Object.freeze({
  IFD0: { Make: 'Benchmark', Model: 'Phone 12MP', Software: 'Camera 1.0', DateTime: '2026:11:27 10:00:00' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '45/1 31/1 1200/100', GPSLongitudeRef: 'W', GPSLongitude: '122/1 40/1 3000/100' },
});

/** A PDF of one page whose content stream is `bytes` long in all, random bytes, a valid file's structure around them. */
function pdfOf(/** @type {number} */ bytes) {
  const head = Buffer.from(
    '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>\nendobj\n',
    'latin1',
  );
  const tail = (/** @type {number} */ streamAt) =>
    Buffer.from(
      `\nendstream\nendobj\nxref\n0 5\n0000000000 65535 f \n0000000015 00000 n \n0000000064 00000 n \n0000000121 00000 n \n${String(streamAt).padStart(10, '0')} 00000 n \ntrailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${String(streamAt)}\n%%EOF\n`,
      'latin1',
    );
  const streamAt = head.length;
  // The stream's own header names its length, which depends on the digits of that length: close enough to fix it in two passes.
  let length = bytes - head.length - 200;
  const streamHead = () => Buffer.from(`4 0 obj\n<< /Length ${String(length)} >>\nstream\n`, 'latin1');
  length = bytes - head.length - streamHead().length - tail(streamAt).length;
  return Buffer.concat([head, streamHead(), randomBytes(length), tail(streamAt)]);
}

/**
 * Writes the files into `folder`.
 * @returns {Promise<{ photos: string[], pdf: string, photoBytes: number[], pdfBytes: number }>}
 */
export async function makeFileFixtures(/** @type {string} */ folder) {
  const pixels = PHOTO_WIDTH * PHOTO_HEIGHT * 3;
  // One layer of grain for all six (making it is the slow part); the colour fields differ.
  const grain = await sharp({
    create: { width: PHOTO_WIDTH, height: PHOTO_HEIGHT, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 12 } },
  })
    .raw()
    .toBuffer();
  if (grain.length !== pixels) throw new Error('unexpected grain size');
  /** @type {string[]} */
  const photos = [];
  /** @type {number[]} */
  const photoBytes = [];
  for (let index = 0; index < PHOTO_COUNT; index += 1) {
    const field = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
      .raw()
      .toBuffer();
    const jpeg = await sharp(field, { raw: { width: 400, height: 300, channels: 3 } })
      .resize(PHOTO_WIDTH, PHOTO_HEIGHT, { kernel: 'cubic' })
      .composite([{ input: grain, raw: { width: PHOTO_WIDTH, height: PHOTO_HEIGHT, channels: 3 }, blend: 'overlay' }])
      .jpeg({ quality: 90 })
      .withExif(CAMERA_EXIF)
      .toBuffer();
    const path = join(folder, `room-${String(index + 1)}.jpg`);
    await writeFile(path, jpeg);
    photos.push(path);
    photoBytes.push(jpeg.length);
  }
  const pdf = join(folder, 'media-kit.pdf');
  const pdfBytes = pdfOf(PDF_BYTES);
  await writeFile(pdf, pdfBytes);
  return { photos, pdf, photoBytes, pdfBytes: pdfBytes.length };
}
