import { ANY_WIDTH } from './helpers/any-width';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { completeApplication } from './helpers/complete-application';
import { blockIndexedDb, failIndexedDbOpen, refuseIndexedDbWrites } from './helpers/device-storage';

// A creator whose browser keeps nothing: reading window.indexedDB throws (a SecurityError, as some
// private modes and blocked-storage policies do), every database fails to open, the disk is full,
// or every write is refused. The journey
// ends at the Creator Hub with the application stored once, and nothing on the page throws (after
// the 201, the files' shelf once did, and the page stayed on "Sending your application…").

/** Every exception the page did not catch. */
function uncaught(page: Page): Error[] {
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  return errors;
}

const WAYS = [
  { name: 'reading window.indexedDB throws a SecurityError', breakStorage: blockIndexedDb },
  { name: 'every database fails to open', breakStorage: failIndexedDbOpen },
  { name: 'every write finds the disk full', breakStorage: (page: Page) => refuseIndexedDbWrites(page, 'quota') },
  { name: 'every write is refused', breakStorage: (page: Page) => refuseIndexedDbWrites(page, 'refused') },
];

for (const [index, { name, breakStorage }] of WAYS.entries()) {
  // The first way runs at both widths; the others fail the same code, so once is enough.
  test(
    `${name}: the default programme is sent once and ends at the Creator Hub, the creator told nothing is kept`,
    index === 0 ? {} : ANY_WIDTH,
    async ({ page, app }) => {
      // A whole journey, told apart from a stuck page by the 30 s the last step may take on a loaded machine.
      test.setTimeout(120_000);
      const errors = uncaught(page);
      await breakStorage(page);
      await page.goto(app.url);
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await page.getByLabel('Full Name', { exact: true }).fill('Ada');
      await expect(page.getByText('This device cannot save your application right now')).toBeVisible();
      await page.getByRole('button', { name: 'Back' }).click();
      await completeApplication(page, { stopBeforeSubmit: true });
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Thank you for applying!' })).toBeFocused({ timeout: 30_000 });
      await expect(page.getByText('Sending your application…')).toHaveCount(0);
      expect(app.stored.size).toBe(1);
      expect(errors.map(String)).toEqual([]);
    },
  );
}
