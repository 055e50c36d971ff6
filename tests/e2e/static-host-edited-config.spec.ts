import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { chunkSizes, KB, totalSize } from '../support/bundle-sizes.mjs';
import { readyProbe, waitUntilReady } from '../benchmark/page-probes.mjs';
import { WELCOME } from '../support/default-programme.mjs';
import { DIST_DIR } from '../support/dist-dir';
import { BUDGETS } from '../support/performance-budgets.mjs';
import { TestApp } from '../support/test-app';

// dist/ on a static host (anything but this project's server, which rewrites index.html), with
// config.json edited after the build as the README allows: another title, another language. The
// page must never show the build's programme in its place, and Welcome must not wait for the
// schema's code (the build checked another file, so this one is checked while Welcome is read).

const EDITED = { title: 'Programme Rideaux', heading: 'Devenez partenaire Rideaux', lang: 'fr', button: 'Continuer' };

/** What the creator could see in each frame: the tab's title, the page's language, the headings drawn. */
interface Frame {
  title: string;
  lang: string;
  headings: string[];
}

let app: TestApp;

// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook needs from this pattern.
test.beforeEach(async ({}, testInfo) => {
  test.skip(testInfo.project.name === 'strict-effects', 'the production build is the one deployed');
  app = await TestApp.start();
  await app.editConfig((config) => {
    config.title = EDITED.title;
    config.programmeTitle = EDITED.title;
    config.lang = EDITED.lang;
    const steps = config.steps as Array<{ blocks: Array<{ component: string; data: { text?: string } }> }>;
    const heading = steps[0]?.blocks.find((block) => block.component === 'Heading');
    if (heading) heading.data.text = EDITED.heading;
  });
});

test.afterEach(async () => {
  await app.stop();
});

test('the build’s title, language and Welcome are never on screen, frame by frame', async ({ page }) => {
  await page.addInitScript(() => {
    const frames: Frame[] = [];
    (window as unknown as { frames_: Frame[] }).frames_ = frames;
    const sample = () => {
      const headings = [...document.querySelectorAll('h1, h2')]
        .filter((heading) => heading.getClientRects().length > 0)
        .map((heading) => heading.textContent.trim());
      frames.push({ title: document.title, lang: document.documentElement.lang, headings });
      requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
  await page.goto(`${app.url}/`);
  await expect(page.getByRole('heading', { level: 1, name: EDITED.heading })).toBeVisible();
  await expect(page.getByRole('button', { name: EDITED.button, exact: true })).toBeEnabled();
  await expect(page).toHaveTitle(EDITED.title);
  const frames = await page.evaluate(() => (window as unknown as { frames_: Frame[] }).frames_);
  expect(frames.length).toBeGreaterThan(0);
  for (const frame of frames) {
    expect(frame.title, JSON.stringify(frame)).not.toContain('Hartwell');
    expect(frame.headings, JSON.stringify(frame)).not.toContain(WELCOME.heading);
    if (frame.headings.length > 0) expect(frame.lang, JSON.stringify(frame)).toBe(EDITED.lang);
  }
});

test('the JavaScript fetched before Welcome answers is at most 90 kB gzip, the schema after', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'counts bytes of one build: once is enough');
  // The benchmark's own probe: Welcome is interactive once the app's Continue (not index.html's) is live.
  await page.addInitScript(readyProbe, { heading: EDITED.heading, button: EDITED.button });
  await page.goto(`${app.url}/`);
  const ready = await waitUntilReady(page);
  const scripts = await page.evaluate((before) => {
    const entries = performance.getEntriesByType('resource').filter((entry) => entry.startTime < before);
    return entries
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => /^\/assets\/.+\.js$/.test(path))
      .map((path) => path.slice(1));
  }, ready.domAt);
  const chunks = await chunkSizes(DIST_DIR, [...new Set(scripts)]);
  const listing = chunks.map((chunk) => `${chunk.file}: ${(chunk.gzip / KB).toFixed(1)} kB gzip`).join('\n');
  expect(
    chunks.some((chunk) => chunk.file.includes('parse-config')),
    listing,
  ).toBe(false);
  expect(totalSize(chunks).gzip, listing).toBeLessThanOrEqual(BUDGETS.criticalPathGzip);
  // The check still runs, while Welcome is read: the wizard is built from the checked file.
  await page.getByRole('button', { name: EDITED.button, exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Full Name' })).toBeVisible();
});

test('the file the build was made from: index.html’s Welcome is shown before any of the app’s code runs', async ({ page }) => {
  await app.writeConfigText(await readFile(join(DIST_DIR, 'config.json'), 'utf8'));
  const release = app.holdEntryScript();
  try {
    await page.goto(`${app.url}/`);
    await expect(page.locator('.prerendered').getByRole('heading', { level: 1, name: WELCOME.heading })).toBeVisible();
    await expect(page).toHaveTitle(/Hartwell/);
  } finally {
    release();
  }
});
