import * as z from 'zod/mini';

/**
 * The `backgrounds` of a configuration: each cover is a plain image path (an operator's own
 * image, served as is) or a responsive set made by the build (`scripts/responsive-covers.ts`):
 * a fallback `src` plus one `<source>` per format, each listing the file of every width.
 */

/**
 * How wide the cover is drawn, as a `sizes` value, for a responsive set that names none.
 * It follows src/styles/layout.css: up to 576px the cover is a full-width band; wider, it is
 * the panel left of a content panel max(576px, 46vw) wide (at most 760px), full height, and
 * the image fills it with object-fit: cover, so a 3:4 portrait cover (the shape of the default
 * ones) is drawn max(100vw - panel, 75vh) wide. WebKit ignores min()/max() in `sizes` and falls
 * back to 100vw, so this is written with media conditions and plain lengths only, which every
 * engine reads the same: per band of window widths, 75vh where the height decides, else the
 * widest the band's cover gets (a little larger than needed, never blurry; the unit test
 * tests/unit/config/default-cover-sizes.test.ts bounds the error). A set of another shape
 * should state its own `sizes`.
 */
export const DEFAULT_COVER_SIZES = [
  '(max-width: 576px) 100vw',
  // Taller than wide: 75vh is always the wider of the two.
  '(orientation: portrait) 75vh',
  // 577–1252px: the panel is 576px, so the cover is 100vw - 576px, or 75vh when that is more;
  // in bands narrow enough that the band's widest cover is at most a third more than its narrowest.
  '(max-width: 900px) and (min-height: 432px) 75vh',
  '(max-width: 900px) 324px',
  '(max-width: 1011px) and (min-height: 580px) 75vh',
  '(max-width: 1011px) 435px',
  '(max-width: 1160px) and (min-height: 779px) 75vh',
  '(max-width: 1160px) 584px',
  '(max-width: 1252px) and (min-height: 907px) 75vh',
  '(max-width: 1252px) 680px',
  // 1253–1652px: the panel is 46vw, so the cover is 54vw, or 75vh on a squarer window.
  '(max-width: 1652px) and (max-aspect-ratio: 25/18) 75vh',
  '(max-width: 1652px) 54vw',
  // Wider: the panel is 760px (71vw is at least 100vw - 760px up to 2560px wide).
  '(max-width: 1920px) and (min-height: 1547px) 75vh',
  '(max-width: 1920px) 1160px',
  '(max-aspect-ratio: 75/71) 75vh',
  '71vw',
].join(', ');

// The browser picks a width from `sizes`, so every candidate needs a width descriptor ("800w").
const SRCSET_CANDIDATE = /^\S+\s+[1-9]\d*w$/;

/**
 * The schemas of a cover and of `backgrounds`, built when a configuration is checked, not when
 * the app loads (see config-schema.ts).
 */
export function coverImageSchemas() {
  // Any non-blank URL or path, as before responsive sets existed: a relative path is resolved against index.html.
  const nonBlank = z.string().check(z.trim(), z.minLength(1, 'must not be empty'));

  const widthSrcset = z
    .string()
    .check(
      z.refine(
        (value) => value.trim() !== '' && value.split(',').every((candidate) => SRCSET_CANDIDATE.test(candidate.trim())),
        'expected "url width" pairs separated by commas, such as "/covers/a-480.avif 480w, /covers/a-800.avif 800w"',
      ),
    );

  const imageType = z.string().check(z.regex(/^image\/[a-z0-9.+-]+$/, 'expected an image MIME type such as "image/avif"'));

  /** One format of a responsive cover: the browser skips a source whose `type` it cannot show. */
  const coverSource = z.strictObject({ type: imageType, srcset: widthSrcset });

  /** A cover in several formats and widths; `src` is the fallback for browsers that take none of the sources. */
  const responsiveCover = z.strictObject({
    src: nonBlank,
    sources: z.array(coverSource).check(z.minLength(1, 'expected at least one source')),
    /** How wide the cover is drawn; absent: DEFAULT_COVER_SIZES, which follows the layout. */
    sizes: z._default(nonBlank, DEFAULT_COVER_SIZES),
  });

  /** A plain image path or a responsive set. */
  const coverImage = z.union([nonBlank, responsiveCover], {
    error: 'expected an image path or a responsive image set',
  });

  /** One cover for every step, or one per step (the last entry serves any further step). */
  const backgrounds = z.union([coverImage, z.array(coverImage).check(z.minLength(1, 'expected at least one image'))], {
    error: 'expected an image path, a responsive image set, or a list of them',
  });

  return { responsiveCover, coverImage, backgrounds };
}

type CoverImageSchemas = ReturnType<typeof coverImageSchemas>;
export type CoverImage = z.infer<CoverImageSchemas['coverImage']>;
export type ResponsiveCover = z.infer<CoverImageSchemas['responsiveCover']>;
export type Backgrounds = z.infer<CoverImageSchemas['backgrounds']>;
