import { describe, expect, it } from 'vitest';
import { backgroundForStep } from '../../../src/config/background-for-step';
import { coverImageSchemas, DEFAULT_COVER_SIZES } from '../../../src/config/cover-image-schema';
import { coverPreload } from '../../../src/config/cover-preload';
import { parseConfig } from '../../../src/config/parse-config';
import defaultConfigText from '../../../public/config.json?raw';

const defaultConfig = JSON.parse(defaultConfigText) as Record<string, unknown>;

// As written in config.json, without `sizes`.
const welcomeInput = {
  src: '/covers/welcome-1200.jpg',
  sources: [
    { type: 'image/avif', srcset: '/covers/welcome-480.avif 480w, /covers/welcome-800.avif 800w' },
    { type: 'image/webp', srcset: '/covers/welcome-480.webp 480w, /covers/welcome-800.webp 800w' },
  ],
};
const welcome = coverImageSchemas().responsiveCover.parse(welcomeInput);

function problemsWith(backgrounds: unknown): string[] {
  const result = parseConfig({ ...defaultConfig, backgrounds });
  return result.ok ? [] : result.problems.map((problem) => `${problem.path}: ${problem.message}`);
}

describe('backgrounds', () => {
  it('takes plain paths and responsive sets, alone or in a list, and gives a set without sizes the layout default', () => {
    for (const value of ['/covers/one.jpg', welcomeInput, ['/covers/one.jpg', welcomeInput]]) expect(problemsWith(value)).toEqual([]);
    const parsed = coverImageSchemas().backgrounds.parse([welcomeInput, { ...welcomeInput, sizes: '100vw' }]);
    expect(parsed).toEqual([
      { ...welcomeInput, sizes: DEFAULT_COVER_SIZES },
      { ...welcomeInput, sizes: '100vw' },
    ]);
  });

  it('names the problem inside a responsive set instead of saying it matches nothing', () => {
    expect(problemsWith([welcomeInput, { ...welcomeInput, sources: [{ type: 'image/avif', srcset: '/covers/a.avif, /covers/b.avif 800w' }] }])).toEqual([
      'backgrounds.1.sources.0.srcset: expected "url width" pairs separated by commas, such as "/covers/a-480.avif 480w, /covers/a-800.avif 800w"',
    ]);
    expect(problemsWith({ ...welcomeInput, sources: [{ type: 'avif', srcset: '/covers/a.avif 480w' }] })).toEqual([
      'backgrounds.sources.0.type: expected an image MIME type such as "image/avif"',
    ]);
    expect(problemsWith([{ src: '/covers/a.jpg', sources: [{ type: 'image/avif' }], size: '100vw' }])).toEqual([
      'backgrounds.0.sources.0.srcset: expected a string, but it is missing',
      'backgrounds.0: unknown key "size"',
    ]);
    expect(problemsWith([{ ...welcomeInput, sources: [] }])).toEqual(['backgrounds.0.sources: expected at least one source']);
  });

  it('says what a cover may be when it is neither a path nor a set', () => {
    expect(problemsWith(4)).toEqual(['backgrounds: expected an image path, a responsive image set, or a list of them']);
    expect(problemsWith(['/covers/one.jpg', 4])).toEqual(['backgrounds.1: expected an image path or a responsive image set']);
    expect(problemsWith([])).toEqual(['backgrounds: expected at least one image']);
  });
});

describe('backgroundForStep', () => {
  it('gives each step its own cover, a set as much as a path, and the last one to any further step', () => {
    expect(backgroundForStep([welcome, '/covers/b.jpg'], 0)).toBe(welcome);
    expect(backgroundForStep([welcome, '/covers/b.jpg'], 5)).toBe('/covers/b.jpg');
    expect(backgroundForStep(welcome, 2)).toBe(welcome);
  });
});

describe('coverPreload', () => {
  it('preloads the first source of a set with its srcset, sizes and type, so the browser picks the same file', () => {
    expect(coverPreload(welcome)).toEqual({
      href: '/covers/welcome-1200.jpg',
      imageSrcSet: '/covers/welcome-480.avif 480w, /covers/welcome-800.avif 800w',
      imageSizes: DEFAULT_COVER_SIZES,
      type: 'image/avif',
    });
  });

  it('preloads a plain path by its URL', () => {
    expect(coverPreload('/covers/one.jpg')).toEqual({ href: '/covers/one.jpg' });
  });
});
