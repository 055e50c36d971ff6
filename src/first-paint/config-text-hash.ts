/**
 * FNV-1a over the UTF-16 code units of the text, 32 bits, as 8 hex digits: the same in Node at
 * build time and in the inline script that holds Welcome (hold-for-config.ts), which has no Web
 * Crypto on a plain-HTTP origin. Not a defence against anyone: it tells a deployer's edit of
 * config.json from the build's file.
 */
export function configTextHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}
