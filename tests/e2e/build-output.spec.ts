import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { DIST_DIR } from '../support/dist-dir';

// Reads the production build in dist/ (built by `npm run test:e2e` before this suite); no browser needed.
const DIST = DIST_DIR;

async function precacheUrls(): Promise<string[]> {
  const worker = await readFile(join(DIST, 'sw.js'), 'utf8');
  return [...worker.matchAll(/\{"revision":(?:"[0-9a-f]+"|null),"url":"([^"]+)"\}/g)].map((match) => match[1] ?? '');
}

/** Width and height from a PNG's IHDR chunk. */
async function pngSize(path: string): Promise<string> {
  const bytes = await readFile(path);
  return `${String(bytes.readUInt32BE(16))}x${String(bytes.readUInt32BE(20))}`;
}

test.describe('the production build', () => {
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook needs from this pattern.
  test.beforeEach(({}, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'reads files only: once is enough');
  });

  test('precaches every cover, icon and the shell, each URL once', async () => {
    const urls = await precacheUrls();
    expect(urls.length).toBeGreaterThan(5);
    expect(new Set(urls).size).toBe(urls.length);
    const config = JSON.parse(await readFile(join(DIST, 'config.json'), 'utf8')) as { backgrounds: string[]; logo: { src: string } };
    const required = [
      'index.html',
      ...config.backgrounds.map((path) => path.replace(/^\//, '')),
      config.logo.src.replace(/^\//, ''),
      'pwa-192x192.png',
      'pwa-512x512.png',
      'maskable-icon-512x512.png',
      'apple-touch-icon-180x180.png',
      'favicon.ico',
      'manifest.webmanifest',
    ];
    for (const url of required) expect(urls, url).toContain(url);
    // config.json is not precached: it is fetched network-first so edits apply.
    expect(urls).not.toContain('config.json');
  });

  test('the web app manifest has every field, and its icons exist at their stated sizes', async () => {
    const manifest = JSON.parse(await readFile(join(DIST, 'manifest.webmanifest'), 'utf8')) as Record<string, unknown> & {
      icons: Array<{ src: string; sizes: string; purpose?: string }>;
    };
    expect(manifest).toMatchObject({
      id: '/',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: expect.any(String),
      background_color: expect.any(String),
      name: expect.any(String),
      short_name: expect.any(String),
      description: expect.any(String),
    });
    const sizes = manifest.icons.map((icon) => `${icon.sizes}${icon.purpose ? ` ${icon.purpose}` : ''}`);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512', '512x512 maskable']));
    for (const icon of manifest.icons) {
      const path = join(DIST, icon.src);
      expect((await stat(path)).isFile()).toBe(true);
      expect(await pngSize(path)).toBe(icon.sizes);
    }
    expect(await pngSize(join(DIST, 'apple-touch-icon-180x180.png'))).toBe('180x180');
    const html = await readFile(join(DIST, 'index.html'), 'utf8');
    expect(html).toContain('rel="manifest"');
    expect(html).toContain('rel="apple-touch-icon"');
  });
});
