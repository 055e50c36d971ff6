import { acceptsType } from '../application/rules/file-fields';

/**
 * Which chosen files are photos made smaller (and stripped of their camera metadata) before they
 * are kept, and in which type; everything else is kept byte for byte. Pure.
 *
 * JPEG, PNG and WebP stay their type. HEIC, HEIF and AVIF become JPEG, where the browser can decode
 * them and the field takes JPEG (else they are kept as they are: a JPEG the field does not take
 * would be refused by the receiver). A GIF stays as it is: re-encoding would stop its animation,
 * and it carries no camera metadata. Every photo is re-encoded, however small: only a new encoding
 * is sure to leave out EXIF, GPS, XMP and the PNG text chunks (eXIf, tEXt) a photo may carry,
 * while skipping PNGs that look bare would mean parsing every chunk kind on the main thread; PNG
 * is lossless, so for a screenshot re-encoding costs a little time and no pixel. (A JPEG already
 * within the edge may then be kept as the camera encoded it, when smaller, its metadata segments
 * taken out at the byte level: prepare-file.ts.)
 */

/** Larger than this, a photo is not decoded (a phone's 50-megapixel JPEG is about 25 MB): it is judged by its size as it is. */
export const SHRINK_INPUT_LIMIT_BYTES = 100 * 1024 * 1024;

const KEPT_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);
const CONVERTED_TO_JPEG = new Set(['image/heic', 'image/heif', 'image/avif']);

/**
 * The types a photo may be re-encoded as, in order of preference (the first the browser can
 * encode is used), or none when the file is kept byte for byte. Only WebP has a second choice:
 * Safari before 17 cannot encode it, and then JPEG (or PNG) is better than keeping the metadata.
 */
export function shrinkEncodings(type: string, size: number, accept: readonly string[]): string[] {
  if (size === 0 || size > SHRINK_INPUT_LIMIT_BYTES) return [];
  if (type === 'image/webp') return ['image/webp', 'image/jpeg', 'image/png'].filter((candidate) => acceptsType(accept, candidate));
  if (KEPT_TYPES.has(type)) return [type];
  if (CONVERTED_TO_JPEG.has(type) && acceptsType(accept, 'image/jpeg')) return ['image/jpeg'];
  return [];
}

/** A file's name once its type changed (IMG_0001.HEIC kept as JPEG: IMG_0001.jpg), else as it was. */
export function nameForType(name: string, from: string, to: string): string {
  if (from === to) return name;
  const extension = EXTENSION_OF[to];
  if (extension === undefined) return name;
  const stem = name.replace(/\.[A-Za-z0-9]{1,5}$/, '');
  return `${stem === '' ? name : stem}.${extension}`;
}

const EXTENSION_OF: Readonly<Record<string, string>> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/** The size of a photo whose longest edge is at most `maxEdge`, its proportions kept (never made larger). */
export function fittedSize(width: number, height: number, maxEdge: number): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (longest <= maxEdge) return { width, height };
  const scale = maxEdge / longest;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** JPEG's quality: 0.88 keeps a photo of a room sharp at about a fifth of the camera's bytes. */
export const JPEG_QUALITY = 0.88;
/** WebP's: its scale differs from JPEG's; 0.85 looks the same at fewer bytes. */
export const WEBP_QUALITY = 0.85;

/**
 * A photo's thumbnail is drawn this many pixels on its shortest edge: the list shows it in a
 * 56 px square (cover), so three device pixels per CSS pixel are as sharp as any phone shows it.
 */
export const THUMBNAIL_EDGE = 168;

/** The size of a photo's thumbnail: `edge` on its shortest side, its proportions kept (never made larger). */
export function thumbnailSize(width: number, height: number, edge: number = THUMBNAIL_EDGE): { width: number; height: number } {
  const shortest = Math.min(width, height);
  if (shortest <= edge) return { width, height };
  const scale = edge / shortest;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** A thumbnail's JPEG quality: it is seen at 56 px, where 0.8 and 0.95 look the same. */
export const THUMBNAIL_QUALITY = 0.8;
