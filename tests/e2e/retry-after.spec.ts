import { expect, test } from './fixtures';
import { outboxSyncFiring } from './helpers/background-sync';
import { completeApplication } from './helpers/complete-application';

// A receiver under load answers 429 (or 503) with Retry-After: the wizard shows the line of any
// failed send, keeps everything, and sends again only once the server's wait has passed.

const RETRY_AFTER_SECONDS = 5;

test('a 429 with Retry-After: 5 to the first send: the usual line, nothing sent again before 5 s, then accepted', async ({ page, app }) => {
  app.answerWith({ status: 429, headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) } });
  await page.goto(app.url);
  await completeApplication(page, { stopBeforeSubmit: true });
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('We could not send your application');
  // The backoff alone would try again after 2 s, and Continue pressed again would send at once.
  await page.getByRole('button', { name: 'Continue', exact: true }).click();

  await expect(page.getByRole('heading', { name: 'Thank you for applying!' })).toBeVisible({ timeout: 15_000 });
  const [first, second, ...more] = app.applications;
  expect(more).toEqual([]);
  expect(second!.at - first!.at).toBeGreaterThanOrEqual(RETRY_AFTER_SECONDS * 1000);
  expect(second!.headers['idempotency-key']).toBe(first!.headers['idempotency-key']);
  expect(app.stored.size).toBe(1);
});

test("the service worker's background sync waits out the Retry-After too", async ({ context, app }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one run is enough: this drives the service worker through CDP');
  const page = await context.newPage();
  await page.goto(app.url);
  await expect(page.getByText('Ready to work offline').filter({ visible: true })).toBeVisible({ timeout: 20_000 });
  app.answerWith({ status: 429, headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) } });
  await completeApplication(page, { stopBeforeSubmit: true });
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('We could not send your application');
  const refusedAt = app.applications[0]!.at;
  await page.close();

  const blank = await context.newPage();
  const sync = await outboxSyncFiring(context, blank, app.url);

  // Within the server's wait the worker sends nothing (nor did the sync the closing page asked for).
  await sync();
  await blank.waitForTimeout(1000);
  expect(Date.now() - refusedAt).toBeLessThan(RETRY_AFTER_SECONDS * 1000);
  expect(app.applications).toHaveLength(1);

  // Once it has passed, the next sync sends the application, once.
  await blank.waitForTimeout(refusedAt + RETRY_AFTER_SECONDS * 1000 - Date.now() + 100);
  await sync();
  await expect.poll(() => app.stored.size, { timeout: 15_000 }).toBe(1);
  expect(app.applications).toHaveLength(2);
  expect(app.applications[1]!.at - refusedAt).toBeGreaterThanOrEqual(RETRY_AFTER_SECONDS * 1000);
});
