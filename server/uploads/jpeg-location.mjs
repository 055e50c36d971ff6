// Which bytes of a JPEG's header carry metadata that may say where a photo was taken, found by
// walking its segments without decoding anything: APP1 segments holding EXIF (GPS is an IFD of it,
// beside the camera, the time and often a thumbnail with its own EXIF) or XMP (which has its own
// location properties), standard and extended. They go whole: keeping EXIF but its GPS IFD would
// mean rewriting offsets inside it, and the rest of EXIF is not the receiver's to keep. The one
// tag a viewer needs, the orientation, is kept in a new EXIF segment of that tag alone, so a photo
// taken sideways is still shown upright.

const SOS = 0xda;
const APP1 = 0xe1;
const EXIF = Buffer.from('Exif\0\0', 'latin1');
const XMP = [Buffer.from('http://ns.adobe.com/xap/1.0/\0', 'latin1'), Buffer.from('http://ns.adobe.com/xmp/extension/\0', 'latin1')];
/** Fill bytes and markers walked at most, as in image-dimensions.mjs. */
const MAX_STEPS = 64 * 1024;

/**
 * The orientation (1-8) EXIF gives, or null: IFD0's tag 0x0112, read by the TIFF header's byte order.
 * @param {Buffer} payload the APP1 segment's content after its length
 */
export function exifOrientation(payload) {
  const tiff = payload.subarray(EXIF.length);
  if (tiff.length < 8) return null;
  const little = tiff.toString('latin1', 0, 2) === 'II';
  if (!little && tiff.toString('latin1', 0, 2) !== 'MM') return null;
  const u16 = (/** @type {number} */ at) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (/** @type {number} */ at) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return null;
  const count = u16(ifd);
  for (let index = 0; index < count; index += 1) {
    const entry = ifd + 2 + index * 12;
    if (entry + 12 > tiff.length) return null;
    if (u16(entry) === 0x0112 && u16(entry + 2) === 3) {
      const value = u16(entry + 8);
      return value >= 1 && value <= 8 ? value : null;
    }
  }
  return null;
}

/**
 * An APP1 segment of EXIF holding only an orientation (big-endian TIFF, one IFD of one entry).
 * @param {number} orientation
 */
export function orientationSegment(orientation) {
  const tiff = Buffer.alloc(8 + 2 + 12 + 4);
  tiff.write('MM\0*', 0, 'latin1');
  tiff.writeUInt32BE(8, 4);
  tiff.writeUInt16BE(1, 8);
  tiff.writeUInt16BE(0x0112, 10);
  tiff.writeUInt16BE(3, 12);
  tiff.writeUInt32BE(1, 14);
  tiff.writeUInt16BE(orientation, 18);
  const head = Buffer.from([0xff, APP1, 0, 0]);
  head.writeUInt16BE(2 + EXIF.length + tiff.length, 2);
  return Buffer.concat([head, EXIF, tiff]);
}

/**
 * The header's plan: the header as it is to be kept (up to its first scan, which is not part of
 * it), and where in the file the scan starts; or null when the header cannot be walked to a scan
 * within `header` (then nothing can be said of it). `removed` is 0 when nothing is to go.
 * @param {Buffer} header the file's first bytes
 * @returns {{ kept: Buffer, scanAt: number, removed: number } | null}
 */
export function planWithoutLocation(header) {
  if (header[0] !== 0xff || header[1] !== 0xd8) return null;
  /** @type {Buffer[]} */
  const kept = [header.subarray(0, 2)];
  let removed = 0;
  let orientation = null;
  let orientationAt = -1;
  let position = 2;
  for (let step = 0; step < MAX_STEPS; step += 1) {
    if (position + 4 > header.length || header[position] !== 0xff) return null;
    const type = /** @type {number} */ (header[position + 1]);
    if (type === 0xff) {
      position += 1;
      continue;
    }
    if (type === 0x01 || (type >= 0xd0 && type <= 0xd7)) {
      kept.push(header.subarray(position, position + 2));
      position += 2;
      continue;
    }
    if (type === SOS) {
      if (orientation !== null && orientation !== 1) kept.splice(orientationAt, 0, orientationSegment(orientation));
      return { kept: Buffer.concat(kept), scanAt: position, removed };
    }
    if (type === 0xd9) return null;
    const length = header.readUInt16BE(position + 2);
    const end = position + 2 + length;
    if (length < 2 || end > header.length) return null;
    const payload = header.subarray(position + 4, end);
    const isExif = type === APP1 && payload.subarray(0, EXIF.length).equals(EXIF);
    if (isExif || (type === APP1 && XMP.some((name) => payload.subarray(0, name.length).equals(name)))) {
      if (isExif && orientationAt < 0) {
        orientation = exifOrientation(payload);
        orientationAt = kept.length;
      }
      removed += end - position;
    } else {
      kept.push(header.subarray(position, end));
    }
    position = end;
  }
  return null;
}
