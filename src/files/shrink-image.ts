import { fittedSize, JPEG_QUALITY, THUMBNAIL_QUALITY, thumbnailSize, WEBP_QUALITY } from './shrink-plan';

/**
 * A photo made smaller and stripped of its metadata: decoded with its orientation applied (the
 * EXIF rotation baked into the pixels, so it no longer needs the tag), drawn at most `maxEdge`
 * pixels on its longest edge, and encoded anew. A new encoding holds the pixels and nothing else:
 * EXIF (GPS position, camera, time), XMP and PNG text chunks are left behind. Runs in
 * prepare-file.worker.ts, off the main thread; what it needs of the browser is passed in, so it is
 * tested without one.
 */

/** What the worker is asked. */
export interface ShrinkRequest {
  blob: Blob;
  /** The types to encode as, in order of preference (shrink-plan.ts's shrinkEncodings). */
  encodings: readonly string[];
  maxEdge: number;
  /**
   * When set, a thumbnail is drawn too, this many pixels on its shortest edge, from the same
   * decoding: the list then paints a few kilobytes per photo instead of a 2560 px image (about
   * 20 MB of pixels each once decoded), on the page's main thread and in a phone's memory.
   */
  thumbnailEdge?: number;
}

/** A smaller photo; or why the original bytes are kept (a HEIC the browser cannot decode, no OffscreenCanvas, no encoder for any type). */
export type ShrinkResult =
  | { ok: true; blob: Blob; type: string; width: number; height: number; thumbnail?: Blob; unscaled?: boolean }
  | { ok: false; reason: 'undecodable' | 'unsupported' };

/** A decoded photo, as createImageBitmap gives it. */
export interface DecodedImage {
  readonly width: number;
  readonly height: number;
  close(): void;
}

/** The canvas a photo is drawn on, as OffscreenCanvas is. */
export interface DrawingSurface {
  getContext(kind: '2d'):
    | (Pick<OffscreenCanvasRenderingContext2D, 'drawImage' | 'fillRect'> & {
        fillStyle: unknown;
        imageSmoothingEnabled: boolean;
        imageSmoothingQuality: ImageSmoothingQuality;
      })
    | null;
  convertToBlob(options: { type: string; quality?: number }): Promise<Blob>;
}

/** What the shrinking needs of the browser. */
export interface Painter {
  decode(blob: Blob): Promise<DecodedImage>;
  surface(width: number, height: number): DrawingSurface;
}

/** The worker's browser: createImageBitmap and OffscreenCanvas; undefined where either is missing. */
export function browserPainter(): Painter | undefined {
  if (typeof createImageBitmap !== 'function' || typeof OffscreenCanvas !== 'function') return undefined;
  return {
    // 'from-image' applies the EXIF orientation (the default since 2023, said for older engines).
    decode: (blob) => createImageBitmap(blob, { imageOrientation: 'from-image' }),
    surface: (width, height) => new OffscreenCanvas(width, height),
  };
}

function qualityFor(type: string): number | undefined {
  if (type === 'image/jpeg') return JPEG_QUALITY;
  if (type === 'image/webp') return WEBP_QUALITY;
  return undefined;
}

/** A small JPEG of the decoded photo (white under any transparency); undefined when it cannot be made, as the list then shows the photo itself. */
async function thumbnailOf(image: DecodedImage, edge: number, painter: Painter): Promise<Blob | undefined> {
  try {
    const { width, height } = thumbnailSize(image.width, image.height, edge);
    const surface = painter.surface(width, height);
    const context = surface.getContext('2d');
    if (!context) return undefined;
    context.imageSmoothingEnabled = true;
    context.imageSmoothingQuality = 'high';
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
    context.drawImage(image, 0, 0, width, height);
    return await surface.convertToBlob({ type: 'image/jpeg', quality: THUMBNAIL_QUALITY });
  } catch {
    return undefined;
  }
}

/** The photo at most `maxEdge` on its longest edge, encoded anew without its metadata. */
export async function shrinkImage(request: ShrinkRequest, painter: Painter | undefined = browserPainter()): Promise<ShrinkResult> {
  if (!painter || request.encodings.length === 0) return { ok: false, reason: 'unsupported' };
  let image: DecodedImage;
  try {
    image = await painter.decode(request.blob);
  } catch {
    // A HEIC where the engine has no decoder (Chrome, Firefox), or bytes that are not an image after all.
    return { ok: false, reason: 'undecodable' };
  }
  try {
    const { width, height } = fittedSize(image.width, image.height, request.maxEdge);
    const surface = painter.surface(width, height);
    const context = surface.getContext('2d');
    if (!context) return { ok: false, reason: 'unsupported' };
    context.imageSmoothingEnabled = true;
    context.imageSmoothingQuality = 'high';
    for (const type of request.encodings) {
      if (type === 'image/jpeg') {
        // JPEG has no transparency: a transparent pixel would turn black; white is what a viewer shows.
        context.fillStyle = '#fff';
        context.fillRect(0, 0, width, height);
      }
      context.drawImage(image, 0, 0, width, height);
      const quality = qualityFor(type);
      const blob = await surface.convertToBlob(quality === undefined ? { type } : { type, quality });
      // A browser that cannot encode a type gives PNG instead: try the next one the field takes.
      if (blob.type !== type) continue;
      const thumbnail = request.thumbnailEdge === undefined ? undefined : await thumbnailOf(image, request.thumbnailEdge, painter);
      // Drawn at its own size: the photo as chosen, its metadata taken out, may then be the smaller (prepare-file.ts).
      const unscaled = width === image.width && height === image.height;
      return { ok: true, blob, type, width, height, unscaled, ...(thumbnail ? { thumbnail } : {}) };
    }
    return { ok: false, reason: 'unsupported' };
  } finally {
    image.close();
  }
}
