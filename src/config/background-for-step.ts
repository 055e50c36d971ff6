import type { Backgrounds, CoverImage } from './cover-image-schema';

/** The cover image of a step: the single configured image, or the step's own (the last one serves any further step). */
export function backgroundForStep(backgrounds: Backgrounds, step: number): CoverImage {
  if (!Array.isArray(backgrounds)) return backgrounds;
  const index = Math.min(Math.max(step, 0), backgrounds.length - 1);
  // The schema guarantees at least one entry.
  return backgrounds[index] ?? '';
}
