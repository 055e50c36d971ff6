// Chromium's own verdict on installing the app, now that Lighthouse 12 has no installability
// audit: CDP's Page.getInstallabilityErrors and Page.getAppManifest, asked once the service
// worker controls the page (Chromium weighs the worker in its verdict), in a browser with a
// profile on disk, as a person's is.
import { launchWithProfile } from './browser.mjs';
import { loadUnderServiceWorker } from './controlled-page.mjs';
/* global navigator -- the callbacks of page.evaluate and waitForFunction run in the page */

/**
 * @param {{ url: string, profileDir: string }} options
 *   `profileDir`: an empty directory for the browser profile.
 */
export async function measureInstallability({ url, profileDir }) {
  const context = await launchWithProfile(profileDir);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await loadUnderServiceWorker(page, `${url}/`);
    const session = await context.newCDPSession(page);
    const { installabilityErrors } = await session.send('Page.getInstallabilityErrors');
    const manifest = await session.send('Page.getAppManifest', {});
    /** @type {Record<string, unknown>} */
    let data = {};
    try {
      data = /** @type {Record<string, unknown>} */ (JSON.parse(manifest.data ?? '{}'));
    } catch {
      // An unparsable manifest shows up in `errors` below.
    }
    const icons = Array.isArray(data.icons) ? /** @type {Array<Record<string, unknown>>} */ (data.icons) : [];
    return {
      installable: installabilityErrors.length === 0,
      errors: installabilityErrors.map((error) => ({
        id: error.errorId,
        arguments: error.errorArguments.map((argument) => `${argument.name}=${argument.value}`),
      })),
      manifest: {
        url: manifest.url,
        errors: manifest.errors.map((error) => `${error.message}${error.critical ? ' (critical)' : ''}`),
        fields: Object.fromEntries(
          ['id', 'name', 'short_name', 'start_url', 'scope', 'display', 'theme_color', 'background_color'].map((key) => [key, data[key] ?? null]),
        ),
        icons: icons.map((icon) => `${String(icon.sizes ?? '?')}${icon.purpose ? ` ${String(icon.purpose)}` : ''}`),
        screenshots: Array.isArray(data.screenshots) ? data.screenshots.length : 0,
      },
      serviceWorkerControlling: await page.evaluate(() => navigator.serviceWorker.controller !== null),
    };
  } finally {
    await context.close();
  }
}
