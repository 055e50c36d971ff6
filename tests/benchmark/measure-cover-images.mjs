// Measurement 6: the bytes of every cover image the served configuration names, with its
// width, and which file a phone downloads for each cover (judged against the 80 kB budget).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildFile, coverFiles } from '../support/cover-images.mjs';

/** The pixel width of an image file, read by sharp (SVG included); null if it cannot tell. */
async function pixelWidth(/** @type {string | undefined} */ path) {
  if (!path) return null;
  try {
    const { default: sharp } = await import('sharp');
    return (await sharp(path).metadata()).width ?? null;
  } catch {
    return null;
  }
}

/** @param {{ dist: string }} options */
export async function measureCoverImages({ dist }) {
  const config = /** @type {{ backgrounds?: unknown }} */ (JSON.parse(await readFile(join(dist, 'config.json'), 'utf8')));
  const files = await coverFiles(dist, config.backgrounds);
  const rows = [];
  for (const file of files) rows.push({ ...file, width: file.w ?? (await pixelWidth(buildFile(dist, file.url))) });
  return { backgrounds: config.backgrounds ?? null, files: rows };
}
