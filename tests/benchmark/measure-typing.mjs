// Measurement 4: typing in a text box of the Basic Info step with the CPU 4x slower. Bursts
// of 20 keystrokes; per keystroke the main-thread time it costs and the time until the typed
// character is painted; per burst the IndexedDB writes it causes (the draft is saved 500 ms
// after the text box hands its text to the form, itself 500 ms after the last keystroke).
// The same bursts go, in the same run, into a page holding only one labelled text box: the
// floor of the probe in this Chromium on this machine, which the app's figures cannot go under.
import { PHONE_CONTEXT, throttleCpu } from './browser.mjs';
import { BASIC_INFO_HEADING, continueTo, TYPING_FIELD, WELCOME } from '../support/default-programme.mjs';
import { keystrokeProbe, writeCounter } from './page-probes.mjs';
import { htmlWithoutScripts } from './page-without-scripts.mjs';
import { sleep } from './sleep.mjs';
import { percentile, summarize } from './stats.mjs';
/* global window, performance -- the callbacks of page.evaluate and waitForFunction run in the page */

/** Keystrokes per burst, as the typing budget defines a burst. */
export const BURST_LENGTH = 20;
const CPU_THROTTLING = 4;
// Long enough, with the CPU 4x slower, for the text box's delivery (500 ms) and the autosave (500 ms) to land.
const SETTLE_MS = 2500;
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/**
 * The floor page: one labelled text box and nothing else, no styles, no scripts but the
 * benchmark's own probes. The viewport tag is the app's, so the phone lays it out the same way.
 */
export const FLOOR_PAGE = [
  '<!doctype html><html lang="en"><head><meta charset="utf-8">',
  '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Typing floor</title></head>',
  `<body><label>${TYPING_FIELD} <input type="text" name="name" autocomplete="off"></label></body></html>`,
].join('');

/** @typedef {import('./page-probes.mjs').BenchWindow} BenchWindow */
/** @typedef {import('@playwright/test').Browser} Browser */
/** @typedef {import('@playwright/test').Page} Page */
/** @typedef {import('@playwright/test').Locator} Locator */
/** @typedef {import('./page-probes.mjs').WriteMark} WriteMark */

/**
 * A page being typed into: its text box, its CPU throttling session, and per burst where its
 * keys start in the probe's list and the IndexedDB writes it caused.
 * @typedef {object} TypingTarget
 * @property {import('@playwright/test').BrowserContext} context
 * @property {Page} page
 * @property {Locator} field
 * @property {import('@playwright/test').CDPSession} cdp
 * @property {number[]} burstStarts
 * @property {number[]} writesPerBurst
 * @property {WriteMark[][]} writeLog
 */

/**
 * A fresh phone context with the probes installed before any of the page's code, opened by
 * `open`, which returns the text box, and a CDP session to throttle its CPU with during each of
 * its bursts (see typeBurst).
 * @param {Browser} browser
 * @param {(page: Page) => Promise<Locator>} open
 * @returns {Promise<TypingTarget>}
 */
export async function openTarget(browser, open) {
  const context = await browser.newContext(PHONE_CONTEXT);
  try {
    const page = await context.newPage();
    await page.addInitScript(writeCounter);
    await page.addInitScript(keystrokeProbe);
    const field = await open(page);
    const probed = await page.evaluate(() => Array.isArray(/** @type {BenchWindow} */ (window).__benchKeys));
    if (!probed) throw new Error(`the keystroke probe is not installed in ${page.url().slice(0, 60)}`);
    const cdp = await throttleCpu(page, 1);
    return { context, page, field, cdp, burstStarts: [], writesPerBurst: [], writeLog: [] };
  } catch (error) {
    await context.close();
    throw error;
  }
}

/** The app on its Basic Info step; the text box is "Full Name". */
export function openApp(/** @type {Browser} */ browser, /** @type {string} */ url) {
  return openTarget(browser, async (page) => {
    await page.goto(`${url}/`);
    await page.getByRole('heading', { name: WELCOME.heading }).waitFor();
    await continueTo(page, BASIC_INFO_HEADING);
    return page.getByLabel(TYPING_FIELD, { exact: true });
  });
}

/** The floor page, from a data: URL (Playwright runs init scripts there too, checked in openTarget). */
export function openFloor(/** @type {Browser} */ browser) {
  return openTarget(browser, async (page) => {
    await page.goto(`data:text/html;charset=utf-8,${encodeURIComponent(FLOOR_PAGE)}`);
    const field = page.getByLabel(TYPING_FIELD, { exact: true });
    await field.waitFor();
    return field;
  });
}

/**
 * The page's HTML without scripts once two copies a second apart agree: after a step shows, the
 * app goes on rendering the next step out of sight while the main thread is idle, and the copy must
 * hold all of it, as the app's page does by its first burst.
 */
async function settledHtmlWithoutScripts(/** @type {Page} */ page) {
  let html = await page.evaluate(htmlWithoutScripts);
  for (let attempt = 0; attempt < 20; attempt += 1) {
    await sleep(1000);
    const again = await page.evaluate(htmlWithoutScripts);
    if (again === html) return html;
    html = again;
  }
  throw new Error('the app page kept changing for 20 s: nothing steady to copy');
}

/**
 * The app's page with nothing in it that runs (see page-without-scripts.mjs), served at the app's
 * origin so its stylesheets load, in a context of its own where no worker was ever registered, and
 * scrolled where the app's page is. Taken from the app's page before its first burst.
 */
export async function openPageWithoutScripts(/** @type {Browser} */ browser, /** @type {string} */ url, /** @type {Page} */ appPage) {
  const html = await settledHtmlWithoutScripts(appPage);
  const scrollY = await appPage.evaluate(() => window.scrollY);
  return openTarget(browser, async (page) => {
    const copyUrl = `${url}/typing-floor-basic-info.html`;
    await page.route(copyUrl, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }));
    await page.goto(copyUrl, { waitUntil: 'load' });
    await page.unroute(copyUrl);
    await page.evaluate((top) => {
      window.scrollTo(0, top);
    }, scrollY);
    const field = page.getByLabel(TYPING_FIELD, { exact: true });
    await field.waitFor();
    return field;
  });
}

/**
 * One burst, with the page's CPU 4x slower: empty the box, let the page settle, type 20 letters
 * a key interval apart, settle again. The throttling is lifted after the burst: Chromium slows a
 * page by making its main thread spin in a signal handler for three quarters of the time, idle or
 * not (a throttled page left open used 86 % of a core doing nothing, read from /proc), so a second
 * throttled page waiting for its turn would take one of this machine's two cores from the page
 * being typed into, its compositor and the browser that routes its keys.
 */
export async function typeBurst(/** @type {TypingTarget} */ target, /** @type {number} */ burst, /** @type {number} */ keyIntervalMs) {
  const { cdp } = target;
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING });
  try {
    await typeThrottledBurst(target, burst, keyIntervalMs);
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  }
}

async function typeThrottledBurst(/** @type {TypingTarget} */ target, /** @type {number} */ burst, /** @type {number} */ keyIntervalMs) {
  const { page, field } = target;
  await field.fill('');
  await field.focus();
  await sleep(SETTLE_MS);
  const from = await page.evaluate(() => performance.now());
  target.burstStarts.push(
    await page.evaluate(() => {
      const bench = /** @type {BenchWindow} */ (window);
      return (bench.__benchKeys ?? []).length;
    }),
  );
  for (let key = 0; key < BURST_LENGTH; key += 1) {
    const started = Date.now();
    await page.keyboard.press(LETTERS[(burst * BURST_LENGTH + key) % LETTERS.length] ?? 'a');
    await sleep(Math.max(0, keyIntervalMs - (Date.now() - started)));
  }
  await sleep(SETTLE_MS);
  const writes = await page.evaluate((since) => {
    const bench = /** @type {BenchWindow} */ (window);
    return (bench.__benchWrites ?? []).filter((write) => write.at >= since);
  }, from);
  target.writesPerBurst.push(writes.length);
  target.writeLog.push(writes);
}

/** The per-keystroke statistics of a target's bursts. */
export async function keystrokeTimings(/** @type {TypingTarget} */ target, /** @type {number} */ keyIntervalMs) {
  const { keys, events, frames } = await target.page.evaluate(() => {
    const bench = /** @type {BenchWindow} */ (window);
    return { keys: bench.__benchKeys ?? [], events: bench.__benchEvents ?? [], frames: bench.__benchFrames ?? [] };
  });
  // Clearing the box between bursts may press keys too: only the bursts' own keys are timed.
  const typed = target.burstStarts.flatMap((start) => keys.slice(start, start + BURST_LENGTH));
  const nextPaint = typed.flatMap((key) => (key.paintedAt === null ? [] : [key.paintedAt - key.timeStamp]));
  const mainThread = typed.flatMap((key) => (key.paintedAt === null || key.frameAt === null ? [] : [key.handlersMs + (key.paintedAt - key.frameAt)]));
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
    bursts: target.burstStarts.length,
    keystrokes: typed.length,
    keyIntervalMs,
    cpuThrottling: CPU_THROTTLING,
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
      p95OfAllMs:
        reportedShare <= 0.05
          ? null
          : percentile([...reported.map((entry) => entry.duration), ...Array.from({ length: typed.length - reported.length }, () => 0)], 95),
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
  };
}

/** @typedef {Awaited<ReturnType<typeof keystrokeTimings>>} KeystrokeTimings */

/**
 * The app's typing figures, with the floor's under `floor` and those of the app's own page without
 * its scripts under `pageWithoutScripts`. The three pages stay open and their bursts alternate
 * (app, page without scripts, floor, app, …), so a change in the machine's load falls on all.
 * @param {{ browser: Browser, url: string, bursts: number, keyIntervalMs: number }} options
 * @returns {Promise<KeystrokeTimings & { indexedDbWrites: { perBurst: number[], max: number | null, log: WriteMark[][] }, floor: KeystrokeTimings, pageWithoutScripts: KeystrokeTimings }>}
 */
export async function measureTyping({ browser, url, bursts, keyIntervalMs }) {
  /** @type {TypingTarget[]} */
  const targets = [];
  try {
    const app = await openApp(browser, url);
    targets.push(app);
    const withoutScripts = await openPageWithoutScripts(browser, url, app.page);
    targets.push(withoutScripts);
    const floor = await openFloor(browser);
    targets.push(floor);
    for (let burst = 0; burst < bursts; burst += 1) {
      await typeBurst(app, burst, keyIntervalMs);
      await typeBurst(withoutScripts, burst, keyIntervalMs);
      await typeBurst(floor, burst, keyIntervalMs);
    }
    for (const target of targets) await target.cdp.detach();
    const { writesPerBurst, writeLog } = app;
    return {
      ...(await keystrokeTimings(app, keyIntervalMs)),
      indexedDbWrites: { perBurst: writesPerBurst, max: writesPerBurst.length ? Math.max(...writesPerBurst) : null, log: writeLog },
      floor: await keystrokeTimings(floor, keyIntervalMs),
      pageWithoutScripts: await keystrokeTimings(withoutScripts, keyIntervalMs),
    };
  } finally {
    for (const target of targets) await target.context.close();
  }
}
