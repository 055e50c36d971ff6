// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { NotAnImageError, prepareFile, type PreparingTools } from '../../../src/files/prepare-file';
import { sha256Of } from '../../../src/files/sha256-of';

const CANNOT_SHRINK: PreparingTools = { shrink: () => Promise.resolve({ ok: false, reason: 'unsupported' }), sha256: sha256Of };

describe('prepareFile', () => {
  it('keeps a photo made smaller under the SHA-256 of its new bytes, renamed for its new type, with its thumbnail', async () => {
    const tools: PreparingTools = {
      shrink: () =>
        Promise.resolve({
          ok: true,
          blob: new Blob(['jpeg'], { type: 'image/jpeg' }),
          type: 'image/jpeg',
          width: 2560,
          height: 1920,
          thumbnail: new Blob(['small']),
        }),
      sha256: sha256Of,
    };
    const file = await prepareFile({ file: new Blob(['heic bytes']), name: 'IMG_1.HEIC', type: 'image/heic', encodings: ['image/jpeg'], maxEdge: 2560 }, tools);
    expect(file).toMatchObject({ sha256: await sha256Of(new Blob(['jpeg'])), name: 'IMG_1.jpg', type: 'image/jpeg', size: 4, width: 2560, height: 1920 });
    expect(await file.thumbnail?.text()).toBe('small');
  });

  it('keeps a document, or a photo that cannot be made smaller, byte for byte and typed as judged, without a thumbnail', async () => {
    const file = await prepareFile(
      { file: new Blob(['ftypheic']), name: 'IMG_2.HEIC', type: 'image/heic', encodings: ['image/jpeg'], maxEdge: 2560 },
      CANNOT_SHRINK,
    );
    expect(file).toMatchObject({ name: 'IMG_2.HEIC', type: 'image/heic', size: 8, sha256: await sha256Of(new Blob(['ftypheic'])) });
    expect(file.blob?.type).toBe('image/heic');
    expect(file.thumbnail).toBeUndefined();
  });

  it('rejects when the bytes cannot be read (the file was deleted since it was chosen)', async () => {
    const gone = new Blob(['%PDF']);
    gone.slice = () => ({ arrayBuffer: () => Promise.reject(new DOMException('gone', 'NotFoundError')), size: 4 }) as unknown as Blob;
    await expect(prepareFile({ file: gone, name: 'gone.pdf', type: 'application/pdf', encodings: [], maxEdge: 2560 }, CANNOT_SHRINK)).rejects.toThrow();
  });

  it('rejects a file typed as a photo whose bytes are not one, and one that does not decode', async () => {
    const text = new Blob(['hello, not a photo']);
    await expect(
      prepareFile({ file: text, name: 'notes.jpg', type: 'image/jpeg', encodings: ['image/jpeg'], maxEdge: 2560 }, CANNOT_SHRINK),
    ).rejects.toBeInstanceOf(NotAnImageError);
    const broken = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])]);
    const undecodable: PreparingTools = { shrink: () => Promise.resolve({ ok: false, reason: 'undecodable' }), sha256: sha256Of };
    await expect(
      prepareFile({ file: broken, name: 'cut.png', type: 'image/png', encodings: ['image/png'], maxEdge: 2560 }, undecodable),
    ).rejects.toBeInstanceOf(NotAnImageError);
    // A HEIC the browser cannot decode is a photo all the same: kept as it is.
    await expect(
      prepareFile({ file: new Blob(['ftypheic']), name: 'IMG.HEIC', type: 'image/heic', encodings: ['image/jpeg'], maxEdge: 2560 }, undecodable),
    ).resolves.toMatchObject({ type: 'image/heic' });
  });

  describe('a JPEG within the edge, smaller as the camera encoded it', () => {
    /** A camera's JPEG: SOI, an XMP segment with a GPS latitude, a tiny scan, EOI. */
    const XMP = new TextEncoder().encode('http://ns.adobe.com/xap/1.0/\0GPS:48N');
    const CAMERA = new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0x00, XMP.length + 2, ...XMP, 0xff, 0xda, 0x00, 0x02, 0x11, 0x22, 0x33, 0xff, 0xd9]);
    const reEncoded = (size: number, unscaled = true): PreparingTools => ({
      shrink: () =>
        Promise.resolve({ ok: true, blob: new Blob([new Uint8Array(size)], { type: 'image/jpeg' }), type: 'image/jpeg', width: 1200, height: 900, unscaled }),
      sha256: sha256Of,
    });
    const request = { file: new Blob([CAMERA], { type: 'image/jpeg' }), name: 'room.jpg', type: 'image/jpeg', encodings: ['image/jpeg'], maxEdge: 2560 };

    it('is kept as it was, without its metadata, when that is the smaller', async () => {
      const file = await prepareFile(request, reEncoded(500));
      const kept = new Uint8Array(await file.blob!.arrayBuffer());
      expect(new TextDecoder('latin1').decode(kept)).not.toContain('GPS');
      expect(kept).toEqual(new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02, 0x11, 0x22, 0x33, 0xff, 0xd9]));
      expect(file).toMatchObject({ size: 11, type: 'image/jpeg', width: 1200, height: 900, sha256: await sha256Of(new Blob([kept])) });
    });

    it('is encoded anew when that is smaller, or when it had to be made smaller', async () => {
      expect((await prepareFile(request, reEncoded(8))).size).toBe(8);
      expect((await prepareFile(request, reEncoded(500, false))).size).toBe(500);
    });
  });
  describe('a PNG within the edge, smaller as it was made', () => {
    const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
    /** Length, type, data, CRC (not checked on the way through: chunks are copied whole). */
    const chunk = (type: string, data: string) => [0, 0, 0, data.length, ...new TextEncoder().encode(type), ...new TextEncoder().encode(data), 1, 2, 3, 4];
    const MADE = new Uint8Array([
      ...SIGNATURE,
      ...chunk('IHDR', 'ihdr-13-bytes'),
      ...chunk('tEXt', 'GPS\0at home'),
      ...chunk('IDAT', 'pixels'),
      ...chunk('IEND', ''),
    ]);
    const request = { file: new Blob([MADE], { type: 'image/png' }), name: 'screen.png', type: 'image/png', encodings: ['image/png'], maxEdge: 2560 };
    const reEncoded = (size: number): PreparingTools => ({
      shrink: () =>
        Promise.resolve({
          ok: true,
          blob: new Blob([new Uint8Array(size)], { type: 'image/png' }),
          type: 'image/png',
          width: 800,
          height: 600,
          unscaled: true,
        }),
      sha256: sha256Of,
    });

    it('is kept as it was, without its text, when that is the smaller', async () => {
      const file = await prepareFile(request, reEncoded(500));
      const kept = new Uint8Array(await file.blob!.arrayBuffer());
      expect(new TextDecoder('latin1').decode(kept)).not.toContain('GPS');
      expect(kept.length).toBe(MADE.length - chunk('tEXt', 'GPS\0at home').length);
      expect(file).toMatchObject({
        type: 'image/png',
        name: 'screen.png',
        size: kept.length,
        width: 800,
        height: 600,
        sha256: await sha256Of(new Blob([kept])),
      });
    });

    it('is encoded anew when that is smaller', async () => {
      expect((await prepareFile(request, reEncoded(8))).size).toBe(8);
    });
  });
});
