/**
 * What the cover build step makes of one source image: the files (name, format, width), their
 * encoder settings, and the responsive set that names them in config.json. Pure: no sharp, no
 * file system, so it is unit-tested and shared by the Vite plugin and the tests.
 */

export type CoverFormat = 'avif' | 'webp' | 'jpeg';

/** One encoded file of a cover. */
export interface CoverVariant {
  /** Where it lands in the build, which is also its URL path without the leading slash. */
  fileName: string;
  format: CoverFormat;
  width: number;
}

/**
 * Phones draw the cover full width (360–430 CSS px at DPR 2–3: 720–1290 device px, so 800 and
 * 1200); desktops draw it as the left panel, about 450–1160 CSS px wide from a 1024 to a
 * 1920 px window (480–1200), or 1556 px on a 1440 px window at DPR 2 (1600).
 */
export const COVER_WIDTHS: readonly number[] = [480, 800, 1200, 1600];

/** The one JPEG, for browsers that take neither AVIF nor WebP: the width a DPR-3 phone or a desktop panel needs. */
export const FALLBACK_WIDTH = 1200;

/** The largest width a phone picks (≈ 1170 device px on a DPR-3 phone); files up to it must fit the phone budget. */
export const PHONE_WIDTH = 1200;

/** A phone should not wait for more than this for one cover. */
export const PHONE_BUDGET_BYTES = 80 * 1024;

/** The URL folder of the covers, under the site root. */
export const COVERS_FOLDER = 'covers';

/**
 * Encoder settings, part of the cache key, so changing one re-encodes. AVIF effort 3 instead of
 * the default 4: on two cores it is about three times faster for files about 10% larger.
 */
export const ENCODER_SETTINGS = {
  avif: { quality: 50, effort: 3 },
  webp: { quality: 72, effort: 4 },
  jpeg: { quality: 75, mozjpeg: true, progressive: true },
} as const;

/** The MIME type of each format, as written in a `<source type>`. */
export const MIME_TYPES: Record<CoverFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' };

const EXTENSIONS: Record<CoverFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg' };

// In the order a <picture> should offer them: the smallest first.
const SOURCE_FORMATS: readonly CoverFormat[] = ['avif', 'webp'];

/** The file name of one variant, e.g. covers/step-0-welcome-800.avif. */
export function variantFileName(name: string, width: number, format: CoverFormat): string {
  return `${COVERS_FOLDER}/${name}-${String(width)}.${EXTENSIONS[format]}`;
}

/**
 * The widths a source can fill: every cover width for a vector source (`sourceWidth` null),
 * only those it does not have to be enlarged for otherwise, and its own width when it is
 * smaller than all of them.
 */
export function coverWidths(sourceWidth: number | null): number[] {
  if (sourceWidth === null) return [...COVER_WIDTHS];
  const fitting = COVER_WIDTHS.filter((width) => width <= sourceWidth);
  return fitting.length > 0 ? fitting : [sourceWidth];
}

/** Every file made from one source: AVIF and WebP at each width, and one JPEG fallback. */
export function coverVariants(name: string, sourceWidth: number | null): CoverVariant[] {
  const widths = coverWidths(sourceWidth);
  const variants = SOURCE_FORMATS.flatMap((format) => widths.map((width) => ({ fileName: variantFileName(name, width, format), format, width })));
  const fallbackWidth = Math.max(...widths.filter((width) => width <= FALLBACK_WIDTH), Math.min(...widths));
  variants.push({ fileName: variantFileName(name, fallbackWidth, 'jpeg'), format: 'jpeg', width: fallbackWidth });
  return variants;
}

/** The responsive set of config.json's `backgrounds` that names a source's variants. */
export function coverSet(variants: readonly CoverVariant[], base = '/'): { src: string; sources: Array<{ type: string; srcset: string }> } {
  const fallback = variants.find((variant) => variant.format === 'jpeg');
  if (!fallback) throw new Error('A cover has no JPEG fallback.');
  const sources = SOURCE_FORMATS.map((format) => ({
    type: MIME_TYPES[format],
    srcset: variants
      .filter((variant) => variant.format === format)
      .map((variant) => `${base}${variant.fileName} ${String(variant.width)}w`)
      .join(', '),
  })).filter((source) => source.srcset !== '');
  return { src: `${base}${fallback.fileName}`, sources };
}
