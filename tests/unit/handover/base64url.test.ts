// @vitest-environment node
import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { decodeBase64url, encodeBase64url } from '../../../src/handover/base64url';

describe('base64url', () => {
  it("encodes as Node's base64url does, and decodes back, for every length up to 40 bytes", () => {
    for (let length = 0; length <= 40; length += 1) {
      const bytes = crypto.getRandomValues(new Uint8Array(length));
      const text = encodeBase64url(bytes);
      expect(text).toBe(Buffer.from(bytes).toString('base64url'));
      expect(decodeBase64url(text)).toEqual(bytes);
    }
  });

  it('refuses padding, characters outside the alphabet, impossible lengths and non-canonical spellings', () => {
    for (const text of ['AA==', 'AA=', 'A+B/', 'AB C', 'A', 'AAAAA', 'AB', 'AAB', 'é']) expect(decodeBase64url(text)).toBeNull();
    expect(decodeBase64url('AA')).toEqual(new Uint8Array([0]));
    expect(decodeBase64url('')).toEqual(new Uint8Array([]));
  });
});
