// Measurement 7: how costs grow with the form. The same programme with a step of 10, 50 and
// 200 optional text fields inserted after Welcome (tests/support/many-fields.mjs), CPU 4x
// slower: the time from Continue to the frame showing the step's last field (the step's code
// already loaded: Continue, Back, then the Continue that is timed), and keystrokes into its first
// box against the same keystrokes into Basic Info's "Full Name" in the default programme, in
// the same run. One page is open at a time while typing: with four throttled pages open at
// once, their timings disturbed each other far more than any difference between the steps.
import { join } from 'node:path';
import { startBenchServer } from './bench-server.mjs';
import { throttleCpu } from './browser.mjs';
import { keystrokeTimings, openApp, openTarget, typeBurst } from './measure-typing.mjs';
import { openWelcome, timeStepChange } from './measure-step-changes.mjs';
import { manyFieldsLabel, MANY_FIELDS_HEADING, withManyFields } from '../support/many-fields.mjs';
import { WELCOME } from '../support/default-programme.mjs';
import { sleep } from './sleep.mjs';
import { summarize } from './stats.mjs';

/** The step sizes of the growth table; the last is the budget's. */
export const SCALE_SIZES = Object.freeze([10, 50, 200]);
const CPU_THROTTLING = 4;

/**
 * @param {{ browser: import('@playwright/test').Browser, dist: string, root: string, url: string, runs: number, keyIntervalMs: number }} options
 *   `url` serves the default programme; `root` is a folder for the served copies of the others.
 */
export async function measureScale({ browser, dist, root, url, runs, keyIntervalMs }) {
  /** @type {Array<{ fields: number, url: string, close: () => Promise<void> }>} */
  const servers = [];
  /** @type {Array<import('./measure-typing.mjs').TypingTarget>} */
  const targets = [];
  try {
    for (const fields of SCALE_SIZES) {
      const server = await startBenchServer({ dist, root: join(root, `served-${String(fields)}-fields`), editConfig: withManyFields(fields) });
      servers.push({ fields, url: server.url, close: server.close });
    }
    // Rendering: a fresh context per run and size.
    /** @type {Map<number, number[]>} */
    const render = new Map(SCALE_SIZES.map((fields) => [fields, []]));
    for (let run = 0; run < runs; run += 1) {
      for (const server of servers) {
        const { context, page } = await openWelcome(browser, server.url);
        try {
          const cdp = await throttleCpu(page, CPU_THROTTLING);
          const last = manyFieldsLabel(server.fields);
          await timeStepChange(page, 'Continue', last);
          await sleep(300);
          await timeStepChange(page, 'Back', WELCOME.heading);
          await sleep(500);
          render.get(server.fields)?.push(await timeStepChange(page, 'Continue', last));
          await cdp.detach();
        } finally {
          await context.close();
        }
      }
    }
    // Typing: the default step, then each size, one page at a time.
    /** @param {() => Promise<import('./measure-typing.mjs').TypingTarget>} open */
    const typeInto = async (open) => {
      const target = await open();
      targets.push(target);
      for (let burst = 0; burst < runs; burst += 1) await typeBurst(target, burst, keyIntervalMs);
      await target.cdp.detach();
      const timings = await keystrokeTimings(target, keyIntervalMs);
      await target.context.close();
      return timings;
    };
    const defaultStep = await typeInto(() => openApp(browser, url));
    const defaultP95 = defaultStep.nextPaintMs.p95;
    const sizes = [];
    for (const server of servers) {
      const typing = await typeInto(() =>
        openTarget(browser, async (page) => {
          await page.goto(`${server.url}/`);
          await page.getByRole('heading', { name: WELCOME.heading }).waitFor();
          await page.getByRole('button', { name: 'Continue', exact: true }).click();
          await page.getByRole('heading', { name: MANY_FIELDS_HEADING }).waitFor();
          return page.getByLabel(manyFieldsLabel(1), { exact: true });
        }),
      );
      sizes.push({
        fields: server.fields,
        renderMs: summarize(render.get(server.fields) ?? []),
        nextPaintMs: typing.nextPaintMs,
        mainThreadMs: typing.mainThreadMs,
        handlersMs: typing.handlersMs,
        keystrokes: typing.keystrokes,
        /** p95 time to next paint here over its p95 on the default step, same run. */
        nextPaintP95Ratio: typing.nextPaintMs.p95 !== null && defaultP95 ? typing.nextPaintMs.p95 / defaultP95 : null,
      });
    }
    return {
      runs,
      cpuThrottling: CPU_THROTTLING,
      keyIntervalMs,
      defaultStep: {
        nextPaintMs: defaultStep.nextPaintMs,
        mainThreadMs: defaultStep.mainThreadMs,
        handlersMs: defaultStep.handlersMs,
        keystrokes: defaultStep.keystrokes,
      },
      sizes,
    };
  } finally {
    for (const target of targets) await target.context.close().catch(() => undefined);
    for (const server of servers) await server.close();
  }
}
