import type { CoverImage } from './cover-image-schema';

/** What a `<link rel="preload" as="image">` needs to fetch the very file the cover's `<picture>` will pick. */
export interface CoverPreload {
  href: string;
  imageSrcSet?: string;
  imageSizes?: string;
  type?: string;
}

/**
 * The preload of a cover. For a responsive set it is the first source, which is the one a
 * `<picture>` takes in any browser that can show its type; a browser that cannot skips the
 * preload (by its `type`) instead of fetching a file it would not use. The same `srcset` and
 * `sizes` as the `<source>` make the browser choose the same width, so the fetch is reused.
 */
export function coverPreload(cover: CoverImage): CoverPreload {
  if (typeof cover === 'string') return { href: cover };
  const [first] = cover.sources;
  if (!first) return { href: cover.src };
  return { href: cover.src, imageSrcSet: first.srcset, imageSizes: cover.sizes, type: first.type };
}
