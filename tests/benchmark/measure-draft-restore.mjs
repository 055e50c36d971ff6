// Measurement 5: reopening the app with a complete application in the draft, timed from
// navigation start to the restored step's heading drawn (the Details step, the last with a
// form). The worker is in control by then, as on any visit after the first.
import { PHONE_CONTEXT } from './browser.mjs';
import { BASIC_INFO_HEADING, continueTo, DETAILS_HEADING, fillBasicInfo, fillDetails, WELCOME } from '../support/default-programme.mjs';
import { readyProbe, waitUntilReady } from './page-probes.mjs';
import { sleep } from './sleep.mjs';
import { summarize } from './stats.mjs';

/**
 * @param {{ browser: import('@playwright/test').Browser, url: string, runs: number }} options
 */
export async function measureDraftRestore({ browser, url, runs }) {
  const context = await browser.newContext(PHONE_CONTEXT);
  try {
    const page = await context.newPage();
    await page.goto(`${url}/`);
    await page.getByRole('heading', { name: WELCOME.heading }).waitFor();
    await continueTo(page, BASIC_INFO_HEADING);
    await fillBasicInfo(page);
    await continueTo(page, DETAILS_HEADING);
    await fillDetails(page);
    // The last answer is saved 500 ms after it reached the form; wait past that, then for the line.
    await sleep(1500);
    await page.getByText('Saved on this device', { exact: true }).waitFor();
    // From here on every navigation reports when the restored step is drawn.
    await page.addInitScript(readyProbe, { heading: DETAILS_HEADING, button: null });
    // One unmeasured load, so every measured one starts with the worker in control.
    await page.goto(`${url}/`);
    await waitUntilReady(page);
    /** @type {number[]} */
    const painted = [];
    /** @type {number[]} */
    const dom = [];
    for (let run = 0; run < runs; run += 1) {
      await page.goto(`${url}/`, { waitUntil: 'commit' });
      const mark = await waitUntilReady(page);
      painted.push(mark.paintedAt ?? mark.domAt);
      dom.push(mark.domAt);
      await sleep(500);
    }
    const restoredValue = await page.getByLabel('How old are they?', { exact: true }).inputValue();
    return {
      runs,
      paintedMs: summarize(painted),
      domMs: summarize(dom),
      restoredStep: DETAILS_HEADING,
      restoredValueIntact: restoredValue === 'Two, aged 4 and 7',
    };
  } finally {
    await context.close();
  }
}
