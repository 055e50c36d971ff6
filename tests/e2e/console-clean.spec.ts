import { expect, test } from '@playwright/test';
import { completeApplication } from './helpers/complete-application';
import { receiverPerTest } from './helpers/receiver-per-test';

// A newcomer's whole journey against the server `npm start` runs (proof of work off, as by
// default): the browser's console holds no error from the first load to the thanks, where the
// page's question whether proof of work is on used to leave a 404 there on every load.

const receiver = receiverPerTest('console-clean', 'one run is enough: the requests are the same on every screen');

test('a whole journey against npm start leaves no error in the console', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  const challenges: number[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/challenge') challenges.push(response.status());
  });
  await page.goto(receiver.server.url);
  await completeApplication(page);
  await expect(page.getByRole('heading', { name: 'Thank you for applying!' })).toBeVisible({ timeout: 15_000 });
  await page.reload();
  await expect(page.locator('body')).toBeVisible();
  expect(errors).toEqual([]);
  expect(challenges.length).toBeGreaterThan(0);
  expect(challenges.every((status) => status === 200)).toBe(true);
});
