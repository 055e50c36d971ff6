import { expect, test } from './fixtures';
import { completeApplication } from './helpers/complete-application';

// Screenshots of every step at this project's size, written to the test output for review.
test('a screenshot of every step', async ({ page, app }, testInfo) => {
  await page.goto(app.url);
  await completeApplication(page, {
    onStep: async (index) => {
      // The cover on screen (on Welcome, the wizard built behind it, hidden, has its own).
      await expect(page.locator('.cover-panel__image').filter({ visible: true })).toHaveJSProperty('complete', true);
      const path = testInfo.outputPath(`step-${String(index)}-${testInfo.project.name}.png`);
      await page.screenshot({ path, fullPage: true });
      await testInfo.attach(`step ${String(index)}`, { path, contentType: 'image/png' });
    },
  });
});
