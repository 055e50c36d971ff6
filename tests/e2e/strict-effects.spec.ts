import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { outboxSyncFiring } from './helpers/background-sync';
import { completeApplication } from './helpers/complete-application';

/** Records, from the page's first script on, whether the read-only banner was ever drawn, even for a frame. */
async function watchForReadOnly(page: Page): Promise<() => Promise<boolean>> {
  await page.addInitScript(() => {
    new MutationObserver(() => {
      if (document.querySelector('.read-only-banner')) sessionStorage.setItem('test:saw-read-only', '1');
    }).observe(document, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => sessionStorage.getItem('test:saw-read-only') !== null);
}

/**
 * React runs every effect twice (mount, unmount, mount) in development under StrictMode, and in
 * production too whenever a subtree is hidden and shown again (<Activity>). A resource that is
 * not acquired again after its release (the editor's Web Lock, the outbox's retry timer) then
 * leaves a single tab read-only, or a failed send never retried. The strict-effects project runs
 * this file against dist-strict/ (`npm run build:strict`), where React does run effects twice;
 * the desktop and phone projects run it against the production build.
 */
test.describe('effects run twice', () => {
  test('one tab: Basic Info is editable after Continue, built ahead or not', async ({ page, app }) => {
    const sawReadOnly = await watchForReadOnly(page);
    await page.goto(app.url);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Basic Information' })).toBeFocused();
    await page.waitForTimeout(500);
    await expect(page.getByLabel('Full Name', { exact: true })).toBeEditable();
    expect(await sawReadOnly()).toBe(false);
  });

  test('one tab: Basic Info is editable after a Continue pressed before the app ran', async ({ page, app }) => {
    // As on `npm run dev`, whose modules load slowly: Continue comes before the wizard is built
    // behind Welcome, so the wizard mounts already shown, and its effects run twice then.
    const sawReadOnly = await watchForReadOnly(page);
    const release = app.holdEntryScript();
    await page.goto(app.url, { waitUntil: 'commit' });
    await page.locator('.prerendered').getByRole('button', { name: 'Continue', exact: true }).click();
    release();
    await expect(page.getByRole('heading', { name: 'Basic Information' })).toBeFocused();
    // The lock answers within milliseconds: give a wrong answer the time to show.
    await page.waitForTimeout(500);
    await expect(page.getByText('This application is open in another tab')).toHaveCount(0);
    await expect(page.getByLabel('Full Name', { exact: true })).toBeEditable();
    expect(await sawReadOnly()).toBe(false);
  });

  test('a reloaded tab with a draft is editable too, never read-only for a moment', async ({ page, app }) => {
    const sawReadOnly = await watchForReadOnly(page);
    await page.goto(app.url);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByLabel('Full Name', { exact: true }).fill('Ada');
    await expect(page.getByText('Saved on this device', { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Full Name', { exact: true })).toHaveValue('Ada');
    await page.waitForTimeout(500);
    await expect(page.getByLabel('Full Name', { exact: true })).toBeEditable();
    expect(await sawReadOnly()).toBe(false);
  });

  test('a failed send is retried on schedule, without a click', async ({ page, app }) => {
    app.answerWith({ status: 503 });
    await page.goto(app.url);
    await completeApplication(page, { stopBeforeSubmit: true });
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText('We could not send your application');
    // The first retry is due 2 s after the failure (retry-policy.ts).
    await expect(page.getByRole('heading', { name: 'Thank you for applying!' })).toBeVisible({ timeout: 15_000 });
    expect(app.applications).toHaveLength(2);
    expect(app.stored.size).toBe(1);
  });

  test('after an offline spell, the service worker sends the application and the page hears it from the worker', async ({ page, context, app }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', 'the desktop run is enough beside the strict one: this drives the service worker through CDP');
    await page.goto(app.url);
    // Registered by the strict build too, whose React runs every effect twice.
    await expect(page.getByText('Ready to work offline').filter({ visible: true })).toBeVisible({ timeout: 20_000 });
    await completeApplication(page, { stopBeforeSubmit: true });
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText('We could not send your application');
    // Offline through the page's first retry too (2 s after the failure: retry-policy.ts).
    await page.waitForTimeout(2_500);
    expect(app.applications).toHaveLength(0);

    // Back online the page tries at once and the receiver fails it; its next retry is 8 s away.
    app.answerWith({ status: 503 });
    await context.setOffline(false);
    await expect.poll(() => app.applications.length).toBe(1);
    app.answerNormally();
    const sync = await outboxSyncFiring(context, page, app.url);
    await sync();

    // Sent by the worker, which tells the page (its channel opened again after the re-run effects).
    await expect(page.getByRole('heading', { name: 'Thank you for applying!' })).toBeVisible({ timeout: 6_000 });
    expect(app.applications).toHaveLength(2);
    expect(app.applications.at(-1)?.headers.referer).toMatch(/\/sw\.js$/);
    expect(app.stored.size).toBe(1);
  });
});
