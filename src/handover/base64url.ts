/**
 * Base64url without padding (RFC 4648 §5), as the resume link carries its id and key. Decoding
 * is strict: only the alphabet, no padding, and only the one canonical spelling of the bytes
 * (unused low bits zero), so a link has exactly one form and a mangled one is refused.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** The bytes as base64url, unpadded. */
export function encodeBase64url(bytes: Uint8Array): string {
  let text = '';
  for (let index = 0; index < bytes.length; index += 3) {
    const chunk = ((bytes[index] ?? 0) << 16) | ((bytes[index + 1] ?? 0) << 8) | (bytes[index + 2] ?? 0);
    const characters = Math.min(4, Math.ceil(((bytes.length - index) * 8) / 6));
    for (let place = 0; place < characters; place += 1) text += ALPHABET.charAt((chunk >> (18 - 6 * place)) & 63);
  }
  return text;
}

/** The bytes of an unpadded, canonical base64url text; null for anything else. */
export function decodeBase64url(text: string): Uint8Array | null {
  if (!BASE64URL.test(text) || text.length % 4 === 1) return null;
  const bytes = new Uint8Array(Math.floor((text.length * 6) / 8));
  let buffer = 0;
  let bits = 0;
  let written = 0;
  for (const character of text) {
    buffer = ((buffer << 6) | ALPHABET.indexOf(character)) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[written] = (buffer >> bits) & 0xff;
      written += 1;
    }
  }
  // Leftover bits must be zero: "AB" and "AC" would otherwise both decode to the same byte.
  if ((buffer & ((1 << bits) - 1)) !== 0) return null;
  return bytes;
}
