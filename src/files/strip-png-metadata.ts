/**
 * A PNG's bytes without what may say where, when or by whom it was made, removed at the byte level
 * (no decoding, so not a pixel changes): every chunk but the image's own and those a decoder needs
 * to show the same colours. Text chunks (tEXt, zTXt, iTXt, where XMP and its location live), the
 * time (tIME), and any private chunk go; an animation's frames (acTL, fcTL, fdAT) go too, leaving
 * its default image, as the page's new encoding would. Used to keep a PNG as it was made when that
 * is smaller than the page's new encoding, as strip-jpeg-metadata.ts does for a JPEG. Pure.
 *
 * Undefined when it cannot be kept so: the bytes are not a whole PNG, a chunk's length runs past
 * the end, an unknown chunk is critical (a decoder must understand it), or an eXIf chunk is there,
 * whose orientation the page's decoder applies and which would be lost with it.
 */

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** The image itself, and what changes how it is drawn: palette, transparency, colour space, pixel size. */
const KEPT = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND', 'tRNS', 'gAMA', 'cHRM', 'sRGB', 'iCCP', 'sBIT', 'bKGD', 'pHYs', 'cICP', 'mDCV', 'cLLI']);

function chunkType(bytes: Uint8Array, at: number): string {
  return String.fromCharCode(bytes[at] ?? 0, bytes[at + 1] ?? 0, bytes[at + 2] ?? 0, bytes[at + 3] ?? 0);
}

/** Whether a chunk type's first letter is upper case: critical, which a decoder may not skip. */
function isCritical(type: string): boolean {
  return type.charCodeAt(0) < 0x61;
}

export function stripPngMetadata(bytes: Uint8Array): Uint8Array<ArrayBuffer> | undefined {
  if (bytes.length < SIGNATURE.length || !SIGNATURE.every((byte, index) => bytes[index] === byte)) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const kept: Array<[number, number]> = [];
  let at = SIGNATURE.length;
  for (;;) {
    // Length, type, data, CRC: 12 bytes around the data.
    if (at + 12 > bytes.length) return undefined;
    const length = view.getUint32(at);
    const end = at + 12 + length;
    if (end > bytes.length) return undefined;
    const type = chunkType(bytes, at + 4);
    if (type === 'eXIf') return undefined;
    if (KEPT.has(type)) kept.push([at, end]);
    else if (isCritical(type)) return undefined;
    at = end;
    if (type === 'IEND') break;
  }
  const size = SIGNATURE.length + kept.reduce((sum, [start, end]) => sum + end - start, 0);
  const out = new Uint8Array(size);
  out.set(bytes.subarray(0, SIGNATURE.length));
  let written = SIGNATURE.length;
  for (const [start, end] of kept) {
    out.set(bytes.subarray(start, end), written);
    written += end - start;
  }
  return out;
}
