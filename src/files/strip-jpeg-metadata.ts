/**
 * A JPEG's bytes without what may say where and when it was taken, removed at the byte level (no
 * decoding, so not a pixel changes): EXIF and XMP (APP1), IPTC (APP13), and every other
 * application segment and comment, except those a decoder needs to show the same colours: JFIF
 * (APP0), the ICC profile (APP2) and Adobe's colour transform (APP14). Everything from the start
 * of the scan on is kept as it is. Used to keep a photo as the camera encoded it when that is
 * smaller than the page's new encoding. Pure.
 */

/** The stripped bytes, and the EXIF orientation the photo had (1, upright, when it had none). */
export interface StrippedJpeg {
  bytes: Uint8Array<ArrayBuffer>;
  orientation: number;
}

const APP0 = 0xe0;
const APP1 = 0xe1;
const APP2 = 0xe2;
const APP14 = 0xee;
const APP15 = 0xef;
const COM = 0xfe;
const SOS = 0xda;
const EOI = 0xd9;
const KEPT_APPS = new Set([APP0, APP2, APP14]);

/** Markers that stand alone, without a length: TEM and the restart markers. */
function standsAlone(marker: number): boolean {
  return marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);
}

/** The orientation (EXIF tag 0x0112) of an APP1 segment's payload; 1 when it names none; undefined when it cannot be read. */
function orientationOf(payload: Uint8Array): number | undefined {
  const exif = [0x45, 0x78, 0x69, 0x66, 0, 0];
  if (payload.length < 6 || !exif.every((byte, index) => payload[index] === byte)) return 1;
  const tiff = payload.subarray(6);
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  if (tiff.length < 8) return undefined;
  const order = view.getUint16(0);
  if (order !== 0x4949 && order !== 0x4d4d) return undefined;
  const little = order === 0x4949;
  const ifd = view.getUint32(4, little);
  if (ifd + 2 > tiff.length) return undefined;
  const count = view.getUint16(ifd, little);
  for (let entry = 0; entry < count; entry += 1) {
    const at = ifd + 2 + entry * 12;
    if (at + 12 > tiff.length) return undefined;
    if (view.getUint16(at, little) === 0x0112) return view.getUint16(at + 8, little);
  }
  return 1;
}

/** The JPEG without its metadata segments; null when its bytes are not a JPEG this can walk. */
export function stripJpegMetadata(jpeg: Uint8Array<ArrayBuffer>): StrippedJpeg | null {
  if (jpeg.length < 4 || jpeg[0] !== 0xff || jpeg[1] !== 0xd8) return null;
  const kept: Array<Uint8Array<ArrayBuffer>> = [jpeg.subarray(0, 2)];
  let orientation = 1;
  let scanned = false;
  let at = 2;
  while (at < jpeg.length) {
    if (jpeg[at] !== 0xff) return null;
    // Fill bytes (0xFF repeated) may stand before a marker.
    let markerAt = at + 1;
    while (jpeg[markerAt] === 0xff) markerAt += 1;
    const marker = jpeg[markerAt];
    if (marker === undefined) return null;
    // An end before any scan: no picture.
    if (marker === EOI) return null;
    if (standsAlone(marker)) {
      kept.push(jpeg.subarray(markerAt - 1, markerAt + 1));
      at = markerAt + 1;
      continue;
    }
    if (markerAt + 3 > jpeg.length) return null;
    const length = ((jpeg[markerAt + 1] ?? 0) << 8) | (jpeg[markerAt + 2] ?? 0);
    const end = markerAt + 1 + length;
    if (length < 2 || end > jpeg.length) return null;
    if (marker === SOS) {
      // The scan and all after it (more scans of a progressive JPEG, its end) are the picture itself.
      kept.push(jpeg.subarray(markerAt - 1));
      scanned = true;
      break;
    }
    const isApp = marker >= APP0 && marker <= APP15;
    if (marker === APP1) {
      const found = orientationOf(jpeg.subarray(markerAt + 3, end));
      if (found === undefined) return null;
      if (found !== 1) orientation = found;
    }
    if (!(isApp && !KEPT_APPS.has(marker)) && marker !== COM) kept.push(jpeg.subarray(markerAt - 1, end));
    at = end;
  }
  if (!scanned) return null;
  const bytes = new Uint8Array(kept.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of kept) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return { bytes, orientation };
}
