// Measurement 4: typing in a text box of the Basic Info step with the CPU 4x slower. Bursts
// of 20 keystrokes; per keystroke the main-thread time it costs and the time until the typed
// character is painted; per burst the IndexedDB writes it causes (the draft is saved 500 ms
// after the text box hands its text to the form, itself 500 ms after the last keystroke).
import { PHONE_CONTEXT, throttleCpu } from './browser.mjs';
import { BASIC_INFO_HEADING, continueTo, TYPING_FIELD, WELCOME } from './default-programme.mjs';
import { keystrokeProbe, writeCounter } from './page-probes.mjs';
import { sleep } from './sleep.mjs';
import { percentile, summarize } from './stats.mjs';
/* global window, performance -- the callbacks of page.evaluate and waitForFunction run in the page */

/** Keystrokes per burst, as issue 7 defines a burst. */
export const BURST_LENGTH = 20;
// Long enough, with the CPU 4x slower, for the hand-over (500 ms) and the autosave (500 ms) to land.
const SETTLE_MS = 2500;
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** @typedef {import('./page-probes.mjs').BenchWindow} BenchWindow */

/**
 * @param {{ browser: import('@playwright/test').Browser, url: string, bursts: number, keyIntervalMs: number }} options
 */
export async function measureTyping({ browser, url, bursts, keyIntervalMs }) {
  const context = await browser.newContext(PHONE_CONTEXT);
  try {
    const page = await context.newPage();
    await page.addInitScript(writeCounter);
    await page.addInitScript(keystrokeProbe);
    await page.goto(`${url}/`);
    await page.getByRole('heading', { name: WELCOME.heading }).waitFor();
    await continueTo(page, BASIC_INFO_HEADING);
    const field = page.getByLabel(TYPING_FIELD, { exact: true });
    const cdp = await throttleCpu(page, 4);
    /** @type {number[]} */
    const writesPerBurst = [];
    /** @type {Array<{ at: number, method: string, store: string }[]>} */
    const writeLog = [];
    /** @type {number[]} */
    const burstStarts = [];
    for (let burst = 0; burst < bursts; burst += 1) {
      await field.fill('');
      await field.focus();
      await sleep(SETTLE_MS);
      const from = await page.evaluate(() => performance.now());
      burstStarts.push(await page.evaluate(() => (/** @type {BenchWindow} */ (window).__benchKeys ?? []).length));
      for (let key = 0; key < BURST_LENGTH; key += 1) {
        const started = Date.now();
        await page.keyboard.press(LETTERS[(burst * BURST_LENGTH + key) % LETTERS.length] ?? 'a');
        await sleep(Math.max(0, keyIntervalMs - (Date.now() - started)));
      }
      await sleep(SETTLE_MS);
      const writes = await page.evaluate((since) => (/** @type {BenchWindow} */ (window).__benchWrites ?? []).filter((write) => write.at >= since), from);
      writesPerBurst.push(writes.length);
      writeLog.push(writes);
    }
    await cdp.detach();
    const { keys, events, frames } = await page.evaluate(() => {
      const bench = /** @type {BenchWindow} */ (window);
      return { keys: bench.__benchKeys ?? [], events: bench.__benchEvents ?? [], frames: bench.__benchFrames ?? [] };
    });
    // Clearing the box between bursts may press keys too: only the bursts' own keys are timed.
    const typed = burstStarts.flatMap((start) => keys.slice(start, start + BURST_LENGTH));
    const nextPaint = typed.flatMap((key) => (key.paintedAt === null ? [] : [key.paintedAt - key.timeStamp]));
    const mainThread = typed.flatMap((key) =>
      key.paintedAt === null || key.frameAt === null ? [] : [key.handlersMs + (key.paintedAt - key.frameAt)],
    );
    const handlers = typed.map((key) => key.handlersMs);
    // Event Timing entries of these keydowns (only those of 16 ms or more are reported at all).
    const reported = typed.flatMap((key) => {
      const entry = events.find((event) => event.name === 'keydown' && Math.abs(event.startTime - key.timeStamp) < 1);
      return entry ? [entry] : [];
    });
    const first = typed[0]?.timeStamp ?? 0;
    const longFrames = frames.filter((frame) => frame.startTime >= first);
    const reportedShare = typed.length ? reported.length / typed.length : 0;
    return {
      bursts,
      keystrokes: typed.length,
      keyIntervalMs,
      cpuThrottling: 4,
      nextPaintMs: summarize(nextPaint),
      mainThreadMs: summarize(mainThread),
      handlersMs: summarize(handlers),
      eventTiming: {
        reportedAtOrOver16ms: reported.length,
        durationMs: summarize(reported.map((entry) => entry.duration)),
        processingMs: summarize(reported.map((entry) => entry.processingEnd - entry.processingStart)),
        // Duration = input delay + processing + presentation delay; the first two tell the third.
        inputDelayMs: summarize(reported.map((entry) => entry.processingStart - entry.startTime)),
        // With fewer than 5 % of keystrokes reported, the p95 of all of them is under 16 ms.
        p95Under16ms: reportedShare <= 0.05,
        p95OfAllMs: reportedShare <= 0.05 ? null : percentile([...reported.map((entry) => entry.duration), ...Array.from({ length: typed.length - reported.length }, () => 0)], 95),
      },
      longAnimationFrames: {
        count: longFrames.length,
        maxMs: longFrames.length ? Math.max(...longFrames.map((frame) => frame.duration)) : 0,
        blockingMs: longFrames.reduce((sum, frame) => sum + frame.blockingDuration, 0),
        // Where the long frames' time went: scripts, or the rendering update (style, layout, paint).
        scriptMs: longFrames.reduce((sum, frame) => sum + frame.scriptMs, 0),
        renderMs: longFrames.reduce((sum, frame) => sum + frame.renderMs, 0),
        styleAndLayoutMs: longFrames.reduce((sum, frame) => sum + frame.styleAndLayoutMs, 0),
      },
      indexedDbWrites: { perBurst: writesPerBurst, max: writesPerBurst.length ? Math.max(...writesPerBurst) : null, log: writeLog },
    };
  } finally {
    await context.close();
  }
}
