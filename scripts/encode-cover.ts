/**
 * Encodes cover variants with sharp, through a cache on disk: each output is stored under a
 * hash of the source's bytes and everything that shapes the output (format, width, encoder
 * settings, sharp and libvips versions), so a second build, and the end-to-end suite's builds,
 * only read files. AVIF is slow (seconds per large file on two cores); the cache is what keeps
 * `vite build` at a few seconds.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type sharpFunction from 'sharp';
import { ENCODER_SETTINGS, type CoverVariant } from './cover-variants.ts';

/** Bump when the pipeline changes in a way the settings do not show, to re-encode everything cached. */
const PIPELINE_VERSION = 1;

/** A source image as read from disk. */
export interface CoverSource {
  /** The file name without its extension: the stem of every variant's name. */
  name: string;
  path: string;
  bytes: Buffer;
  /** Its width in pixels, or null for a vector image, which is drawn at any width. */
  width: number | null;
  /** A vector image's own width at 72 dpi, to compute the density that draws it at a given width. */
  vectorWidth: number;
}

type Sharp = typeof sharpFunction;

// Loaded on first use: vite.config.ts is also read by Vitest, which never encodes an image.
let sharpModule: Promise<Sharp> | undefined;
function loadSharp(): Promise<Sharp> {
  sharpModule ??= import('sharp').then((module) => module.default);
  return sharpModule;
}

/** Reads a source and learns its size; fails with the file's name when sharp cannot read it. */
export async function readCoverSource(path: string, name: string): Promise<CoverSource> {
  const sharp = await loadSharp();
  const bytes = await readFile(path);
  try {
    const metadata = await sharp(bytes).metadata();
    const vector = metadata.format === 'svg';
    // EXIF orientations 5–8 turn the picture a quarter: its upright width is the stored height.
    const upright = (metadata.orientation ?? 1) >= 5 ? metadata.height : metadata.width;
    return { name, path, bytes, width: vector ? null : upright, vectorWidth: metadata.width };
  } catch (error) {
    throw new Error(`${path}: not an image sharp can read (${error instanceof Error ? error.message : String(error)})`, { cause: error });
  }
}

function cacheKey(source: CoverSource, variant: CoverVariant, versions: Record<string, string | undefined>): string {
  return createHash('sha256')
    .update(source.bytes)
    .update(
      JSON.stringify({
        pipeline: PIPELINE_VERSION,
        format: variant.format,
        width: variant.width,
        settings: ENCODER_SETTINGS[variant.format],
        sharp: versions.sharp,
        vips: versions.vips,
      }),
    )
    .digest('hex');
}

async function encode(source: CoverSource, variant: CoverVariant): Promise<Buffer> {
  const sharp = await loadSharp();
  // A vector image is drawn at the target width instead of being drawn small and enlarged.
  const density = source.width === null ? Math.min(2400, (72 * variant.width) / source.vectorWidth) : undefined;
  // rotate() with no angle applies a photograph's EXIF orientation; metadata is dropped.
  const pipeline = sharp(source.bytes, density === undefined ? {} : { density })
    .rotate()
    .resize({ width: variant.width, withoutEnlargement: source.width !== null });
  switch (variant.format) {
    case 'avif':
      return pipeline.avif(ENCODER_SETTINGS.avif).toBuffer();
    case 'webp':
      return pipeline.webp(ENCODER_SETTINGS.webp).toBuffer();
    case 'jpeg':
      // JPEG has no transparency: flatten on white rather than on black.
      return pipeline.flatten({ background: '#ffffff' }).jpeg(ENCODER_SETTINGS.jpeg).toBuffer();
  }
}

/** The encoded bytes of one variant, from the cache when this exact output was made before. */
export async function encodeCover(source: CoverSource, variant: CoverVariant, cacheDir: string): Promise<Buffer> {
  const sharp = await loadSharp();
  const path = join(cacheDir, `${cacheKey(source, variant, sharp.versions)}.${variant.format}`);
  try {
    return await readFile(path);
  } catch {
    // Not cached yet.
  }
  const bytes = await encode(source, variant);
  await mkdir(cacheDir, { recursive: true });
  // Written aside and renamed, so a build running at the same time never reads half a file.
  const partial = `${path}.${String(process.pid)}.partial`;
  await writeFile(partial, bytes);
  await rename(partial, path);
  return bytes;
}
