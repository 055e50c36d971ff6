// Measurement 5: step changes with the CPU 4x slower, from the press of Continue or Back (its
// click event's timeStamp) to the frame that shows the next step's last field (or, for Welcome,
// its heading). The first Continue from Welcome is timed on its own: it swaps the light Welcome
// for the full wizard, whose code was fetched while the creator read Welcome (a pause of
// READ_WELCOME_MS, unthrottled, as a person reads before pressing). Each run is a fresh phone context.
import { PHONE_CONTEXT, throttleCpu } from './browser.mjs';
import { BASIC_INFO_HEADING, DETAILS_HEADING, fillBasicInfo, WELCOME } from '../support/default-programme.mjs';
import { readyProbe, stepChangeProbe, waitUntilReady } from './page-probes.mjs';
import { sleep } from './sleep.mjs';
import { summarize } from './stats.mjs';
/* global window -- the callbacks of page.evaluate and waitForFunction run in the page */

const CPU_THROTTLING = 4;
/** How long the creator reads Welcome before pressing Continue. */
export const READ_WELCOME_MS = 3000;
/** The last field of each default step, in page order (Basic Info ends with the website question). */
export const LAST_FIELD = Object.freeze({
  basicInfo: 'Do you have a blog or website?',
  details: 'Do you have pets?',
});

/** @typedef {import('@playwright/test').Page} Page */
/** @typedef {import('./page-probes.mjs').BenchWindow} BenchWindow */

/**
 * Presses a button and resolves with the ms from its click to the frame showing `target` (the
 * text of a label, legend or heading of the new step).
 * @param {Page} page
 * @param {string} button
 * @param {string} target
 */
export async function timeStepChange(page, button, target) {
  await page.evaluate(stepChangeProbe, { target });
  await page.getByRole('button', { name: button, exact: true }).click();
  const handle = await page.waitForFunction(
    () => {
      const mark = /** @type {BenchWindow} */ (window).__benchStep;
      return mark?.paintedAt && mark.clickAt !== null ? mark : null;
    },
    undefined,
    { timeout: 30_000, polling: 20 },
  );
  const mark = /** @type {import('./page-probes.mjs').StepMark} */ (await handle.jsonValue());
  return (mark.paintedAt ?? 0) - (mark.clickAt ?? 0);
}

/**
 * Opens `/` in a fresh phone context, waits until Welcome is interactive and has been read.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} url
 */
export async function openWelcome(browser, url) {
  const context = await browser.newContext(PHONE_CONTEXT);
  const page = await context.newPage();
  await page.addInitScript(readyProbe, { heading: WELCOME.heading, button: WELCOME.button });
  await page.goto(`${url}/`);
  await waitUntilReady(page);
  await sleep(READ_WELCOME_MS);
  return { context, page };
}

/**
 * @param {{ browser: import('@playwright/test').Browser, url: string, runs: number }} options
 */
export async function measureStepChanges({ browser, url, runs }) {
  /** @type {Record<'firstContinue' | 'back' | 'continueAgain' | 'toDetails' | 'backFromDetails', number[]>} */
  const times = { firstContinue: [], back: [], continueAgain: [], toDetails: [], backFromDetails: [] };
  for (let run = 0; run < runs; run += 1) {
    const { context, page } = await openWelcome(browser, url);
    try {
      const cdp = await throttleCpu(page, CPU_THROTTLING);
      times.firstContinue.push(await timeStepChange(page, 'Continue', LAST_FIELD.basicInfo));
      await sleep(500);
      times.back.push(await timeStepChange(page, 'Back', WELCOME.heading));
      await sleep(500);
      times.continueAgain.push(await timeStepChange(page, 'Continue', LAST_FIELD.basicInfo));
      // Filled at full speed: only the step changes are timed.
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await fillBasicInfo(page);
      await sleep(1000);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING });
      times.toDetails.push(await timeStepChange(page, 'Continue', LAST_FIELD.details));
      await sleep(500);
      times.backFromDetails.push(await timeStepChange(page, 'Back', LAST_FIELD.basicInfo));
      await page.getByRole('heading', { name: BASIC_INFO_HEADING }).waitFor();
      await cdp.detach();
    } finally {
      await context.close();
    }
  }
  const all = Object.values(times).flat();
  return {
    runs,
    cpuThrottling: CPU_THROTTLING,
    readWelcomeMs: READ_WELCOME_MS,
    steps: { welcome: WELCOME.heading, basicInfo: BASIC_INFO_HEADING, details: DETAILS_HEADING },
    firstContinueMs: summarize(times.firstContinue),
    backMs: summarize(times.back),
    continueAgainMs: summarize(times.continueAgain),
    toDetailsMs: summarize(times.toDetails),
    backFromDetailsMs: summarize(times.backFromDetails),
    /** The slowest of every change timed (any Continue or Back): the budget's figure. */
    slowestMs: all.length ? Math.max(...all) : null,
  };
}
