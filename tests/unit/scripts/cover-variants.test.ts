import { describe, expect, it } from 'vitest';
import { coverSet, coverVariants, coverWidths } from '../../../scripts/cover-variants';
import defaultConfigText from '../../../public/config.json?raw';

// The committed cover sources, as the build step lists them: the stem names the files.
const sources = Object.keys(import.meta.glob('../../../src/covers/*.{svg,png,jpg,jpeg,webp,avif,gif,tif,tiff,heic,heif}'))
  .map((path) => path.replace(/^.*\//, ''))
  .sort()
  .map((file) => ({ name: file.replace(/\.[^.]+$/, ''), vector: file.endsWith('.svg') }));

describe('coverVariants', () => {
  it('makes AVIF and WebP at every width of a vector source, and one JPEG, with readable names', () => {
    expect(coverVariants('step-0-welcome', null).map((variant) => variant.fileName)).toEqual([
      'covers/step-0-welcome-480.avif',
      'covers/step-0-welcome-800.avif',
      'covers/step-0-welcome-1200.avif',
      'covers/step-0-welcome-1600.avif',
      'covers/step-0-welcome-480.webp',
      'covers/step-0-welcome-800.webp',
      'covers/step-0-welcome-1200.webp',
      'covers/step-0-welcome-1600.webp',
      'covers/step-0-welcome-1200.jpg',
    ]);
  });

  it('never enlarges a photograph: only the widths it can fill, or its own width when it is smaller than all', () => {
    expect(coverWidths(1400)).toEqual([480, 800, 1200]);
    expect(coverWidths(300)).toEqual([300]);
    expect(coverVariants('small', 1000).filter((variant) => variant.format === 'jpeg')).toEqual([
      { fileName: 'covers/small-800.jpg', format: 'jpeg', width: 800 },
    ]);
  });
});

describe('coverSet', () => {
  it('names the AVIF source first, then WebP, with width descriptors, and the JPEG as the fallback', () => {
    expect(coverSet(coverVariants('a', 900))).toEqual({
      src: '/covers/a-800.jpg',
      sources: [
        { type: 'image/avif', srcset: '/covers/a-480.avif 480w, /covers/a-800.avif 800w' },
        { type: 'image/webp', srcset: '/covers/a-480.webp 480w, /covers/a-800.webp 800w' },
      ],
    });
  });

  it('is what public/config.json names for each cover in src/covers, in order', () => {
    const config = JSON.parse(defaultConfigText) as { backgrounds: Array<{ src: string }> };
    expect(config.backgrounds).toHaveLength(sources.length);
    sources.forEach((source, index) => {
      const named = config.backgrounds[index];
      // A photograph's widths depend on its size, which only the build reads; a vector image has them all.
      if (source.vector) expect(named).toEqual(coverSet(coverVariants(source.name, null)));
      else expect(named?.src).toMatch(new RegExp(`^/covers/${source.name}-\\d+\\.jpg$`));
    });
  });
});
