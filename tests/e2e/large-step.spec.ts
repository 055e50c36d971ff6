import { MANY_FIELDS_HEADING, manyFieldsLabel, withManyFields } from '../support/many-fields.mjs';
import { expect, test } from './fixtures';

test.describe('a step of 200 fields', () => {
  test.beforeEach(async ({ app }) => {
    await app.editConfig(withManyFields(200));
  });

  test('each box belongs to a form of at most twelve fields, so a keystroke re-read by autofill stays small', async ({ page, app }) => {
    await page.goto(app.url);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: MANY_FIELDS_HEADING })).toBeVisible();
    await expect(page.getByLabel(manyFieldsLabel(200), { exact: true })).toBeAttached();
    const owners = await page.evaluate(() => {
      const sizes = new Map<HTMLFormElement | null, number>();
      // The step on screen: the steps kept drawn around it are hidden (display: none).
      const shown = Array.from(document.querySelectorAll('.step')).find((step) => step.checkVisibility());
      for (const input of shown?.querySelectorAll<HTMLInputElement>('input') ?? []) sizes.set(input.form, (sizes.get(input.form) ?? 0) + 1);
      return { hasNull: sizes.has(null), largest: Math.max(...sizes.values()), count: sizes.size };
    });
    expect(owners.hasNull).toBe(false);
    expect(owners.largest).toBeLessThanOrEqual(12);
    expect(owners.count).toBe(17);
  });

  test('typed answers are kept, and Enter in a box still presses Continue', async ({ page, app }) => {
    await page.goto(app.url);
    await page.getByRole('button', { name: 'Continue' }).click();
    const last = page.getByLabel(manyFieldsLabel(200), { exact: true });
    await last.fill('the last answer');
    await page.getByLabel(manyFieldsLabel(1), { exact: true }).fill('the first answer');
    await page.getByLabel(manyFieldsLabel(1), { exact: true }).press('Enter');
    await expect(page.getByRole('heading', { name: 'Basic Information' })).toBeFocused();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByLabel(manyFieldsLabel(1), { exact: true })).toHaveValue('the first answer');
    await expect(last).toHaveValue('the last answer');
  });
});
