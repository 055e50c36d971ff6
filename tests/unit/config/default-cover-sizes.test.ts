import { describe, expect, it } from 'vitest';
import { DEFAULT_COVER_SIZES } from '../../../src/config/cover-image-schema';

/**
 * The default `sizes` is written in the subset every engine reads the same (WebKit drops an
 * entry with min()/max() and takes 100vw). This reads that subset the way a browser does, for
 * a window of a given size, and compares it with the width the layout really draws the cover.
 */

interface Viewport {
  width: number;
  height: number;
}

// The cover's drawn width per src/styles/layout.css: a band on phones; else the panel left of a
// content panel max(576px, 46vw) wide (760px at most), which a 3:4 cover fills at 75vh or more.
function drawnCoverWidth({ width, height }: Viewport): number {
  if (width <= 576) return width;
  const contentPanel = Math.min(760, Math.max(576, 0.46 * width));
  return Math.max(width - contentPanel, 0.75 * height);
}

function length(text: string, { width, height }: Viewport): number {
  const match = /^(\d+(?:\.\d+)?)(px|vw|vh)$/.exec(text);
  if (!match) throw new Error(`not a plain length: ${text}`);
  const value = Number(match[1]);
  if (match[2] === 'px') return value;
  return (value / 100) * (match[2] === 'vw' ? width : height);
}

function feature(text: string, viewport: Viewport): boolean {
  const match = /^\((orientation|max-width|min-height|max-aspect-ratio): ([^)]+)\)$/.exec(text.trim());
  if (!match) throw new Error(`unexpected media feature: ${text}`);
  const [, name, value = ''] = match;
  if (name === 'orientation') return value === 'portrait' ? viewport.height >= viewport.width : viewport.width > viewport.height;
  if (name === 'max-width') return viewport.width <= length(value, viewport);
  if (name === 'min-height') return viewport.height >= length(value, viewport);
  const [w = 0, h = 1] = value.split('/').map(Number);
  return viewport.width / viewport.height <= w / h;
}

/** The slot width a browser takes from `sizes`: the first entry whose condition matches. */
function slotWidth(sizes: string, viewport: Viewport): number {
  for (const entry of sizes.split(',').map((part) => part.trim())) {
    const split = entry.lastIndexOf(' ');
    if (split === -1) return length(entry, viewport);
    const condition = entry.slice(0, split);
    if (condition.split(' and ').every((part) => feature(part, viewport))) return length(entry.slice(split + 1), viewport);
  }
  throw new Error('no entry matched and there is no default');
}

// Windows from a small phone to a large monitor, in both orientations.
const VIEWPORTS: Viewport[] = [];
for (let width = 320; width <= 2560; width += 16) {
  for (let height = 320; height <= 1600; height += 20) VIEWPORTS.push({ width, height });
}

describe('the default cover sizes', () => {
  it('uses only media conditions and plain lengths: no min(), max(), clamp() or calc()', () => {
    expect(DEFAULT_COVER_SIZES).not.toMatch(/min\(|max\(|clamp\(|calc\(/);
  });

  it('is never narrower than the drawn cover, and at most 36% wider, on any window', () => {
    const worst = { under: 1, over: 1 };
    for (const viewport of VIEWPORTS) {
      const ratio = slotWidth(DEFAULT_COVER_SIZES, viewport) / drawnCoverWidth(viewport);
      worst.under = Math.min(worst.under, ratio);
      worst.over = Math.max(worst.over, ratio);
    }
    expect(worst.under).toBeGreaterThanOrEqual(0.999);
    expect(worst.over).toBeLessThanOrEqual(1.36);
  });

  it('gives a 1280×800 desktop about 691px, so it takes the 800 file, and a 390px phone the full width', () => {
    expect(slotWidth(DEFAULT_COVER_SIZES, { width: 1280, height: 800 })).toBeCloseTo(691.2, 1);
    expect(slotWidth(DEFAULT_COVER_SIZES, { width: 390, height: 844 })).toBe(390);
  });
});
