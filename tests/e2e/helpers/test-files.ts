import { createHash, randomBytes } from 'node:crypto';
import sharp from 'sharp';

// Real files a creator would choose, made by the test: a camera's JPEG with its location in EXIF,
// a screenshot's PNG, and a PDF with a page and a large stream.

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The bytes of EXIF's GPS position (48°51′N 2°21′E), as a phone writes them: IFD0 → GPS IFD. */
function exifWithGps(): Buffer {
  const tiff = Buffer.alloc(8 + 2 + 12 + 4 + 2 + 2 * 12 + 4 + 24);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  // IFD0: one entry, GPSInfo (0x8825, LONG) pointing at the GPS IFD.
  const gpsIfd = 8 + 2 + 12 + 4;
  tiff.writeUInt16BE(1, 8);
  tiff.writeUInt16BE(0x8825, 10);
  tiff.writeUInt16BE(4, 12);
  tiff.writeUInt32BE(1, 14);
  tiff.writeUInt32BE(gpsIfd, 18);
  tiff.writeUInt32BE(0, 22);
  // GPS IFD: GPSLatitudeRef "N", GPSLatitude 48/1 51/1 0/1.
  const rationals = gpsIfd + 2 + 2 * 12 + 4;
  tiff.writeUInt16BE(2, gpsIfd);
  tiff.writeUInt16BE(0x0001, gpsIfd + 2);
  tiff.writeUInt16BE(2, gpsIfd + 4);
  tiff.writeUInt32BE(2, gpsIfd + 6);
  tiff.write('N\0', gpsIfd + 10, 'latin1');
  tiff.writeUInt16BE(0x0002, gpsIfd + 14);
  tiff.writeUInt16BE(5, gpsIfd + 16);
  tiff.writeUInt32BE(3, gpsIfd + 18);
  tiff.writeUInt32BE(rationals, gpsIfd + 22);
  tiff.writeUInt32BE(0, gpsIfd + 26);
  [48, 1, 51, 1, 0, 1].forEach((value, index) => tiff.writeUInt32BE(value, rationals + 4 * index));
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const header = Buffer.alloc(4);
  header.writeUInt16BE(0xffe1, 0);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([header, payload]);
}

/** Whether JPEG bytes carry an EXIF block (the only place a JPEG keeps a GPS position). */
export function hasExif(jpeg: Uint8Array): boolean {
  return Buffer.from(jpeg).includes(Buffer.from('Exif\0\0', 'latin1'));
}

/** A camera's photo: a JPEG of `width` × `height` pixels (a gradient with noise) with its GPS position in EXIF. */
export async function cameraJpeg(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  const noise = randomBytes(4096);
  for (let index = 0; index < pixels.length; index += 1) pixels[index] = ((index % (width * 3)) / 12 + (noise[index % 4096] ?? 0) / 8) & 0xff;
  const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
  // Right after the SOI marker, where a camera puts its APP1.
  return Buffer.concat([jpeg.subarray(0, 2), exifWithGps(), jpeg.subarray(2)]);
}

/** A screenshot: a PNG of `width` × `height` pixels. */
export async function screenshotPng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .png()
    .toBuffer();
}

/** A one-page PDF of about `bytes` bytes: its page draws nothing, a binary stream object makes up the size. */
export function pdfOf(bytes: number): Buffer {
  const parts: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  const add = (part: Buffer | string) => {
    const buffer = typeof part === 'string' ? Buffer.from(part, 'latin1') : part;
    parts.push(buffer);
    length += buffer.length;
  };
  add('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n');
  const object = (body: Buffer | string, prefix = '') => {
    offsets.push(length);
    add(`${String(offsets.length)} 0 obj\n${prefix}`);
    add(body);
    add('\nendobj\n');
  };
  object('<< /Type /Catalog /Pages 2 0 R >>');
  object('<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  object('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Im1 4 0 R >> >> >>');
  const stream = randomBytes(Math.max(0, bytes - 600));
  object(
    Buffer.concat([Buffer.from('stream\n', 'latin1'), stream, Buffer.from('\nendstream', 'latin1')]),
    `<< /Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8 /Length ${String(stream.length)} >>\n`,
  );
  const xref = length;
  add(`xref\n0 ${String(offsets.length + 1)}\n0000000000 65535 f \n`);
  for (const offset of offsets) add(`${String(offset).padStart(10, '0')} 00000 n \n`);
  add(`trailer\n<< /Size ${String(offsets.length + 1)} /Root 1 0 R >>\nstartxref\n${String(xref)}\n%%EOF\n`);
  return Buffer.concat(parts);
}

/** A Linux executable's first bytes (an ELF header) and some code: what a renamed program looks like. */
export function executable(): Buffer {
  const header = Buffer.from('7f454c460201010000000000000000000200' + '3e0001000000', 'hex');
  return Buffer.concat([header, randomBytes(20_000)]);
}
