import { fillBasicInfo, fillDetails } from '../support/default-programme.mjs';
import { expect, test } from './fixtures';
import { pressLikeAPerson } from './helpers/press';

/**
 * The wizard as a careful person meets it (issue 11): presses held as long as a thumb holds
 * them, landing near an edge, right after a field edit; phones 390 px wide; first visits and
 * returning ones.
 */

test.describe('a press on Continue always counts', () => {
  test('fixing the last field and pressing Continue at once moves on, though the error above the button goes away', async ({ page, app }, testInfo) => {
    await page.goto(app.url);
    await page.getByRole('button', { name: 'Continue' }).click();
    await fillBasicInfo(page);
    const traffic = page.getByLabel('Monthly traffic', { exact: true });
    await traffic.fill('');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(traffic).toHaveAccessibleDescription(/This field is required/);

    // The fix, typed, and Continue pressed while the box still has focus.
    await traffic.click();
    await traffic.pressSequentially('3000');
    // Near the bottom edge: the button moving up by an error line's height leaves the pointer below it.
    await pressLikeAPerson(page, testInfo, page.getByRole('button', { name: 'Continue' }), { spot: 'near bottom edge' });
    await expect(page.getByRole('heading', { name: 'Additional Details' })).toBeFocused();
  });

  test("a slow press, during which the text box's 500 ms hand-over comes, still counts", async ({ page, app }, testInfo) => {
    await page.goto(app.url);
    await page.getByRole('button', { name: 'Continue' }).click();
    await fillBasicInfo(page);
    const traffic = page.getByLabel('Monthly traffic', { exact: true });
    await traffic.fill('');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(traffic).toHaveAccessibleDescription(/This field is required/);

    await traffic.click();
    await traffic.pressSequentially('3000');
    // A slow press, right after typing: the box's 500 ms hand-over comes while the button is held.
    await pressLikeAPerson(page, testInfo, page.getByRole('button', { name: 'Continue' }), { holdMs: 800, spot: 'near bottom edge' });
    await expect(page.getByRole('heading', { name: 'Additional Details' })).toBeFocused();
  });

  test('on Details, a fixed follow-up and a held press on Continue sends the application', async ({ page, app }, testInfo) => {
    await page.goto(app.url);
    await page.getByRole('button', { name: 'Continue' }).click();
    await fillBasicInfo(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await fillDetails(page);
    const ages = page.getByLabel('How old are they?', { exact: true });
    await ages.fill('');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(ages).toHaveAccessibleDescription(/Please tell us a little more/);

    await ages.click();
    await ages.pressSequentially('Two, aged 4 and 7');
    await pressLikeAPerson(page, testInfo, page.getByRole('button', { name: 'Continue' }), { spot: 'near bottom edge' });
    await expect(page.getByRole('heading', { name: 'Thank you for applying!' })).toBeFocused();
    expect(app.applications).toHaveLength(1);
  });
});
