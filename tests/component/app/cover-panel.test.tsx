import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CoverPanel } from '../../../src/app/cover-panel';
import { coverImageSchemas } from '../../../src/config/cover-image-schema';

const logo = { src: '/logo.svg', alt: 'Hartwell Window Co.' };

function cover(name: string, sizes?: string) {
  return coverImageSchemas().responsiveCover.parse({
    src: `/covers/${name}-1200.jpg`,
    sources: [
      { type: 'image/avif', srcset: `/covers/${name}-480.avif 480w, /covers/${name}-800.avif 800w` },
      { type: 'image/webp', srcset: `/covers/${name}-480.webp 480w, /covers/${name}-800.webp 800w` },
    ],
    sizes,
  });
}

afterEach(() => {
  // Unmounting cancels the idle callback: it must happen while the stubs are still in place.
  cleanup();
  vi.unstubAllGlobals();
});

describe('CoverPanel', () => {
  it('renders a responsive set as a <picture>: a <source> per format with srcset and sizes, and the fallback <img>', () => {
    const { container } = render(<CoverPanel logo={logo} background={cover('welcome', '50vw')} onBack={null} />);
    const sources = Array.from(container.querySelectorAll('picture > source'));
    expect(sources.map((source) => [source.getAttribute('type'), source.getAttribute('srcset'), source.getAttribute('sizes')])).toEqual([
      ['image/avif', '/covers/welcome-480.avif 480w, /covers/welcome-800.avif 800w', '50vw'],
      ['image/webp', '/covers/welcome-480.webp 480w, /covers/welcome-800.webp 800w', '50vw'],
    ]);
    const image = container.querySelector('picture > img.cover-panel__image');
    expect(image).toHaveAttribute('src', '/covers/welcome-1200.jpg');
    expect(image).toHaveAttribute('alt', '');
    expect(image).toHaveAttribute('fetchpriority', 'high');
    expect(image).toHaveAttribute('decoding', 'async');
  });

  it('renders a plain path as a lone <img>', () => {
    const { container } = render(<CoverPanel logo={logo} background="/covers/own-photo.jpg" onBack={null} />);
    expect(container.querySelector('picture')).toBeNull();
    expect(container.querySelector('img.cover-panel__image')).toHaveAttribute('src', '/covers/own-photo.jpg');
  });

  it("preloads the current cover's first source, with the same srcset and sizes, at high priority", () => {
    render(<CoverPanel logo={logo} background={cover('details')} onBack={null} />);
    const link = document.head.querySelector('link[rel="preload"][as="image"][imagesrcset*="details-480.avif"]');
    expect(link).not.toBeNull();
    expect(link).toHaveAttribute('type', 'image/avif');
    expect(link).toHaveAttribute('fetchpriority', 'high');
    expect(link?.getAttribute('imagesizes')).toBe(cover('details').sizes);
  });

  it("fetches the next step's cover when the browser is idle, through the same <picture> choice", () => {
    const idle: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    const createElement = vi.spyOn(document, 'createElement');
    const created = () => createElement.mock.results.map((result) => result.value as Element);
    render(<CoverPanel logo={logo} background={cover('basic-info')} next={cover('hub')} onBack={null} />);
    expect(created().some((element) => element.getAttribute('src') === '/covers/hub-1200.jpg')).toBe(false);

    for (const callback of idle) callback();
    const warmed = created().find((element) => element instanceof HTMLImageElement && element.getAttribute('src') === '/covers/hub-1200.jpg');
    expect(warmed?.parentElement?.tagName).toBe('PICTURE');
    expect(warmed).toHaveAttribute('fetchpriority', 'low');
    expect(warmed?.parentElement?.querySelector('source')).toHaveAttribute('srcset', '/covers/hub-480.avif 480w, /covers/hub-800.avif 800w');
  });
});
