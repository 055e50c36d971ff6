import { BASIC_INFO_HEADING, continueTo, DETAILS_HEADING, fillBasicInfo, TYPING_FIELD } from '../support/default-programme.mjs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// Text boxes are relayout boundaries (`contain: size layout`, src/styles/form.css): their height
// must still be the one their text needs, at the default text size and at a larger one.
test.describe('text boxes laid out on their own', () => {
  /** Heights of every text box on the page: as drawn, and with containment switched off. */
  async function heights(page: Page) {
    const read = () =>
      page.locator('input.field__input, textarea.field__input').evaluateAll((boxes) =>
        // The step on screen: steps kept drawn around it are hidden (display: none).
        boxes.filter((box) => box.checkVisibility()).map((box) => box.getBoundingClientRect().height),
      );
    const contained = await read();
    const style = await page.addStyleTag({ content: '.field__input { contain: none !important; }' });
    const natural = await read();
    await style.evaluate((element: HTMLElement) => {
      element.remove();
    });
    return { contained, natural };
  }

  for (const rootSize of ['100%', '150%']) {
    test(`keep the height their text needs, with the root font at ${rootSize}`, async ({ page, app }) => {
      await page.goto(app.url);
      await page.addStyleTag({ content: `html { font-size: ${rootSize}; }` });
      await continueTo(page, BASIC_INFO_HEADING);
      // A Continue pressed before the form's widgets loaded shows the step's heading first and
      // its fields a moment later.
      await expect(page.getByLabel(TYPING_FIELD, { exact: true })).toBeVisible();
      const basicInfo = await heights(page);
      expect(basicInfo.contained.length).toBeGreaterThan(5);
      expect(basicInfo.contained).toEqual(basicInfo.natural);
      if (rootSize !== '100%') expect(Math.min(...basicInfo.contained)).toBeGreaterThan(48);
      await fillBasicInfo(page);
      await continueTo(page, DETAILS_HEADING);
      const details = await heights(page);
      expect(details.contained.length).toBeGreaterThan(0);
      expect(details.contained).toEqual(details.natural);
    });
  }
});
