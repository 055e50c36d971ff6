// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { startsAsImage } from '../../../src/files/image-signature';

const bytes = (...values: number[]) => new Uint8Array(values);
const text = (value: string) => new TextEncoder().encode(value);

describe('startsAsImage', () => {
  it('takes the first bytes of a JPEG, a PNG, a WebP and a GIF', () => {
    expect(startsAsImage('image/jpeg', bytes(0xff, 0xd8, 0xff, 0xe1))).toBe(true);
    expect(startsAsImage('image/png', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe(true);
    expect(startsAsImage('image/webp', text('RIFF\u0001\u0002\u0003\u0004WEBPVP8 '))).toBe(true);
    expect(startsAsImage('image/gif', text('GIF89a'))).toBe(true);
    // A PNG named .jpg is a photo still: the page re-encodes it.
    expect(startsAsImage('image/jpeg', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe(true);
  });

  it('refuses text, a program or nothing typed as a photo by its name', () => {
    expect(startsAsImage('image/jpeg', text('Dear team, here are my notes'))).toBe(false);
    expect(startsAsImage('image/png', text('MZ\u0090\u0000'))).toBe(false);
    expect(startsAsImage('image/webp', text('RIFF\u0001\u0002\u0003\u0004WAVE'))).toBe(false);
    expect(startsAsImage('image/jpeg', bytes())).toBe(false);
  });

  it('leaves other types to the receiver (a HEIC, a PDF)', () => {
    expect(startsAsImage('image/heic', text('anything'))).toBe(true);
    expect(startsAsImage('application/pdf', text('%PDF-1.7'))).toBe(true);
  });
});
