// Measurement 3: an offline start. The service worker is installed and in control, the
// context goes offline, and each navigation to `/` is timed from navigation start to the
// Welcome step drawn with an enabled Continue, without and with 4x CPU throttling.
import { PHONE_CONTEXT, throttleCpu } from './browser.mjs';
import { loadUnderServiceWorker } from './controlled-page.mjs';
import { WELCOME } from '../support/default-programme.mjs';
import { readyProbe, waitUntilReady } from './page-probes.mjs';
import { sleep } from './sleep.mjs';
import { summarize } from './stats.mjs';
/* global navigator -- the callbacks of page.evaluate and waitForFunction run in the page */

/**
 * Times `runs` navigations of an offline page with the CPU `rate` times slower.
 * @param {import('@playwright/test').Page} page
 * @param {string} url
 * @param {number} rate
 * @param {number} runs
 */
async function timeStarts(page, url, rate, runs) {
  // The throttling lasts as long as the CDP session that set it.
  const cdp = await throttleCpu(page, rate);
  /** @type {number[]} */
  const painted = [];
  /** @type {number[]} */
  const dom = [];
  let controlled = 0;
  for (let run = 0; run < runs; run += 1) {
    await page.goto(`${url}/`, { waitUntil: 'commit' });
    const mark = await waitUntilReady(page);
    painted.push(mark.paintedAt ?? mark.domAt);
    dom.push(mark.domAt);
    if (await page.evaluate(() => navigator.serviceWorker.controller !== null)) controlled += 1;
    // Let the page settle (worker registration, idle work) so runs do not overlap.
    await sleep(500);
  }
  await cdp.detach();
  return { cpuThrottling: rate, paintedMs: summarize(painted), domMs: summarize(dom), controlled };
}

/**
 * @param {{ browser: import('@playwright/test').Browser, url: string, runs: number }} options
 */
export async function measureOfflineStart({ browser, url, runs }) {
  const context = await browser.newContext(PHONE_CONTEXT);
  try {
    const page = await context.newPage();
    await page.addInitScript(readyProbe, WELCOME);
    await loadUnderServiceWorker(page, `${url}/`);
    await context.setOffline(true);
    const unthrottled = await timeStarts(page, url, 1, runs);
    const cpu4x = await timeStarts(page, url, 4, runs);
    return { runs, unthrottled, cpu4x };
  } finally {
    await context.close();
  }
}
