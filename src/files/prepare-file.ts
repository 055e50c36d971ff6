import type { DeviceFile } from '../storage/device-files';
import { decodesEverywhere, IMAGE_SIGNATURE_BYTES, startsAsImage } from './image-signature';
import type { ShrinkRequest, ShrinkResult } from './shrink-image';
import { nameForType } from './shrink-plan';
import { stripJpegMetadata } from './strip-jpeg-metadata';
import { stripPngMetadata } from './strip-png-metadata';

/**
 * A chosen file made ready to keep: a photo made smaller (with its thumbnail) where the browser
 * can, else the chosen bytes; and its SHA-256, its identity. All of it reads or decodes the whole
 * file, so the page runs it in a worker (prepare-in-worker.ts); what it needs of the browser is
 * passed in, so it is tested without one.
 */

/** A chosen file and what keep-chosen-files.ts decided of it. */
export interface PrepareRequest {
  file: Blob;
  name: string;
  /** Its type as judged (chosen-file-type.ts): a .heic may come untyped. */
  type: string;
  /** The types to encode a photo as (shrink-plan.ts's shrinkEncodings); none for a document. */
  encodings: readonly string[];
  maxEdge: number;
}

export interface PreparingTools {
  shrink(request: ShrinkRequest): Promise<ShrinkResult>;
  sha256(blob: Blob): Promise<string>;
}

/** A file typed as a photo whose bytes are not one (a text file named .jpg): refused by name when chosen. */
export class NotAnImageError extends Error {
  constructor() {
    super('The file is not a photo.');
    this.name = 'NotAnImageError';
  }
}

/**
 * The file as it will be kept; rejects when its bytes cannot be read (deleted or moved since it
 * was chosen), and with NotAnImageError when a file typed as a photo is not one.
 */
export async function prepareFile(request: PrepareRequest, tools: PreparingTools): Promise<DeviceFile> {
  const { file, name, type, encodings, maxEdge } = request;
  const head = new Uint8Array(await file.slice(0, IMAGE_SIGNATURE_BYTES).arrayBuffer());
  if (!startsAsImage(type, head)) throw new NotAnImageError();
  const shrunk = encodings.length > 0 ? await tools.shrink({ blob: file, encodings, maxEdge }) : undefined;
  // A JPEG, PNG, WebP or GIF every browser decodes: one that does not is broken, not a photo to keep.
  if (shrunk?.ok === false && shrunk.reason === 'undecodable' && decodesEverywhere(type)) throw new NotAnImageError();
  if (shrunk?.ok) {
    const blob = (await smallerOriginal(file, type, shrunk)) ?? shrunk.blob;
    return {
      sha256: await tools.sha256(blob),
      name: nameForType(name, type, shrunk.type),
      type: shrunk.type,
      size: blob.size,
      width: shrunk.width,
      height: shrunk.height,
      blob,
      ...(shrunk.thumbnail ? { thumbnail: shrunk.thumbnail } : {}),
    };
  }
  // A document, or a photo the browser could not make smaller (a HEIC it cannot decode): byte for
  // byte. A slice is a view, not a copy, typed as judged; taking its SHA-256 reads it, so a file
  // deleted since it was chosen fails here, not during its upload.
  const bytes = file.slice(0, file.size, type);
  return { sha256: await tools.sha256(bytes), name, type, size: bytes.size, blob: bytes };
}

/**
 * A JPEG or PNG the page did not need to make smaller (within the field's edge) is often smaller
 * as it was made than encoded anew (a camera's JPEG, a screenshot's well-packed PNG): then it is
 * kept as it was, its metadata (location, camera, time, text) taken out at the byte level
 * (strip-jpeg-metadata.ts, strip-png-metadata.ts). Not when it was turned by its EXIF orientation,
 * which goes with the metadata: only the new encoding shows it upright.
 */
async function smallerOriginal(file: Blob, type: string, shrunk: { blob: Blob; type: string; unscaled?: boolean }): Promise<Blob | undefined> {
  if (type !== shrunk.type || shrunk.unscaled !== true) return undefined;
  let stripped: Uint8Array<ArrayBuffer> | undefined;
  if (type === 'image/jpeg') {
    const jpeg = stripJpegMetadata(new Uint8Array(await file.arrayBuffer()));
    stripped = jpeg?.orientation === 1 ? jpeg.bytes : undefined;
  } else if (type === 'image/png') {
    stripped = stripPngMetadata(new Uint8Array(await file.arrayBuffer()));
  }
  if (!stripped || stripped.length >= shrunk.blob.size) return undefined;
  return new Blob([stripped], { type });
}
