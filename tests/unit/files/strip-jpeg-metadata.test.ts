// @vitest-environment node
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { stripJpegMetadata } from '../../../src/files/strip-jpeg-metadata';

const latin1 = (text: string) => Buffer.from(text, 'latin1');

/** A segment: its marker, its length, its payload. */
function segment(marker: number, payload: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(0xff00 | marker, 0);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

/** EXIF (big-endian) whose IFD0 names an orientation and a GPS IFD with a latitude "N". */
function exif(orientation: number): Buffer {
  const tiff = Buffer.alloc(8 + 2 + 2 * 12 + 4 + 2 + 12 + 4);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  tiff.writeUInt16BE(2, 8);
  tiff.writeUInt16BE(0x0112, 10);
  tiff.writeUInt16BE(3, 12);
  tiff.writeUInt32BE(1, 14);
  tiff.writeUInt16BE(orientation, 18);
  const gps = 8 + 2 + 2 * 12 + 4;
  tiff.writeUInt16BE(0x8825, 22);
  tiff.writeUInt16BE(4, 24);
  tiff.writeUInt32BE(1, 26);
  tiff.writeUInt32BE(gps, 30);
  tiff.writeUInt16BE(1, gps);
  tiff.writeUInt16BE(0x0001, gps + 2);
  tiff.writeUInt16BE(2, gps + 4);
  tiff.writeUInt32BE(2, gps + 6);
  tiff.write('N\0', gps + 10, 'latin1');
  return segment(0xe1, Buffer.concat([latin1('Exif\0\0'), tiff]));
}

async function cameraJpeg(orientation = 1): Promise<Buffer> {
  const plain = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
  const xmp = segment(0xe1, latin1('http://ns.adobe.com/xap/1.0/\0<x:xmpmeta><exif:GPSLatitude>48,51N</exif:GPSLatitude></x:xmpmeta>'));
  const iptc = segment(0xed, latin1('Photoshop 3.0\0 8BIM city: Paris'));
  const comment = segment(0xfe, latin1('taken at 12 Analytical Row'));
  // After SOI (and sharp's own JFIF APP0), where a camera writes them.
  return Buffer.concat([plain.subarray(0, 2), exif(orientation), xmp, iptc, comment, plain.subarray(2)]);
}

describe('stripJpegMetadata', () => {
  it('takes out EXIF (with its GPS), XMP, IPTC and comments, and the photo still decodes to the same pixels', async () => {
    const jpeg = await cameraJpeg();
    expect(jpeg.includes(latin1('Exif\0\0'))).toBe(true);
    const stripped = stripJpegMetadata(new Uint8Array(jpeg));
    expect(stripped).not.toBeNull();
    const bytes = Buffer.from(stripped!.bytes);
    for (const trace of ['Exif\0\0', 'xmpmeta', 'GPSLatitude', 'Photoshop', 'Paris', 'Analytical Row']) expect(bytes.includes(latin1(trace))).toBe(false);
    expect(bytes.length).toBeLessThan(jpeg.length);
    expect(stripped!.orientation).toBe(1);
    const [before, after] = await Promise.all([sharp(jpeg).raw().toBuffer(), sharp(bytes).raw().toBuffer()]);
    expect(after.equals(before)).toBe(true);
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();
  });

  it('keeps what decoding needs: JFIF and the ICC profile', async () => {
    const withProfile = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#369' } })
      .withMetadata({ icc: 'p3' })
      .jpeg()
      .toBuffer();
    const bytes = Buffer.from(stripJpegMetadata(new Uint8Array(withProfile))!.bytes);
    expect(bytes.includes(latin1('ICC_PROFILE\0'))).toBe(true);
    expect((await sharp(bytes).metadata()).icc).toBeDefined();
  });

  it('reports the orientation the EXIF named, which goes with it', async () => {
    expect(stripJpegMetadata(new Uint8Array(await cameraJpeg(6)))?.orientation).toBe(6);
  });

  it('gives up on bytes it cannot walk: not a JPEG, cut before its picture, a segment longer than the file', async () => {
    expect(stripJpegMetadata(new Uint8Array(latin1('hello')))).toBeNull();
    const jpeg = await cameraJpeg();
    expect(stripJpegMetadata(new Uint8Array(jpeg.subarray(0, 30)))).toBeNull();
    const lying = Buffer.concat([latin1('\xff\xd8'), Buffer.from([0xff, 0xe1, 0xff, 0xff]), latin1('Exif')]);
    expect(stripJpegMetadata(new Uint8Array(lying))).toBeNull();
  });
});
