import { ANY_WIDTH } from './helpers/any-width';
import { BASIC_INFO_HEADING, DETAILS_HEADING, WELCOME } from '../support/default-programme.mjs';
import { everythingStoredOnTheDevice } from './helpers/device-storage';
import { expect, test } from './fixtures';

// The wizard is built hidden behind a first visit's Welcome, and reached steps stay drawn,
// hidden, so Continue and Back only switch which step shows (docs/performance.md, step changes).

const RESUME_HINT_KEY = 'creator-wizard:holds-application';

test.describe('steps kept drawn behind the one on screen', () => {
  test('a first visit that types nothing leaves nothing on the device, though the wizard waits built behind Welcome', ANY_WIDTH, async ({ page, app }) => {
    await page.goto(app.url);
    await expect(page.getByRole('heading', { name: WELCOME.heading })).toBeVisible();
    // Built, hidden: in the page but neither shown nor in the accessibility tree.
    const basicInfo = page.locator('.step[data-step="1"]');
    await expect(basicInfo).toBeAttached({ timeout: 15_000 });
    await expect(basicInfo).toBeHidden();
    await expect(page.getByRole('heading', { name: BASIC_INFO_HEADING })).toHaveCount(0);
    await page.waitForTimeout(3000);
    expect(await page.evaluate((key) => localStorage.getItem(key), RESUME_HINT_KEY)).toBeNull();
    const stored = await everythingStoredOnTheDevice(page);
    expect(stored).not.toContain('"wizard"');
    expect(stored).not.toContain('draft');
    // Focus stayed where the creator left it, on Welcome's page.
    expect(await page.evaluate(() => document.activeElement?.closest('.step[data-step="1"]') ?? null)).toBeNull();
  });

  test('Continue, Back and Continue keep what was typed and move focus to each step heading', async ({ page, app }) => {
    await page.goto(app.url);
    // Let the hidden wizard be built first, as when the creator reads Welcome.
    await expect(page.locator('.step[data-step="1"]')).toBeAttached({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByRole('heading', { name: BASIC_INFO_HEADING })).toBeFocused();
    await page.getByLabel('Full Name', { exact: true }).fill('Ada');
    await page.getByLabel('Brand Name', { exact: true }).fill('Ada at Home');

    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('heading', { name: WELCOME.heading })).toBeFocused();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByRole('heading', { name: BASIC_INFO_HEADING })).toBeFocused();
    await expect(page.getByLabel('Full Name', { exact: true })).toHaveValue('Ada');
    await expect(page.getByLabel('Brand Name', { exact: true })).toHaveValue('Ada at Home');
  });

  test.describe('with the wizard still loading', () => {
    // The worker would answer the chunk from its cache, past the route that holds it back.
    test.use({ serviceWorkers: 'block' });

    test('a Continue pressed before the hidden wizard is ready still opens Basic Info', async ({ page, app }) => {
      // The wizard's chunk is held back until Continue has been pressed.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/assets/render-application-*.js', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(app.url);
      const button = page.getByRole('button', { name: 'Continue', exact: true });
      await expect(button).toBeEnabled();
      await expect(page.locator('html')).not.toHaveClass(/resuming/);
      await button.click();
      await expect(button).toHaveAttribute('aria-disabled', 'true');
      release();
      await expect(page.getByRole('heading', { name: BASIC_INFO_HEADING })).toBeFocused();
    });
  });

  test('only the step on screen is in the accessibility tree', ANY_WIDTH, async ({ page, app }) => {
    await page.goto(app.url);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByRole('heading', { name: BASIC_INFO_HEADING })).toBeFocused();
    // Welcome is kept drawn (Back shows it at once), hidden.
    await expect(page.locator('.step[data-step="0"]')).toBeAttached();
    await expect(page.getByRole('heading', { name: WELCOME.heading })).toHaveCount(0);
    // Details, the next step, is drawn ahead, hidden too: none of its fields can be found.
    await expect(page.locator('.step[data-step="2"]')).toBeAttached({ timeout: 15_000 });
    await expect(page.getByRole('heading', { name: DETAILS_HEADING })).toHaveCount(0);
    await expect(page.getByRole('group', { name: 'Do you have pets?' })).toHaveCount(0);
    await expect(page.getByRole('group', { name: 'Do you have a blog or website?' })).toHaveCount(1);
    await expect(page.getByRole('group', { name: 'Do you have a blog or website?' })).toBeVisible();
    // Back: the roles turn around.
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('heading', { name: WELCOME.heading })).toBeFocused();
    await expect(page.getByRole('group', { name: 'Do you have a blog or website?' })).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Full Name' })).toHaveCount(0);
  });
});
