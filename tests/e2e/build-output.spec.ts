import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { DIST_DIR } from '../support/dist-dir';

// Reads the production build in dist/ (built by `npm run test:e2e` before this suite); no browser needed.
const DIST = DIST_DIR;

async function precacheUrls(): Promise<string[]> {
  const worker = await readFile(join(DIST, 'sw.js'), 'utf8');
  return [...worker.matchAll(/\{"revision":(?:"[0-9a-f]+"|null),"url":"([^"]+)"\}/g)].map((match) => match[1] ?? '');
}

interface ResponsiveCover {
  src: string;
  sources: Array<{ type: string; srcset: string }>;
}

type Cover = string | ResponsiveCover;

async function distConfig(): Promise<{ backgrounds: Cover | Cover[]; logo: { src: string } }> {
  return JSON.parse(await readFile(join(DIST, 'config.json'), 'utf8')) as { backgrounds: Cover | Cover[]; logo: { src: string } };
}

function coversOf(backgrounds: Cover | Cover[]): Cover[] {
  return Array.isArray(backgrounds) ? backgrounds : [backgrounds];
}

/** The URL and width of each candidate of a srcset ("/covers/a-480.avif 480w, …"). */
function candidates(srcset: string): Array<{ url: string; width: number }> {
  return srcset.split(',').map((candidate) => {
    const [url = '', descriptor = ''] = candidate.trim().split(/\s+/);
    return { url, width: Number.parseInt(descriptor, 10) };
  });
}

function relative(url: string): string {
  return url.replace(/^\//, '');
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

  test('precaches every icon, the shell and each default cover in AVIF, each URL once, and no telemetry library', async () => {
    const urls = await precacheUrls();
    expect(urls.length).toBeGreaterThan(5);
    expect(new Set(urls).size).toBe(urls.length);
    const config = await distConfig();
    const covers = coversOf(config.backgrounds);
    const coverUrls = covers.flatMap((cover) =>
      typeof cover === 'string'
        ? [cover]
        : [...cover.sources.filter((source) => source.type === 'image/avif').flatMap((source) => candidates(source.srcset).map((candidate) => candidate.url))],
    );
    expect(coverUrls.some((url) => url.endsWith('.avif'))).toBe(true);
    const required = [
      'index.html',
      ...coverUrls.map(relative),
      relative(config.logo.src),
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
    // Only browsers without AVIF take the WebP files: they are cached on first use, not on every phone.
    expect(urls.filter((url) => url.endsWith('.webp'))).toEqual([]);
    // Nor does the JPEG fallback of browsers with neither format.
    expect(urls.filter((url) => url.endsWith('.jpg'))).toEqual([]);
    // Telemetry loads from the network, and only where configured.
    expect(urls.filter((url) => /posthog|sentry/.test(url))).toEqual([]);
  });

  test('every responsive cover in config.json names files that exist, and a phone never loads more than 80 kB for one', async () => {
    const covers = coversOf((await distConfig()).backgrounds).filter((cover): cover is ResponsiveCover => typeof cover !== 'string');
    expect(covers.length).toBeGreaterThan(0);
    for (const cover of covers) {
      expect((await stat(join(DIST, relative(cover.src)))).isFile(), cover.src).toBe(true);
      for (const source of cover.sources) {
        for (const { url, width } of candidates(source.srcset)) {
          const path = join(DIST, relative(url));
          const size = (await stat(path)).size;
          // A DPR-3 phone draws the cover about 1170 px wide, so it takes a file of 1200 px or less.
          if (width <= 1200) expect(size, `${url}: ${String(size)} bytes`).toBeLessThanOrEqual(80 * 1024);
          const metadata = await sharp(path).metadata();
          expect({ url, width: metadata.width, format: `image/${metadata.format === 'heif' ? 'avif' : metadata.format}` }).toEqual({
            url,
            width,
            format: source.type,
          });
        }
      }
    }
  });

  test("index.html preloads the first step's cover with the same srcset the page will pick from", async () => {
    const [first] = coversOf((await distConfig()).backgrounds);
    const html = await readFile(join(DIST, 'index.html'), 'utf8');
    const preload = /<link rel="preload" as="image"[^>]*>/.exec(html)?.[0] ?? '';
    if (typeof first === 'string') {
      expect(preload).toContain(`href="${first}"`);
      return;
    }
    expect(preload).toContain(`imagesrcset="${first?.sources[0]?.srcset ?? ''}"`);
    expect(preload).toContain(`type="${first?.sources[0]?.type ?? ''}"`);
    expect(preload).toContain('fetchpriority="high"');
  });

  test('the web app manifest has every field, and its icons and screenshots exist at their stated sizes', async () => {
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
    const screenshots = (manifest.screenshots ?? []) as Array<{ src: string; sizes: string; type: string; form_factor?: string; label?: string }>;
    expect(screenshots.map((screenshot) => screenshot.form_factor)).toEqual(expect.arrayContaining(['narrow', 'wide']));
    const precached = await precacheUrls();
    for (const screenshot of screenshots) {
      expect(screenshot.label, screenshot.src).toEqual(expect.any(String));
      const metadata = await sharp(join(DIST, relative(screenshot.src))).metadata();
      expect(`${String(metadata.width)}x${String(metadata.height)} image/${metadata.format}`, screenshot.src).toBe(`${screenshot.sizes} ${screenshot.type}`);
      // Only the install dialog shows them, online: not worth a download on every phone.
      expect(precached).not.toContain(relative(screenshot.src));
    }
    const html = await readFile(join(DIST, 'index.html'), 'utf8');
    expect(html).toContain('rel="manifest"');
    expect(html).toContain('rel="apple-touch-icon"');
    // The tab's icon is favicon.ico: Chromium draws an SVG icon as a document on the page's main thread.
    expect(html).toContain('<link rel="icon" href="/favicon.ico" sizes="48x48"');
    expect(html).not.toMatch(/rel="icon"[^>]*svg/);
  });

  test("tus-js-client's URL and Base64 polyfills are in no file: the platform's own stand in (src/uploads/tus-shims)", async () => {
    const maps = [
      join(DIST, 'sw.js.map'),
      ...(await readdir(join(DIST, 'assets'))).filter((name) => name.endsWith('.js.map')).map((name) => join(DIST, 'assets', name)),
    ];
    const sources = (await Promise.all(maps.map(async (map) => (JSON.parse(await readFile(map, 'utf8')) as { sources: string[] }).sources))).flat();
    expect(sources.filter((source) => source.includes('tus-js-client')).length, 'the build holds tus-js-client').toBeGreaterThan(0);
    expect(sources.filter((source) => /node_modules\/(url-parse|js-base64|querystringify|requires-port)\//.test(source))).toEqual([]);
  });

  test("docs/deploying.md gives sw.js's size as the build writes it, raw and gzip, within 2 %", async () => {
    const worker = await readFile(join(DIST, 'sw.js'));
    const guide = await readFile(fileURLToPath(new URL('../../docs/deploying.md', import.meta.url)), 'utf8');
    const stated = /`sw\.js` is (\d+(?:\.\d+)?) kB, (\d+(?:\.\d+)?) kB gzip/.exec(guide.replace(/\s+/g, ' '));
    expect(stated, "docs/deploying.md states the service worker's size").not.toBeNull();
    // kB of 1000 bytes, as Vite reports them; gzip -9, as a static host precompresses. Within 2 %:
    // a small change to the worker leaves the figure true, a doubling (21.5 kB said, 43.7 written) does not.
    const near = (said: number, bytes: number) => Math.abs(said - bytes / 1000) / (bytes / 1000);
    expect(near(Number(stated?.[1]), worker.length)).toBeLessThan(0.02);
    expect(near(Number(stated?.[2]), gzipSync(worker, { level: 9 }).length)).toBeLessThan(0.02);
  });
});
