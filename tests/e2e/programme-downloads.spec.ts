// A programme downloads only the code it uses, the service worker's fetches included: no files
// feature (its field, photo worker, tus client) for a programme without a file field, no other
// language's catalogue for an English one, no proof-of-work solver where the receiver does not ask
// for one (proof-of-work.spec.ts shows it kept where it does); and a programme with files, opened once online, shows
// its file field offline, because the worker fetched the feature for it (sw/feature-chunks.ts),
// also after a live edit of config.json adds a file field.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';
import { fileRow, PHOTOS, toDetails } from './helpers/files-programme';
import { cameraJpeg } from './helpers/test-files';
import { fileFeatureChunks } from '../support/bundle-sizes.mjs';
import { completeApplication } from './helpers/complete-application';
import { DIST_DIR } from '../support/dist-dir';

const FILES_EXAMPLE = fileURLToPath(new URL('../../docs/examples/config.files.json', import.meta.url));

// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook needs from this pattern.
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'the downloads do not depend on the screen: the desktop run is enough');
});

/** Every request of a context, the service worker's included (`fromWorker`), as path names. */
function recordRequests(context: BrowserContext): Array<{ path: string; fromWorker: boolean }> {
  const seen: Array<{ path: string; fromWorker: boolean }> = [];
  context.on('request', (request: Request) => {
    seen.push({ path: new URL(request.url()).pathname, fromWorker: request.serviceWorker() !== null });
  });
  return seen;
}

/** The build-relative paths of the other languages' catalogues. */
async function otherCatalogues(): Promise<string[]> {
  return (await readdir(join(DIST_DIR, 'assets'))).filter((file) => /^messages-(fr|es)-[\w-]+\.js$/.test(file)).map((file) => `assets/${file}`);
}

/** The build-relative paths of the page's proof-of-work solver and its Web Worker. */
async function solverChunks(): Promise<string[]> {
  return (await readdir(join(DIST_DIR, 'assets'))).filter((file) => /^(page-proofs|solver-worker)-[\w-]+\.js$/.test(file)).map((file) => `assets/${file}`);
}

async function readyOffline(page: Page): Promise<void> {
  await expect(page.getByText('Ready to work offline').filter({ visible: true })).toBeVisible({ timeout: 20_000 });
}

/**
 * Debian's Chromium under Playwright does not carry the emulated offline state into a document
 * opened while offline (its navigator.onLine says true; requests still fail): set again, it reaches
 * the page as the "offline" event a phone losing its signal sends (as offline.spec.ts does).
 */
async function stillOffline(page: Page, context: BrowserContext): Promise<void> {
  if (await page.evaluate(() => navigator.onLine)) {
    await context.setOffline(false);
    await context.setOffline(true);
  }
}

/** Whether the service worker's cache of feature chunks holds a chunk of this name. */
async function chunkKept(page: Page, name: string): Promise<boolean> {
  return page.evaluate(async (chunk) => {
    const cache = await caches.open('feature-chunks');
    return (await cache.keys()).some((request) => new RegExp(`/assets/${chunk}-[\\w-]+\\.js$`).test(request.url));
  }, name);
}

function fileFieldKept(page: Page): Promise<boolean> {
  return chunkKept(page, 'file-field');
}

test.describe('what a programme downloads', () => {
  test.use({ locale: 'fr-FR' });

  test('the default programme, walked to the end in a French browser, never requests the files feature, another catalogue nor the proof-of-work solver, page or service worker', async ({
    page,
    context,
    app,
  }) => {
    test.setTimeout(120_000);
    const requests = recordRequests(context);
    await page.goto(app.url);
    await readyOffline(page);
    await completeApplication(page);
    // A second start, the worker in control, as a creator coming back to what they sent.
    await page.goto(app.url);
    await expect(page.getByRole('heading', { name: 'Thank you for applying!' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

    expect(requests.filter((request) => request.fromWorker).length, 'the service worker’s own fetches are in the log').toBeGreaterThan(0);
    // The files feature's chunks include the tus client's, known by its protocol header whatever the bundler names it.
    // The receiver here has proof of work off (the default): its solver is neither loaded nor precached.
    const solver = await solverChunks();
    expect(solver, 'the solver and its Web Worker').toHaveLength(2);
    const forbidden = [...(await fileFeatureChunks(DIST_DIR)), ...(await otherCatalogues()), ...solver];
    expect(forbidden.length).toBeGreaterThan(7);
    const fetched = requests.filter((request) => forbidden.some((file) => request.path.endsWith(`/${file}`)));
    expect(fetched).toEqual([]);
  });
});

test('a browser without the HTML Sanitizer API gets DOMPurify kept for offline by its first visit; one with it never downloads it', async ({
  page,
  context,
  app,
}) => {
  test.setTimeout(120_000);
  const requests = recordRequests(context);
  await page.goto(app.url);
  await readyOffline(page);
  expect(await chunkKept(page, 'dompurify-sanitize')).toBe(false);
  expect(requests.filter((request) => /\/dompurify-sanitize-[\w-]+\.js$/.test(request.path))).toEqual([]);

  const other = await context.browser()?.newContext();
  if (!other) throw new Error('no browser to open a second context in');
  // As Safari is: no Sanitizer, so the page loads DOMPurify, before the worker exists.
  await other.addInitScript(() => {
    Reflect.deleteProperty(globalThis, 'Sanitizer');
  });
  const withoutSanitizer = await other.newPage();
  await withoutSanitizer.goto(app.url);
  await readyOffline(withoutSanitizer);
  expect(await chunkKept(withoutSanitizer, 'dompurify-sanitize'), 'kept before the page says it is ready offline').toBe(true);
  await other.setOffline(true);
  await withoutSanitizer.reload();
  await stillOffline(withoutSanitizer, other);
  await withoutSanitizer.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(withoutSanitizer.getByRole('heading', { name: 'Basic Information' })).toBeFocused({ timeout: 30_000 });
  // The footer's configured HTML, drawn by DOMPurify from the worker's cache.
  await expect(withoutSanitizer.locator('footer a').first()).toBeVisible();
  await other.close();
});

test('the files example, opened once online, opens every step offline, shows the file field and keeps a chosen photo across a reload', async ({
  page,
  context,
  app,
}) => {
  test.setTimeout(90_000);
  await app.writeConfigText(await readFile(FILES_EXAMPLE, 'utf8'));
  await page.goto(app.url);
  await readyOffline(page);
  expect(await fileFieldKept(page), 'the worker fetched the files feature before taking over').toBe(true);

  await context.setOffline(true);
  await page.reload();
  await stillOffline(page, context);
  await toDetails(page);
  const photo = await cameraJpeg(1600, 1200);
  await page.getByLabel(PHOTOS, { exact: true }).setInputFiles({ name: 'IMG_0007.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(fileRow(page, 'IMG_0007.jpg')).toContainText(/Upload paused|Waiting to upload/);
  await expect(page.getByText('Saved on this device', { exact: true })).toBeVisible();

  await page.reload();
  await stillOffline(page, context);
  await expect(page.getByRole('heading', { name: 'Additional Details' })).toBeVisible();
  await expect(fileRow(page, 'IMG_0007.jpg')).toBeVisible();
  await expect
    .poll(() =>
      fileRow(page, 'IMG_0007.jpg')
        .locator('img')
        .evaluate((image: HTMLImageElement) => image.naturalWidth),
    )
    .toBeGreaterThan(0);
});

test('a file field added to config.json after a visit is fetched at the next online start, and then shows offline', async ({ page, context, app }) => {
  test.setTimeout(90_000);
  await page.goto(app.url);
  await readyOffline(page);
  expect(await fileFieldKept(page), 'no files feature for the default programme').toBe(false);

  await app.writeConfigText(await readFile(FILES_EXAMPLE, 'utf8'));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Become a Hartwell creator partner' })).toBeVisible();
  await expect.poll(() => fileFieldKept(page), { timeout: 15_000 }).toBe(true);

  await context.setOffline(true);
  await page.reload();
  await toDetails(page);
  await expect(page.getByLabel(PHOTOS, { exact: true })).toBeAttached();
  await expect(page.locator('.file-field').first()).toBeVisible();
});
