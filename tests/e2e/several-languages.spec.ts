import { ANY_WIDTH } from './helpers/any-width';
// One deployment offering English and French (docs/examples/config.en-fr.json, built into
// dist-languages/ by `npm run build:languages`): the page opens in the browser's language, before
// the first paint on a first visit as on a return; the language links change the whole page at
// once, keeping every answer, the step and the scroll place; the choice is remembered.
import type { Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './helpers/axe';
import { FRENCH_CONTINUE, fr } from '../fixtures/french-programme';
import { BASIC_INFO_HEADING, fillBasicInfo, WELCOME } from '../support/default-programme.mjs';
import { FR } from '../../src/i18n/messages-fr';

test.use({ appBuild: fileURLToPath(new URL('../../dist-languages', import.meta.url)) });

const frenchWords = (english: string): string =>
  english.startsWith('Remove ')
    ? `Retirer ${english.slice('Remove '.length)}`
    : ({ Handle: FR.handleLabel as string, 'Follower count': FR.followersLabel as string }[english] ?? english);

/** Records the first heading #root showed while visible, from the page's first parsed byte. */
async function watchFirstHeading(page: Page): Promise<() => Promise<string | null>> {
  await page.addInitScript(() => {
    const look = () => {
      if (sessionStorage.getItem('test:first-heading') !== null) return;
      const root = document.getElementById('root');
      const heading = root?.querySelector('h1');
      if (!root || !heading || getComputedStyle(root).visibility === 'hidden') return;
      sessionStorage.setItem('test:first-heading', heading.textContent);
    };
    new MutationObserver(look).observe(document, { childList: true, subtree: true, attributes: true });
  });
  return () => page.evaluate(() => sessionStorage.getItem('test:first-heading'));
}

test.describe('a programme in English and French', () => {
  test.describe('for a browser that prefers Canadian French', () => {
    test.use({ locale: 'fr-CA' });

    test('opens in French, its Welcome drawn in French before the app runs', async ({ page, app }) => {
      const firstHeading = await watchFirstHeading(page);
      const release = app.holdEntryScript();
      await page.goto(app.url, { waitUntil: 'commit' });
      const prerendered = page.locator('.prerendered');
      await expect(prerendered.getByRole('heading', { level: 1 })).toHaveText(fr(WELCOME.heading));
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
      await expect(page).toHaveTitle(fr('Creator Trade Programme · Hartwell Window Co.'));
      await expect(prerendered.getByRole('navigation', { name: 'Langue' }).getByRole('link', { name: 'Français' })).toHaveAttribute('aria-current', 'true');
      expect(await firstHeading()).toBe(fr(WELCOME.heading));
      release();
      await expect(prerendered).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1, name: fr(WELCOME.heading) })).toBeVisible();
      await page.getByRole('button', { name: FRENCH_CONTINUE, exact: true }).click();
      await expect(page.getByRole('heading', { name: fr(BASIC_INFO_HEADING) })).toBeFocused();
    });

    test('opens in French offline too, once the app is kept on the device', ANY_WIDTH, async ({ page, context, app }) => {
      await page.goto(app.url);
      // As offline.spec.ts waits: the line comes once the worker has precached the app and fetched
      // the programme's French catalogue, which on a loaded 2-core machine took 6 to 13 s.
      await expect(page.getByText(FR.offlineReady as string).first()).toBeVisible({ timeout: 20_000 });
      await context.setOffline(true);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: fr(WELCOME.heading) })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
      await page.getByRole('button', { name: FRENCH_CONTINUE, exact: true }).click();
      await expect(page.getByRole('heading', { name: fr(BASIC_INFO_HEADING) })).toBeVisible();
      await expect(page.getByLabel(fr('Full Name'), { exact: true })).toBeEditable();
    });
  });

  test.describe('for a browser in German', () => {
    test.use({ locale: 'de-DE' });

    test('opens in English, the default', ANY_WIDTH, async ({ page, app }) => {
      const firstHeading = await watchFirstHeading(page);
      await page.goto(app.url);
      await expect(page.getByRole('heading', { level: 1, name: WELCOME.heading })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'English' })).toHaveAttribute('aria-current', 'true');
      expect(await firstHeading()).toBe(WELCOME.heading);
      await expectNoAxeViolations(page);
    });
  });

  test.describe('for a browser in American English', () => {
    test.use({ locale: 'en-US' });

    test('changing to French mid-form keeps every answer, the step and the scroll place, and is remembered', async ({ page, app }) => {
      await page.goto(app.url);
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await expect(page.getByRole('heading', { name: BASIC_INFO_HEADING })).toBeFocused();
      await fillBasicInfo(page);
      // By keyboard, as a creator would: the link is reached and pressed like any other. Where
      // the page is scrolled then (wherever that puts the link in view) is where it stays.
      const french = page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'Français' });
      await expect(french).toHaveAttribute('lang', 'fr');
      await page.mouse.wheel(0, 120);
      await french.focus();
      const scrollPlace = () => page.evaluate(() => [window.scrollY, document.querySelector('.content-panel')?.scrollTop ?? 0]);
      const scrolled = await scrollPlace();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { name: fr(BASIC_INFO_HEADING) })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
      await expect(page).toHaveTitle(fr('Creator Trade Programme · Hartwell Window Co.'));
      expect(new URL(page.url()).search).toBe('');
      expect(await scrollPlace()).toEqual(scrolled);
      await expect(page.getByRole('navigation', { name: 'Langue' }).getByRole('link', { name: 'Français' })).toBeFocused();
      await expect(page.getByLabel(fr('Full Name'), { exact: true })).toHaveValue('Ada');
      await expect(page.getByLabel(fr('Email Address'), { exact: true })).toHaveValue('ada@example.com');
      await expect(page.getByRole('group', { name: 'Instagram' }).getByLabel(frenchWords('Follower count'), { exact: true })).toHaveValue('12000');
      await expectNoAxeViolations(page);

      // A returning creator: the page reopens on their step, in French from its first words.
      const firstHeading = await watchFirstHeading(page);
      await page.reload();
      await expect(page.getByRole('heading', { name: fr(BASIC_INFO_HEADING) })).toBeVisible();
      await expect(page.getByLabel(fr('Full Name'), { exact: true })).toHaveValue('Ada');
      expect(await firstHeading()).not.toBe(WELCOME.heading);

      // And sends in French: the same body, its language named.
      await page.getByRole('button', { name: FRENCH_CONTINUE, exact: true }).click();
      await expect(page.getByRole('heading', { name: fr('Additional Details') })).toBeVisible();
      await page.getByRole('navigation', { name: 'Langue' }).getByRole('link', { name: 'English' }).click();
      await expect(page.getByRole('heading', { name: 'Additional Details' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    });

    test('a press held on a language link near its edge, right after typing, changes the language and keeps what was typed', async ({ page, app }) => {
      await page.goto(app.url);
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      const fullName = page.getByLabel('Full Name', { exact: true });
      await fullName.fill('Ad');
      await fullName.press('a');
      const french = page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'Français' });
      const box = await french.boundingBox();
      if (!box) throw new Error('the French link is not drawn');
      // A thumb or a hand: at the link's lower left corner, held 120 ms.
      await page.mouse.move(box.x + 3, box.y + box.height - 3);
      await page.mouse.down();
      await page.waitForTimeout(120);
      await page.mouse.up();
      await expect(page.getByRole('heading', { name: fr(BASIC_INFO_HEADING) })).toBeVisible();
      await expect(page.getByLabel(fr('Full Name'), { exact: true })).toHaveValue('Ada');
    });

    test('a language link followed before the app runs opens the page in that language, and is remembered', ANY_WIDTH, async ({ page, app }) => {
      const release = app.holdEntryScript();
      await page.goto(app.url, { waitUntil: 'commit' });
      const prerendered = page.locator('.prerendered');
      await expect(prerendered.getByRole('heading', { level: 1 })).toHaveText(WELCOME.heading);
      release();
      // Welcome may give way to the app meanwhile: the link is the same either way.
      await page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'Français' }).click();
      await expect(page.getByRole('heading', { level: 1, name: fr(WELCOME.heading) })).toBeVisible();
      expect(new URL(page.url()).search).toBe('');
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: fr(WELCOME.heading) })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    });
  });
});
