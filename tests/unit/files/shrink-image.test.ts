// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { shrinkImage, type DrawingSurface, type Painter } from '../../../src/files/shrink-image';

/** A browser that decodes any blob as a photo of `width`×`height` and encodes the types in `encodes` (else PNG, as browsers do). */
function fakePainter(width: number, height: number, encodes: readonly string[] = ['image/jpeg', 'image/png', 'image/webp']) {
  const drawn: Array<{ width: number; height: number }> = [];
  const encoded: Array<{ type: string; quality?: number }> = [];
  const close = vi.fn();
  const painter: Painter = {
    decode: (blob) =>
      blob.type === 'image/heic' ? Promise.reject(new DOMException('cannot decode', 'InvalidStateError')) : Promise.resolve({ width, height, close }),
    surface: (surfaceWidth, surfaceHeight): DrawingSurface => ({
      getContext: () => ({
        fillStyle: '',
        imageSmoothingEnabled: false,
        imageSmoothingQuality: 'low',
        fillRect: () => undefined,
        drawImage: () => {
          drawn.push({ width: surfaceWidth, height: surfaceHeight });
        },
      }),
      convertToBlob: (options) => {
        encoded.push(options);
        const type = encodes.includes(options.type) ? options.type : 'image/png';
        return Promise.resolve(new Blob(['pixels'], { type }));
      },
    }),
  };
  return { painter, drawn, encoded, close };
}

const photo = new Blob(['exif+gps+pixels'], { type: 'image/jpeg' });

describe('shrinkImage', () => {
  it('draws a phone photo at 2560 on its longest edge and encodes it anew as JPEG at 0.88', async () => {
    const browser = fakePainter(4032, 3024);
    const result = await shrinkImage({ blob: photo, encodings: ['image/jpeg'], maxEdge: 2560 }, browser.painter);
    expect(result).toMatchObject({ ok: true, type: 'image/jpeg', width: 2560, height: 1920 });
    expect(browser.drawn).toEqual([{ width: 2560, height: 1920 }]);
    expect(browser.encoded).toEqual([{ type: 'image/jpeg', quality: 0.88 }]);
    // The new bytes, not the chosen ones: the metadata stays behind.
    expect(result.ok && result.blob).not.toBe(photo);
    expect(browser.close).toHaveBeenCalled();
  });

  it('draws a thumbnail from the same decoding when asked: 168 px on its shortest edge, JPEG at 0.8', async () => {
    const browser = fakePainter(4032, 3024);
    const result = await shrinkImage({ blob: photo, encodings: ['image/png'], maxEdge: 2560, thumbnailEdge: 168 }, browser.painter);
    expect(result).toMatchObject({ ok: true, type: 'image/png', width: 2560, height: 1920 });
    expect(result.ok && result.thumbnail).toBeInstanceOf(Blob);
    expect(browser.drawn).toEqual([
      { width: 2560, height: 1920 },
      { width: 224, height: 168 },
    ]);
    expect(browser.encoded).toEqual([{ type: 'image/png' }, { type: 'image/jpeg', quality: 0.8 }]);
    expect(browser.close).toHaveBeenCalledTimes(1);
  });

  it('keeps the photo without a thumbnail when the thumbnail cannot be encoded', async () => {
    const browser = fakePainter(1000, 800);
    const painter = {
      ...browser.painter,
      surface: (width: number, height: number) => {
        const surface = browser.painter.surface(width, height);
        return width < 500 ? { ...surface, convertToBlob: () => Promise.reject(new DOMException('no memory', 'EncodingError')) } : surface;
      },
    };
    const result = await shrinkImage({ blob: photo, encodings: ['image/jpeg'], maxEdge: 2560, thumbnailEdge: 168 }, painter);
    expect(result).toMatchObject({ ok: true, width: 1000, height: 800 });
    expect(result.ok && result.thumbnail).toBeUndefined();
  });

  it('re-encodes a photo already small enough, at its own size', async () => {
    const browser = fakePainter(800, 600);
    const result = await shrinkImage({ blob: photo, encodings: ['image/png'], maxEdge: 2560 }, browser.painter);
    expect(result).toMatchObject({ ok: true, type: 'image/png', width: 800, height: 600 });
    expect(browser.encoded).toEqual([{ type: 'image/png' }]);
  });

  it('falls to the next type when the browser cannot encode WebP', async () => {
    const browser = fakePainter(1000, 1000, ['image/jpeg', 'image/png']);
    const result = await shrinkImage({ blob: photo, encodings: ['image/webp', 'image/jpeg'], maxEdge: 2560 }, browser.painter);
    expect(result).toMatchObject({ ok: true, type: 'image/jpeg' });
    expect(browser.encoded.map((options) => options.type)).toEqual(['image/webp', 'image/jpeg']);
  });

  it('says why the original is kept: a HEIC it cannot decode, no encoder, no OffscreenCanvas', async () => {
    const heic = new Blob(['ftypheic'], { type: 'image/heic' });
    expect(await shrinkImage({ blob: heic, encodings: ['image/jpeg'], maxEdge: 2560 }, fakePainter(10, 10).painter)).toEqual({
      ok: false,
      reason: 'undecodable',
    });
    expect(await shrinkImage({ blob: photo, encodings: ['image/webp'], maxEdge: 2560 }, fakePainter(10, 10, []).painter)).toEqual({
      ok: false,
      reason: 'unsupported',
    });
    expect(await shrinkImage({ blob: photo, encodings: ['image/jpeg'], maxEdge: 2560 }, undefined)).toEqual({ ok: false, reason: 'unsupported' });
  });
});
