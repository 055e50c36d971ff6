// @vitest-environment node
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { stripPngMetadata } from '../../../src/files/strip-png-metadata';
import { pngChunk } from '../server/uploads/stored-upload-fixture';

const chunk = (type: string, data: Uint8Array | string) => pngChunk(type, typeof data === 'string' ? Buffer.from(data, 'latin1') : Buffer.from(data));

/** A real 40 × 30 PNG made by sharp, with `extra` chunks put before its first IDAT. */
async function pngWith(extra: Buffer[]): Promise<Buffer> {
  const made = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .png()
    .toBuffer();
  const firstIdat = made.indexOf(Buffer.from('IDAT', 'latin1')) - 4;
  return Buffer.concat([made.subarray(0, firstIdat), ...extra, made.subarray(firstIdat)]);
}

function chunkTypes(bytes: Uint8Array): string[] {
  const buffer = Buffer.from(bytes);
  const types: string[] = [];
  for (let at = 8; at + 8 <= buffer.length; at += 12 + buffer.readUInt32BE(at)) types.push(buffer.toString('latin1', at + 4, at + 8));
  return types;
}

const pixels = async (bytes: Uint8Array) => (await sharp(Buffer.from(bytes)).raw().toBuffer()).toString('base64');

describe('stripPngMetadata', () => {
  it('takes out text (XMP with a location), the time and private chunks, and not a pixel changes', async () => {
    const xmp = 'XML:com.adobe.xmp\0\0\0\0\0<x:xmpmeta><exif:GPSLatitude>48,51.3N</exif:GPSLatitude></x:xmpmeta>';
    const original = await pngWith([
      chunk('tEXt', 'Comment\0Taken at 12 Rue de Rivoli'),
      chunk('iTXt', xmp),
      chunk('tIME', new Uint8Array([0x07, 0xea, 12, 3, 9, 30, 0])),
      chunk('prVt', 'a phone maker says where'),
      chunk('pHYs', new Uint8Array([0, 0, 0x0b, 0x13, 0, 0, 0x0b, 0x13, 1])),
    ]);
    const stripped = stripPngMetadata(original);
    expect(stripped).toBeDefined();
    const text = Buffer.from(stripped ?? []).toString('latin1');
    expect(text).not.toContain('GPS');
    expect(text).not.toContain('Rivoli');
    expect(chunkTypes(stripped ?? new Uint8Array())).toEqual(expect.arrayContaining(['IHDR', 'pHYs', 'IDAT', 'IEND']));
    expect(chunkTypes(stripped ?? new Uint8Array()).filter((type) => ['tEXt', 'iTXt', 'tIME', 'prVt'].includes(type))).toEqual([]);
    expect(await pixels(stripped ?? new Uint8Array())).toBe(await pixels(original));
  });

  it("leaves an animation's default image, as the new encoding would", async () => {
    const original = await pngWith([chunk('acTL', new Uint8Array(8)), chunk('fcTL', new Uint8Array(26))]);
    expect(chunkTypes(stripPngMetadata(original) ?? new Uint8Array())).not.toContain('acTL');
  });

  it('cannot keep one with an eXIf chunk (its orientation would go), an unknown critical chunk, or bytes that are not a whole PNG', async () => {
    expect(stripPngMetadata(await pngWith([chunk('eXIf', 'MM\0*\0\0\0\x08\0\0')]))).toBeUndefined();
    expect(stripPngMetadata(await pngWith([chunk('ZZZZ', 'must be understood')]))).toBeUndefined();
    const whole = await pngWith([]);
    expect(stripPngMetadata(whole.subarray(0, whole.length - 6))).toBeUndefined();
    expect(stripPngMetadata(new TextEncoder().encode('not a png at all'))).toBeUndefined();
  });
});
