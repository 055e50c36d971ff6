import { ANY_WIDTH } from './helpers/any-width';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { DIST_DIR } from '../support/dist-dir';
import { CARRIED_CONTINUE_KEY } from '../../src/first-paint/page-marks';
import { EN } from '../../src/i18n/messages-en';
import { pressLikeAPerson } from './helpers/press';
import { fillBasicInfo, WELCOME } from '../support/default-programme.mjs';
import { expect, test } from './fixtures';

// index.html carries Welcome as HTML, made at build time from public/config.json
// (scripts/prerender-welcome.ts), so the first paint needs no script; Welcome gives way to the app
// without moving anything, and a config.json edited after the build wins.

const INFO_BOX_TITLE = 'How the programme works';
const RICH_TEXT_START = 'Thank you for your interest in working with Hartwell Window Co.';

/** Holds the app's entry script until `release` is called, so the prerendered page can be looked at. */
async function holdEntryScript(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Where the things a creator sees first are, in CSS pixels. */
function positions(page: Page) {
  return page.evaluate(() =>
    ['h1', '.block-rich-text', '.block-info-box', '.cover-panel__image', '.step-bar', 'button[type=submit]', '.site-footer'].map((selector) => {
      const box = document.querySelector(selector)?.getBoundingClientRect();
      return { selector, box: box ? [box.x, box.y, box.width, box.height].map((value) => Math.round(value)) : null };
    }),
  );
}

test.describe('Welcome prerendered into index.html', () => {
  test(
    'the built index.html holds Welcome: heading, text, info box, cover picture and step bar, marked with its config.json',
    ANY_WIDTH,
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a test needs from this pattern.
    async ({}, testInfo) => {
      test.skip(testInfo.project.name !== 'desktop', 'reads files only: once is enough');
      const html = await readFile(join(DIST_DIR, 'index.html'), 'utf8');
      const configText = await readFile(join(DIST_DIR, 'config.json'), 'utf8');
      const root = /<div id="root">([\s\S]*)<\/div>\s*<script type="application\/json" id="checked-config">/.exec(html)?.[1] ?? '';
      expect(root).toContain(`<h1 class="block-heading block-heading--h1">${WELCOME.heading}</h1>`);
      expect(root).toContain(RICH_TEXT_START);
      expect(root).toContain(INFO_BOX_TITLE);
      expect(root).toMatch(/<picture><source type="image\/avif" srcSet="\/covers\/step-0-welcome-480\.avif 480w/);
      expect(root).toContain('<nav class="step-bar" aria-label="Application progress">');
      expect(root).toContain('>Basic Info</span>');
      expect(root).not.toContain('<script');
      const hash = createHash('sha256').update(configText).digest('hex').slice(0, 16);
      expect(root).toContain(`<div class="prerendered" data-prerendered-config="${hash}">`);
      // config.json as the build checked it, for the app to use when it fetches these very bytes.
      const checked = /<\/div>\s*<script type="application\/json" id="checked-config">([^<]*)<\/script>\s*<noscript>/.exec(html)?.[1];
      const carried = JSON.parse(checked ?? 'null') as { digest: string; config: { title: string; steps: unknown[] } } | null;
      expect(carried?.digest).toBe(hash);
      const source = JSON.parse(configText) as { title: string; steps: unknown[] };
      expect(carried?.config.title).toBe(source.title);
      expect(carried?.config.steps).toHaveLength(source.steps.length);
      expect(html).toContain('<title>Creator Trade Programme · Hartwell Window Co.</title>');
      // Painting it needs nothing but the HTML and the cover: styles inline, the app's code (and
      // config.json) asked for by the starter only once Welcome is painted.
      const head = /<head>([\s\S]*)<\/head>/.exec(html)?.[1] ?? '';
      expect(head).toContain('<style>');
      const headTags = head.replace(/<script\b[\s\S]*?<\/script>/g, '');
      expect(headTags).not.toMatch(/rel="stylesheet"|rel="modulepreload"|href="\/config\.json"/);
      // No script file before the first paint: the resume hint and the starter are inline.
      expect(head).not.toMatch(/<script\b[^>]*\ssrc=/);
      // The starter, compiled from src/first-paint/start-app.ts: a literal import of the entry.
      expect(head).toMatch(/<script type="module">[\s\S]*import\(["`]\/assets\/index-[^"`]+\.js["`]\)/);
    },
  );

  test('without JavaScript, Welcome is on screen with its cover', async ({ browser, app }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(app.url);
    await expect(page.locator('h1')).toHaveText(WELCOME.heading);
    await expect(page.getByText(RICH_TEXT_START)).toBeVisible();
    await expect(page.locator('.cover-panel__image')).toBeVisible();
    expect(await page.locator('.cover-panel__image').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    // Its links are plain links: they work without the app.
    await expect(page.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('rel', /noopener/);
    await context.close();
  });

  test('Welcome gives way to the app without moving anything and without a layout shift', async ({ page, app }) => {
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { __shifts: number[] }).__shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const release = await holdEntryScript(page);
    await page.goto(app.url, { waitUntil: 'commit' });
    await expect(page.locator('.prerendered h1')).toHaveText(WELCOME.heading);
    await page.waitForFunction(() => document.querySelector<HTMLImageElement>('.cover-panel__image')?.complete ?? false);
    const before = await positions(page);
    release();
    await expect(page.locator('.prerendered')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Continue', exact: true })).toBeEnabled();
    expect(await positions(page)).toEqual(before);
    // One heading on screen: the built one is gone (the wizard built behind Welcome, hidden, has its own).
    await expect(page.locator('h1:visible')).toHaveCount(1);
    expect(await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts.reduce((sum, value) => sum + value, 0))).toBe(0);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Basic Information' })).toBeFocused();
  });

  test('a press of Continue before the app has taken over is kept and made again, once: Basic Info opens', async ({ page, app }, testInfo) => {
    const release = await holdEntryScript(page);
    await page.goto(app.url, { waitUntil: 'commit' });
    const continueButton = page.getByRole('button', { name: 'Continue', exact: true });
    await expect(page.locator('.prerendered h1')).toHaveText(WELCOME.heading);
    // Pressed as a person does, near its edge and held, as soon as it is on screen.
    await pressLikeAPerson(page, testInfo, continueButton);
    // Caught: the page stays, and the button says it is at work.
    await expect(continueButton).toHaveAttribute('aria-disabled', 'true');
    // An impatient second press counts for nothing: it must not become a Continue on Basic Info.
    await pressLikeAPerson(page, testInfo, continueButton);
    await expect(page.locator('.prerendered h1')).toHaveText(WELCOME.heading);
    expect(new URL(page.url()).search).toBe('');
    release();
    await expect(page.getByRole('heading', { name: 'Basic Information' })).toBeFocused();
    await expect(page.locator('.prerendered')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: WELCOME.heading })).toBeHidden();
    // Made once: the creator is on step 2, not beyond it, and no Continue was tried there.
    await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
    await expect(page.getByLabel('Full Name', { exact: true })).toBeVisible();
    // (A Continue there would mark the empty fields and focus Full Name within a frame or two.)
    await page.waitForTimeout(500);
    await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Basic Information' })).toBeFocused();
  });

  test("when the app's code cannot be fetched, Welcome says so, and Continue loads the page again and opens Basic Info", async ({ page, app }, testInfo) => {
    // The first request for the entry is held, then its connection drops; later ones go through.
    let drop: () => void = () => undefined;
    const dropping = new Promise<void>((resolve) => {
      drop = resolve;
    });
    let requests = 0;
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      requests += 1;
      if (requests > 1) return route.continue();
      await dropping;
      await route.abort('internetdisconnected');
    });
    await page.goto(app.url, { waitUntil: 'commit' });
    const continueButton = page.getByRole('button', { name: 'Continue', exact: true });
    await expect(page.locator('.prerendered h1')).toHaveText(WELCOME.heading);
    // Pressed while the app is on its way, which then fails: the press is answered, not left busy.
    await pressLikeAPerson(page, testInfo, continueButton);
    await expect(continueButton).toHaveAttribute('aria-disabled', 'true');
    await expect.poll(() => requests).toBe(1);
    drop();
    await expect(page.getByRole('alert')).toHaveText(EN.formLoadFailed);
    await expect(continueButton).toHaveAttribute('aria-disabled', 'false');
    // Pressed again: the page is loaded again and the press goes through once the app is there.
    await pressLikeAPerson(page, testInfo, continueButton);
    await expect(page.getByRole('heading', { name: 'Basic Information' })).toBeFocused();
    expect(requests).toBe(2);
    await expect(page.getByText(EN.formLoadFailed)).toHaveCount(0);
    // The carried press is used once: nothing of it stays for the next load.
    expect(await page.evaluate((key) => sessionStorage.getItem(key), CARRIED_CONTINUE_KEY)).toBeNull();
  });

  test('a control focused with the keyboard before the app has taken over keeps the focus', async ({ page, app }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'a keyboard');
    const release = await holdEntryScript(page);
    await page.goto(app.url, { waitUntil: 'commit' });
    await expect(page.locator('.prerendered h1')).toHaveText(WELCOME.heading);
    await page.locator('.prerendered').getByRole('link', { name: 'Privacy policy' }).focus();
    release();
    await expect(page.locator('.prerendered')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Privacy policy' })).toBeFocused();
  });

  test.describe('the configuration the build checked', () => {
    // index.html must come from the network, where the test can change it: not from a worker's cache.
    test.use({ serviceWorkers: 'block' });

    /** Serves index.html with its checked configuration changed by `edit`, the digest kept. */
    async function serveIndexWith(page: Page, edit: (block: string) => string): Promise<void> {
      await page.route(/\/(index\.html)?(\?.*)?$/, async (route) => {
        if (route.request().resourceType() !== 'document') return route.fallback();
        const response = await route.fetch();
        const html = await response.text();
        const edited = html.replace(
          /(<script type="application\/json" id="checked-config">)([^<]*)(<\/script>)/,
          (_all, open: string, block: string, close: string) => open + edit(block) + close,
        );
        expect(edited).not.toBe(html);
        await route.fulfill({ response, body: edited });
      });
    }

    test('is what the app runs on when config.json is the file the build checked', ANY_WIDTH, async ({ page, app }) => {
      // Told apart from config.json by a title only the carried copy has: the app did not check the file again.
      await serveIndexWith(page, (block) => {
        const checked = JSON.parse(block) as { config: { title: string } };
        checked.config.title = 'Carried by index.html';
        return JSON.stringify(checked);
      });
      await page.goto(app.url);
      await expect(page).toHaveTitle('Carried by index.html');
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Basic Information' })).toBeFocused();
    });

    test('a damaged copy is set aside: the app checks config.json itself and opens as usual', ANY_WIDTH, async ({ page, app }) => {
      await serveIndexWith(page, (block) => block.slice(0, block.length / 2));
      await page.goto(app.url);
      await expect(page).toHaveTitle('Creator Trade Programme · Hartwell Window Co.');
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Basic Information' })).toBeFocused();
    });
  });

  test('a config.json edited after the build wins: its Welcome replaces the built one, whose text does not remain', ANY_WIDTH, async ({ page, app }) => {
    await app.editConfig((config) => {
      const steps = config.steps as Array<{ name: string; blocks: Array<{ component: string; data: Record<string, unknown> }> }>;
      const welcome = steps[0];
      if (!welcome) throw new Error('no Welcome step');
      welcome.name = 'Hello';
      for (const block of welcome.blocks) {
        if (block.component === 'Heading') block.data.text = 'Join the Hartwell studio';
        if (block.component === 'RichText') block.data.html = '<p>A new introduction, edited after the build.</p>';
        if (block.component === 'InfoBox') block.data.title = 'What you get';
      }
      config.title = 'Edited title';
    });
    await page.goto(app.url);
    await expect(page.getByRole('heading', { level: 1, name: 'Join the Hartwell studio' })).toBeVisible();
    // Visible once: the wizard built behind Welcome holds a hidden copy of it too.
    await expect(page.getByText('A new introduction, edited after the build.').filter({ visible: true })).toBeVisible();
    await expect(page.getByText(WELCOME.heading)).toHaveCount(0);
    await expect(page.getByText(RICH_TEXT_START)).toHaveCount(0);
    await expect(page.getByText(INFO_BOX_TITLE)).toHaveCount(0);
    await expect(page.locator('.prerendered')).toHaveCount(0);
    await expect(page).toHaveTitle('Edited title');
    // Every step bar says so: Welcome's, and the hidden wizard's once it is built behind it.
    const bars = page.locator('.step-bar');
    await expect(bars.first()).toContainText('Hello');
    for (const bar of await bars.all()) await expect(bar).toContainText('Hello');
  });

  test.describe('returning', () => {
    // The held entry script must come from the network: a worker in control would serve it from its cache.
    test.use({ serviceWorkers: 'block' });

    test('a returning creator sees the loading line, never the built Welcome, until their own step opens', async ({ page, app }, testInfo) => {
      await page.goto(app.url);
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await fillBasicInfo(page);
      await expect(page.getByText('Saved on this device', { exact: true })).toBeVisible();
      const release = await holdEntryScript(page);
      await page.reload({ waitUntil: 'commit' });
      await expect(page.getByText('Loading the application…')).toBeVisible();
      // Decided in the head, before anything is painted: Welcome is not drawn at all.
      expect(await page.evaluate(() => document.documentElement.classList.contains('resuming'))).toBe(true);
      await expect(page.locator('.prerendered')).toBeHidden();
      await expect(page.getByText(WELCOME.heading)).toBeHidden();
      await page.screenshot({ path: testInfo.outputPath('returning-creator-loading.png') });
      release();
      await expect(page.getByRole('heading', { name: 'Basic Information' })).toBeVisible();
      await expect(page.getByLabel('Full Name', { exact: true })).toHaveValue('Ada');
      await expect(page.getByText('Loading the application…')).toHaveCount(0);
    });
  });

  test('a first visit is not taken for a returning one: Welcome is drawn and the loading line is not', async ({ page, app }) => {
    const release = await holdEntryScript(page);
    await page.goto(app.url, { waitUntil: 'commit' });
    await expect(page.locator('.prerendered h1')).toHaveText(WELCOME.heading);
    await expect(page.locator('.prerendered h1')).toBeVisible();
    await expect(page.getByText('Loading the application…')).toBeHidden();
    release();
    await expect(page.getByRole('button', { name: 'Continue', exact: true })).toBeEnabled();
  });
});
