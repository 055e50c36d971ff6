// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { fittedSize, nameForType, SHRINK_INPUT_LIMIT_BYTES, shrinkEncodings, thumbnailSize } from '../../../src/files/shrink-plan';

describe('shrinkEncodings', () => {
  const photos = ['image/*'];
  it('re-encodes JPEG, PNG and WebP as themselves, however small (to leave their metadata behind)', () => {
    expect(shrinkEncodings('image/jpeg', 20_000, photos)).toEqual(['image/jpeg']);
    expect(shrinkEncodings('image/png', 300, photos)).toEqual(['image/png']);
    expect(shrinkEncodings('image/webp', 300, photos)).toEqual(['image/webp', 'image/jpeg', 'image/png']);
    expect(shrinkEncodings('image/webp', 300, ['image/webp', 'image/jpeg'])).toEqual(['image/webp', 'image/jpeg']);
  });

  it('turns HEIC into JPEG only where the field takes JPEG', () => {
    expect(shrinkEncodings('image/heic', 3_000_000, photos)).toEqual(['image/jpeg']);
    expect(shrinkEncodings('image/heic', 3_000_000, ['image/heic'])).toEqual([]);
  });

  it('keeps documents, GIFs, empty files and giant images byte for byte', () => {
    expect(shrinkEncodings('application/pdf', 1_000, ['application/pdf'])).toEqual([]);
    expect(shrinkEncodings('image/gif', 1_000, photos)).toEqual([]);
    expect(shrinkEncodings('image/jpeg', 0, photos)).toEqual([]);
    expect(shrinkEncodings('image/jpeg', SHRINK_INPUT_LIMIT_BYTES + 1, photos)).toEqual([]);
  });
});

describe('fittedSize', () => {
  it('brings the longest edge down to maxEdge, keeping the proportions', () => {
    expect(fittedSize(4032, 3024, 2560)).toEqual({ width: 2560, height: 1920 });
    expect(fittedSize(3024, 4032, 2560)).toEqual({ width: 1920, height: 2560 });
    expect(fittedSize(10_000, 10, 320)).toEqual({ width: 320, height: 1 });
  });

  it('never makes a photo larger', () => {
    expect(fittedSize(800, 600, 2560)).toEqual({ width: 800, height: 600 });
  });
});

describe('nameForType', () => {
  it('names a converted photo after its new type', () => {
    expect(nameForType('IMG_0001.HEIC', 'image/heic', 'image/jpeg')).toBe('IMG_0001.jpg');
    expect(nameForType('room.webp', 'image/webp', 'image/png')).toBe('room.png');
    expect(nameForType('room.jpg', 'image/jpeg', 'image/jpeg')).toBe('room.jpg');
  });
});

describe('thumbnailSize', () => {
  it('draws a thumbnail 168 px on its shortest edge, its proportions kept, and never larger than the photo', () => {
    expect(thumbnailSize(2560, 1920)).toEqual({ width: 224, height: 168 });
    expect(thumbnailSize(1920, 2560)).toEqual({ width: 168, height: 224 });
    expect(thumbnailSize(100, 80)).toEqual({ width: 100, height: 80 });
    expect(thumbnailSize(10_000, 1_000)).toEqual({ width: 1680, height: 168 });
  });
});
