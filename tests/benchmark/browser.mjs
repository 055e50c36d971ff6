// Chromium as the end-to-end suite launches it (tests/support/chromium.mjs).
import { chromium } from '@playwright/test';
import { CHROME_FLAGS, CHROME_PATH } from '../support/chromium.mjs';
import { PHONE } from '../support/performance-budgets.mjs';

/** The phone every timing runs on: the end-to-end suite's phone project. */
export const PHONE_CONTEXT = Object.freeze({
  viewport: { width: PHONE.width, height: PHONE.height },
  deviceScaleFactor: PHONE.deviceScaleFactor,
  isMobile: true,
  hasTouch: true,
});

/** Launches Chromium through Playwright. */
export function launchBrowser() {
  return chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS });
}

/**
 * A Chromium with a profile on disk. Playwright's ordinary contexts are incognito, and Chromium
 * never offers to install an app from an incognito window.
 */
export function launchWithProfile(/** @type {string} */ userDataDir) {
  return chromium.launchPersistentContext(userDataDir, { executablePath: CHROME_PATH, args: CHROME_FLAGS, ...PHONE_CONTEXT });
}

/** Slows the page's main thread down by a factor (1 turns throttling off) through CDP. */
export async function throttleCpu(/** @type {import('@playwright/test').Page} */ page, /** @type {number} */ rate) {
  const session = await page.context().newCDPSession(page);
  await session.send('Emulation.setCPUThrottlingRate', { rate });
  return session;
}
