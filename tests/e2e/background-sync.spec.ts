import { expect, test } from './fixtures';
import { completeApplication } from './helpers/complete-application';
import { outboxSyncFiring } from './helpers/background-sync';
import { everythingStoredOnTheDevice } from './helpers/device-storage';

test('background sync: the server down while submitting, the page closed, the server up, the sync fired: exactly one application arrives', async ({
  context,
  app,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one run is enough: this drives the service worker through CDP');
  const page = await context.newPage();
  await page.goto(app.url);
  await expect(page.getByText('Ready to work offline').filter({ visible: true })).toBeVisible({ timeout: 20_000 });
  // The server is down for the page's attempt, and for the sync the browser fires as the page closes.
  app.answerWith(...Array.from({ length: 6 }, () => ({ status: 503 })));
  await completeApplication(page, { stopBeforeSubmit: true });
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('We could not send your application');
  await page.close();

  app.answerNormally();
  const before = app.applications.length;
  const blank = await context.newPage();
  const sync = await outboxSyncFiring(context, blank, app.url);
  await sync();
  await expect.poll(() => app.stored.size, { timeout: 15_000 }).toBe(1);
  expect(app.applications.length).toBe(before + 1);
  expect(new Set(app.applications.map((request) => request.headers['idempotency-key'])).size).toBe(1);

  // The next open shows the Creator Hub step, and the personal data is gone from the device.
  const reopened = await context.newPage();
  await reopened.goto(app.url);
  await expect(reopened.getByRole('heading', { name: 'Thank you for applying!' })).toBeVisible();
  const stored = await everythingStoredOnTheDevice(reopened);
  for (const personal of ['ada@example.com', 'Lovelace']) expect(stored).not.toContain(personal);
});

test('background sync: an application the service worker sent shows its receipt when the app is opened again', async ({ context, app }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one run is enough: this drives the service worker through CDP');
  // The receiver's status links: the STAND-IN until the real receiver's are merged (tests/support/stand-in-status-receiver.ts).
  const receiver = app.useStatusStandIn();
  const page = await context.newPage();
  await page.goto(app.url);
  await expect(page.getByText('Ready to work offline').filter({ visible: true })).toBeVisible({ timeout: 20_000 });
  app.answerWith(...Array.from({ length: 6 }, () => ({ status: 503 })));
  await completeApplication(page, { stopBeforeSubmit: true });
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('We could not send your application');
  await page.close();

  app.answerNormally();
  const blank = await context.newPage();
  const sync = await outboxSyncFiring(context, blank, app.url);
  await sync();
  await expect.poll(() => app.stored.size, { timeout: 15_000 }).toBe(1);
  const [link] = receiver.links;
  if (!link) throw new Error('the stand-in made no link');

  const reopened = await context.newPage();
  await reopened.goto(app.url);
  await expect(reopened.getByRole('heading', { name: 'Thank you for applying!' })).toBeVisible();
  await expect(reopened.getByText(`Your reference: ${link.reference}`, { exact: true })).toBeVisible();
  await expect(reopened.getByRole('link', { name: 'See where your application stands' })).toHaveAttribute('href', `${app.url}/status/#${link.secret}`);
});
