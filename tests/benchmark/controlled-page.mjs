// A page whose service worker is installed and in control, as on a creator's second visit.
// The worker does not claim open pages, so the first load installs it and a reload puts it in
// control.
/* global navigator -- the callbacks of page.evaluate and waitForFunction run in the page */

/**
 * Loads `url`, waits for the worker to be active, reloads, and waits for it to control the page.
 * @param {import('@playwright/test').Page} page
 * @param {string} url
 */
export async function loadUnderServiceWorker(page, url) {
  await page.goto(url);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });
}
