// A programme in a language written right to left (Arabic, tests/fixtures/arabic-programme.ts):
// the page is dir="rtl" and its layout is the mirror of the left-to-right one, while e-mail
// addresses, phone numbers and web addresses still read left to right. A screenshot of every step
// at this project's size is written to the test output, to be looked at.
import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures';
import { ar, ARABIC_CONTINUE, arabicProgramme } from '../fixtures/arabic-programme';
import { fillBasicInfo, fillDetails } from '../support/default-programme.mjs';

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator.toString()} is not on screen`);
  return found;
};

/**
 * The cover and content panels on screen, once the app has taken over from index.html's Welcome
 * (on Welcome, the wizard built behind it is hidden).
 */
async function panels(page: Page) {
  await expect(page.locator('.prerendered')).toHaveCount(0);
  const cover = page.locator('.cover-panel').filter({ visible: true });
  const content = page.locator('.content-panel').filter({ visible: true });
  await expect(cover).toBeVisible();
  await expect(content).toBeVisible();
  return { cover: await box(cover), content: await box(content) };
}

async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(widths.scroll, 'the page is no wider than the screen').toBeLessThanOrEqual(widths.client);
}

async function screenshot(page: Page, testInfo: TestInfo, index: number) {
  await expect(page.locator('.cover-panel__image').filter({ visible: true })).toHaveJSProperty('complete', true);
  const path = testInfo.outputPath(`rtl-step-${String(index)}-${testInfo.project.name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(`right to left, step ${String(index)}`, { path, contentType: 'image/png' });
}

/** The computed direction and alignment of a text box. */
const writing = (locator: Locator) =>
  locator.evaluate((element) => {
    const style = getComputedStyle(element);
    return { direction: style.direction, textAlign: style.textAlign };
  });

test('an Arabic programme is laid out as the mirror of an English one, addresses and numbers still left to right', async ({ page, app }, testInfo) => {
  const phone = testInfo.project.name === 'phone';
  const built = await app.readConfig();

  await page.goto(app.url);
  await expect(page.getByRole('heading', { name: 'Become a Hartwell creator partner' })).toBeVisible();
  const ltr = await panels(page);

  await app.writeConfigText(JSON.stringify(arabicProgramme(built), null, 2));
  await page.reload();
  const welcome = page.getByRole('heading', { level: 1, name: ar('Become a Hartwell creator partner') });
  await expect(welcome).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  const rtl = await panels(page);
  if (phone) {
    // The cover sits on top either way, as wide as the screen.
    expect(rtl.cover).toEqual(ltr.cover);
  } else {
    // The cover panel swaps sides: left of the content in English, right of it in Arabic.
    expect(ltr.cover.x).toBeLessThan(ltr.content.x);
    expect(rtl.cover.x).toBeGreaterThan(rtl.content.x);
    expect(rtl.cover.x + rtl.cover.width).toBeCloseTo(ltr.content.width + ltr.cover.width, 0);
    // The step bar reads from the right: its first step is the right-most.
    const items = page.getByRole('navigation', { name: 'Application progress' }).filter({ visible: true }).getByRole('listitem');
    await expect(items).toHaveCount(4);
    const first = await box(items.first());
    const last = await box(items.last());
    expect(first.x).toBeGreaterThan(last.x);
    await expect(items.first()).toHaveText(new RegExp(ar('Welcome')));
  }
  await expectNoSidewaysScroll(page);
  await screenshot(page, testInfo, 0);

  await page.getByRole('button', { name: ARABIC_CONTINUE }).click();
  await expect(page.getByRole('heading', { name: ar('Basic Information') })).toBeFocused();
  await fillBasicInfo(page, ar);
  for (const label of ['Email Address', 'Phone number', 'Website URL'] as const) {
    // Left to right inside, and at the start of the right-to-left row: the right.
    expect(await writing(page.getByLabel(ar(label), { exact: true })), label).toEqual({ direction: 'ltr', textAlign: 'right' });
  }
  expect(await writing(page.getByRole('combobox', { name: ar('Country code'), exact: true }))).toEqual({ direction: 'ltr', textAlign: 'right' });
  await expect(page.getByRole('combobox', { name: ar('Country code'), exact: true })).toHaveValue('US +1');
  // Any other box follows the page.
  expect(await writing(page.getByLabel(ar('City'), { exact: true }))).toEqual({ direction: 'rtl', textAlign: 'start' });
  if (phone) {
    // The arrow in the cover header (Back on phones) sits at the right and points right.
    const back = page.locator('.cover-panel').filter({ visible: true }).getByRole('button', { name: 'Back' });
    const arrow = await box(back);
    expect(arrow.x).toBeGreaterThan(page.viewportSize()!.width / 2);
    expect(await back.locator('svg').evaluate((icon) => getComputedStyle(icon).transform)).toBe('matrix(-1, 0, 0, 1, 0, 0)');
  } else {
    // Back, under the form, is at the end of the row Continue starts: on the right, Continue left of it.
    const back = await box(page.locator('.step-actions').filter({ visible: true }).getByRole('button', { name: 'Back' }));
    const next = await box(page.getByRole('button', { name: ARABIC_CONTINUE }).filter({ visible: true }));
    expect(back.x).toBeGreaterThan(next.x);
  }
  await expectNoSidewaysScroll(page);
  await screenshot(page, testInfo, 1);

  await page.getByRole('button', { name: ARABIC_CONTINUE }).click();
  await expect(page.getByRole('heading', { name: ar('Additional Details') })).toBeFocused();
  await fillDetails(page, ar);
  expect(await writing(page.getByLabel(ar('Link to your media kit'), { exact: true }))).toEqual({ direction: 'ltr', textAlign: 'right' });
  await expectNoSidewaysScroll(page);
  await screenshot(page, testInfo, 2);

  // The link to continue on another device: a web address, left to right, starting at the right.
  await page.getByRole('button', { name: 'Continue on another device' }).click();
  const link = page.getByRole('dialog').getByLabel('Your link', { exact: true });
  await expect(link).toHaveValue(/#resume=/);
  expect(await writing(link)).toEqual({ direction: 'ltr', textAlign: 'right' });
  // Its sentences follow the page: they start at the right.
  expect(
    await page
      .getByRole('dialog')
      .locator('p')
      .first()
      .evaluate((text) => getComputedStyle(text).textAlign),
  ).toBe('start');
  await expectNoSidewaysScroll(page);
  const path = testInfo.outputPath(`rtl-handover-${testInfo.project.name}.png`);
  await page.screenshot({ path });
  await testInfo.attach('right to left, the link to continue on another device', { path, contentType: 'image/png' });
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Take it back' }).click();
  await expect(page.getByLabel(ar('Link to your media kit'), { exact: true })).toBeEnabled();

  await page.getByRole('button', { name: ARABIC_CONTINUE }).click();
  await expect(page.getByRole('heading', { name: ar('Thank you for applying!') })).toBeFocused();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expectNoSidewaysScroll(page);
  await screenshot(page, testInfo, 3);
});
