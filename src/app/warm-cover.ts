import type { CoverImage } from '../config/cover-image-schema';

// Images still loading: a detached image that is garbage-collected may have its fetch cancelled.
const loading = new Set<HTMLImageElement>();
const warmed = new Set<string>();

/**
 * Fetches, at low priority, the file of a cover this browser would pick on this screen, so
 * the next step shows its cover at once. It builds the same `<picture>` the cover panel
 * renders, detached: the browser applies the same type and width choice as it will later,
 * which a `<link rel="prefetch">` cannot do (it has no `imagesrcset`), and a low-priority
 * preload would be reported as unused if the creator lingers on the step.
 */
export function warmCover(cover: CoverImage): void {
  const key = JSON.stringify(cover);
  if (warmed.has(key)) return;
  warmed.add(key);
  const picture = document.createElement('picture');
  if (typeof cover !== 'string') {
    for (const source of cover.sources) {
      const element = document.createElement('source');
      element.type = source.type;
      element.srcset = source.srcset;
      element.sizes = cover.sizes;
      picture.append(element);
    }
  }
  const image = document.createElement('img');
  // The attribute rather than the property, which older browsers (and jsdom) lack.
  image.setAttribute('fetchpriority', 'low');
  image.decoding = 'async';
  const done = () => loading.delete(image);
  image.addEventListener('load', done, { once: true });
  image.addEventListener('error', done, { once: true });
  loading.add(image);
  // The sources are in place before the image, so its first choice is already the right one.
  picture.append(image);
  image.src = typeof cover === 'string' ? cover : cover.src;
}
