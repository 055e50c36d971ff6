// `npm run generate:screenshots`: rebuilds public/screenshots/, the web app manifest's
// screenshots, from the app itself. It builds into a temporary folder (dist/ is left alone),
// serves that build with the server `npm start` uses, opens the Welcome and Basic Info steps in
// Chromium at a phone's and a desktop's size, and writes WebP files, which are a fraction of
// the PNGs' size, and beside them the digest of the public/config.json they show
// (manifest-screenshots.mjs: a build ships them only with that programme). The files are
// committed: a build does not need a browser.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import { build } from 'vite';
import { createAppServer } from '../server/app-server.mjs';
import { SCREENSHOT_CAPTURES, SCREENSHOTS_RECORD, screenshotsRecord } from './manifest-screenshots.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const publicDir = join(root, 'public');
// The same Chromium and flags as playwright.config.ts: Playwright's own download does not work here.
const executablePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const args = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const outDir = await mkdtemp(join(tmpdir(), 'wizard-screenshots-'));
// Read before the build, which captures this very text.
const configText = await readFile(join(publicDir, 'config.json'), 'utf8');
try {
  await build({ root, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  const server = createAppServer({ root: outDir });
  await new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve(undefined);
    });
  });
  const address = server.address();
  const url = `http://127.0.0.1:${String(typeof address === 'object' && address ? address.port : 0)}/`;
  const browser = await chromium.launch({ executablePath, args });
  try {
    for (const capture of SCREENSHOT_CAPTURES) {
      // A fresh context each time: no draft, and no service worker whose status line would show.
      const context = await browser.newContext({
        viewport: capture.viewport,
        deviceScaleFactor: capture.deviceScaleFactor,
        isMobile: capture.isMobile,
        hasTouch: capture.isMobile,
        serviceWorkers: 'block',
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      await page.goto(url);
      await page.getByRole('button', { name: 'Continue', exact: true }).waitFor();
      for (let step = 0; step < capture.step; step += 1) await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await page.locator('.step h1, .step h2').filter({ visible: true }).first().waitFor();
      // The form widgets load on demand: wait until no section still says it is loading.
      const loading = page.locator('.form-section__loading');
      while ((await loading.count()) > 0) await loading.first().waitFor({ state: 'detached' });
      // The pointer that pressed Continue would otherwise hover whatever field took its place.
      await page.mouse.move(0, 0);
      // decode() settles once the file the <picture> chose has loaded and can be painted (on
      // Welcome, the wizard built behind it, hidden, has a cover of its own: the one on screen).
      await page
        .locator('.cover-panel__image')
        .filter({ visible: true })
        .evaluate((image) => /** @type {HTMLImageElement} */ (image).decode());
      await page.evaluate(async () => {
        await globalThis.document.fonts.ready;
        // A phone scrolls past the cover when a step opens; the screenshot shows the page from its top.
        globalThis.scrollTo(0, 0);
      });
      const png = await page.screenshot({ type: 'png', animations: 'disabled', caret: 'hide' });
      const target = join(publicDir, capture.src);
      await mkdir(join(target, '..'), { recursive: true });
      await writeFile(target, await sharp(png).webp({ quality: 82, effort: 6 }).toBuffer());
      const { width, height } = await sharp(target).metadata();
      if (`${String(width)}x${String(height)}` !== capture.sizes) {
        throw new Error(`${target} is ${String(width)}x${String(height)}, but the manifest states ${capture.sizes}.`);
      }
      console.log(`${capture.src}: ${capture.sizes}, ${String(png.length)} bytes as PNG, written as WebP`);
      await context.close();
    }
    await writeFile(join(root, SCREENSHOTS_RECORD), `${JSON.stringify(screenshotsRecord(configText), null, 2)}\n`);
    console.log(`${SCREENSHOTS_RECORD}: made from public/config.json (digest ${screenshotsRecord(configText).configDigest})`);
  } finally {
    await browser.close();
    server.close();
  }
} finally {
  await rm(outDir, { recursive: true, force: true });
}
