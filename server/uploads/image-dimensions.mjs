// An image's width and height from its header, without decoding it: PNG (IHDR), GIF (the logical
// screen), WebP (VP8, VP8L, VP8X) and JPEG (the first start-of-frame marker, walking the segments,
// EXIF's included, by their lengths). A few reads of a bounded window each from the open file; a
// malformed header gives no dimensions rather than a wrong one. The dimensions are as stored: a
// JPEG whose EXIF asks to be turned keeps its stored width (the wizard's photos are re-encoded
// upright on the device, their metadata removed). HEIC is left out: its size is in an `ispe`
// property deep in the `meta` box, for each of its tiles and thumbnails, not worth a parser here.

/**
 * The widest and tallest image a file may claim to be: what JPEG can say, and past what browsers
 * and image libraries decode. A header claiming more (a PNG can say 2^31 - 1) is refused for good
 * when an application names the file, never taken into the store's integer columns.
 */
export const MAX_IMAGE_EDGE = 65_535;

/** A JPEG header larger than this before its frame is not an image the wizard made. */
const MAX_JPEG_SCAN = 4 * 1024 * 1024;

/**
 * Markers and fill bytes walked before a frame, at most: a camera's header has a few hundred
 * segments (an ICC profile in 255 pieces at worst) and a fill byte or two, so a header of more is
 * not a photo, and the walk's CPU stays under a millisecond whatever the bytes.
 */
const MAX_JPEG_STEPS = 64 * 1024;

/** How much of a JPEG is read at once: a phone's EXIF, XMP and ICC segments usually fit in one. */
const JPEG_WINDOW = 64 * 1024;

/** Start-of-frame markers (baseline, progressive, lossless, …), not DHT (C4), JPG (C8) nor DAC (CC). */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/**
 * @param {import('node:fs/promises').FileHandle} handle
 * @param {number} position
 * @param {number} length
 */
async function readAt(handle, position, length) {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/**
 * @param {number} width
 * @param {number} height
 * @returns {{ width: number, height: number } | null}
 */
function dimensions(width, height) {
  return width > 0 && height > 0 ? { width, height } : null;
}

/** @param {import('node:fs/promises').FileHandle} handle */
async function pngSize(handle) {
  const head = await readAt(handle, 0, 24);
  if (head.length < 24 || head.toString('latin1', 12, 16) !== 'IHDR') return null;
  return dimensions(head.readUInt32BE(16), head.readUInt32BE(20));
}

/** @param {import('node:fs/promises').FileHandle} handle */
async function gifSize(handle) {
  const head = await readAt(handle, 0, 10);
  if (head.length < 10) return null;
  return dimensions(head.readUInt16LE(6), head.readUInt16LE(8));
}

/** @param {import('node:fs/promises').FileHandle} handle */
async function webpSize(handle) {
  const head = await readAt(handle, 0, 30);
  if (head.length < 30 || head.toString('latin1', 0, 4) !== 'RIFF' || head.toString('latin1', 8, 12) !== 'WEBP') return null;
  const chunk = head.toString('latin1', 12, 16);
  if (chunk === 'VP8 ') {
    // The key frame's start code, then 14-bit width and height.
    if (head[23] !== 0x9d || head[24] !== 0x01 || head[25] !== 0x2a) return null;
    return dimensions(head.readUInt16LE(26) & 0x3fff, head.readUInt16LE(28) & 0x3fff);
  }
  if (chunk === 'VP8L') {
    if (head[20] !== 0x2f) return null;
    const bits = head.readUInt32LE(21);
    return dimensions((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (chunk === 'VP8X') return dimensions(head.readUIntLE(24, 3) + 1, head.readUIntLE(27, 3) + 1);
  return null;
}

/**
 * Walks a JPEG's segments to its first frame. The bytes are read a window at a time and walked in
 * memory, so a run of fill bytes costs a loop over a buffer, not a read each: at most
 * MAX_JPEG_SCAN / JPEG_WINDOW reads whatever the file holds (a window is read again only where a
 * segment's length jumps past the one in hand). A frame not found within MAX_JPEG_SCAN bytes or
 * MAX_JPEG_STEPS markers gives no dimensions, as any unreadable header does.
 * @param {import('node:fs/promises').FileHandle} handle
 */
async function jpegSize(handle) {
  let window = await readAt(handle, 0, JPEG_WINDOW);
  let windowStart = 0;
  let position = 2;
  for (let step = 0; step < MAX_JPEG_STEPS && position < MAX_JPEG_SCAN; step += 1) {
    // Nine bytes cover a marker, its length and a frame's precision, height and width.
    if (position + 9 > windowStart + window.length) {
      if (window.length < JPEG_WINDOW) return null;
      window = await readAt(handle, position, JPEG_WINDOW);
      windowStart = position;
      if (window.length < 4) return null;
    }
    const at = position - windowStart;
    if (window[at] !== 0xff) return null;
    const type = /** @type {number} */ (window[at + 1]);
    // Fill bytes, and the markers that stand alone (TEM, RSTn) without a length.
    if (type === 0xff) {
      position += 1;
      continue;
    }
    if (type === 0x01 || (type >= 0xd0 && type <= 0xd7)) {
      position += 2;
      continue;
    }
    if (type === 0xd9 || type === 0xda || at + 4 > window.length) return null;
    const length = window.readUInt16BE(at + 2);
    if (length < 2) return null;
    if (SOF.has(type)) {
      if (at + 9 > window.length) return null;
      return dimensions(window.readUInt16BE(at + 7), window.readUInt16BE(at + 5));
    }
    position += 2 + length;
  }
  return null;
}

/**
 * The width and height of an image of one of these types, or null (another type, or a header not
 * read as one).
 * @param {import('node:fs/promises').FileHandle} handle
 * @param {string} type the type judged from the content (file-type's MIME)
 * @returns {Promise<{ width: number, height: number } | null>}
 */
export async function imageDimensions(handle, type) {
  switch (type) {
    case 'image/png':
    case 'image/apng':
      return pngSize(handle);
    case 'image/gif':
      return gifSize(handle);
    case 'image/webp':
      return webpSize(handle);
    case 'image/jpeg':
      return jpegSize(handle);
    default:
      return null;
  }
}
