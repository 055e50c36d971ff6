import { ANY_WIDTH } from './helpers/any-width';
import { MANY_FIELDS_HEADING, manyFieldsLabel, withManyFields } from '../support/many-fields.mjs';
import { expect, test } from './fixtures';

test.describe('a step of 200 fields', () => {
  test.beforeEach(async ({ app }) => {
    await app.editConfig(withManyFields(200));
  });

  test('each box belongs to a form of at most twelve fields, so a keystroke re-read by autofill stays small', ANY_WIDTH, async ({ page, app }) => {
    await page.goto(app.url);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
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

  test('typed answers are kept, and Enter in a box still presses Continue', ANY_WIDTH, async ({ page, app }) => {
    await page.goto(app.url);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
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

test.describe('a step of 200 fields, drawn as the creator gets near', () => {
  test.beforeEach(async ({ app }) => {
    await app.editConfig(withManyFields(200));
  });

  const drawn = (element: HTMLElement | SVGElement) => element.checkVisibility({ contentVisibilityAuto: true });

  test('fields far below are skipped until scrolled to, then drawn where they were', async ({ page, app }) => {
    await page.goto(app.url);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByRole('heading', { name: MANY_FIELDS_HEADING })).toBeFocused();
    const far = page.getByLabel(manyFieldsLabel(150), { exact: true });
    expect(await far.evaluate(drawn)).toBe(false);
    await far.scrollIntoViewIfNeeded();
    await expect.poll(() => far.evaluate(drawn)).toBe(true);
    await far.fill('far down');
    await expect(far).toHaveValue('far down');
    // Drawn or not, every field keeps the step's spacing: the gap across a group's edge (fields
    // 12 and 13 are in different groups) is the gap inside one.
    const top = async (n: number) => (await page.getByLabel(manyFieldsLabel(n), { exact: true }).boundingBox())?.y ?? Number.NaN;
    await page.getByLabel(manyFieldsLabel(13), { exact: true }).scrollIntoViewIfNeeded();
    const inside = (await top(12)) - (await top(11));
    const across = (await top(13)) - (await top(12));
    expect(Math.abs(across - inside)).toBeLessThan(1);
  });

  test('Tab from the last field of a group reaches the next group, which is drawn when it takes focus', async ({ page, app }) => {
    await page.goto(app.url);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    const twelfth = page.getByLabel(manyFieldsLabel(12), { exact: true });
    await twelfth.focus();
    await page.keyboard.press('Tab');
    const thirteenth = page.getByLabel(manyFieldsLabel(13), { exact: true });
    await expect(thirteenth).toBeFocused();
    await expect.poll(() => thirteenth.evaluate(drawn)).toBe(true);
    await expect(thirteenth).toBeInViewport();
  });
});
