// A developer's probe, not part of `npm run bench`: the main thread's tasks on a first visit and
// in the first Continue, read from a Chromium trace by *thread time* as well as wall time.
//
// Why: Lighthouse's mobile TBT multiplies each task's observed wall time by 4. On a shared 2-core
// machine the renderer waits for the CPU inside its tasks, so the same build scores TBT 400 in one
// run and 1,300 in the next; thread time (CPU time the renderer actually spent) barely moves, and
// so tells whether a change removed work. See docs/performance.md, "Reading Lighthouse's TBT".
//
//   npm run build && node tests/benchmark/trace-main-thread.mjs [--dist=dist] [--runs=5]
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import { BASIC_INFO_HEADING, WELCOME } from '../support/default-programme.mjs';
import { startBenchServer } from './bench-server.mjs';
import { launchBrowser, PHONE_CONTEXT } from './browser.mjs';
import { median } from './stats.mjs';

/** Tasks and their phases; fonts and text shaping need two more categories, used for the press only. */
const TASKS = 'devtools.timeline,disabled-by-default-devtools.timeline';
const TASKS_AND_FONTS = `${TASKS},blink,fonts`;

/** Lighthouse's mobile CPU slowdown, and the length from which a task counts as long. */
const SLOWDOWN = 4;
const LONG_TASK_MS = 50;

/**
 * A complete ("X") trace event; times in microseconds, `tdur` is thread time.
 * @typedef {{ name: string, ph: string, pid: number, tid: number, ts: number, dur?: number, tdur?: number, args?: { data?: { type?: string, url?: string } } }} TraceEvent
 */

/**
 * Records a trace around `act` in a fresh phone context.
 * @param {import('@playwright/test').Browser} browser
 * @param {(page: import('@playwright/test').Page) => Promise<void>} before what happens before tracing starts
 * @param {(page: import('@playwright/test').Page) => Promise<void>} act what is traced
 * @param {number} cpuRate CDP CPU throttling (1: none)
 * @param {string} categories trace categories: each one more slows the page a little
 * @returns {Promise<TraceEvent[]>}
 */
async function traced(browser, before, act, cpuRate, categories) {
  const context = await browser.newContext(PHONE_CONTEXT);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    if (cpuRate !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
    await before(page);
    /** @type {TraceEvent[]} */
    const events = [];
    cdp.on('Tracing.dataCollected', (batch) => {
      events.push(.../** @type {TraceEvent[]} */ (/** @type {unknown} */ (batch.value)));
    });
    const complete = new Promise((resolve) => {
      cdp.once('Tracing.tracingComplete', resolve);
    });
    await cdp.send('Tracing.start', { categories, transferMode: 'ReportEvents' });
    await act(page);
    await cdp.send('Tracing.end');
    await complete;
    return events;
  } finally {
    await context.close();
  }
}

/** Milliseconds of a task that Lighthouse's mobile simulation would count as blocking. */
function blockingMs(/** @type {number} */ microseconds) {
  return Math.max(0, (SLOWDOWN * microseconds) / 1000 - LONG_TASK_MS);
}

/**
 * A first visit, no throttling (as Lighthouse observes it): the tasks after the first contentful
 * paint, and what they would block at 4x by wall time and by thread time.
 */
function firstVisitFigures(/** @type {TraceEvent[]} */ events) {
  const paint = events.find((event) => event.name === 'firstContentfulPaint');
  if (!paint) throw new Error('no first contentful paint in the trace');
  // The main thread's only (the paint is marked there): the service worker, a worker of the same
  // process, evaluates sw.js on a thread of its own, which Lighthouse does not count either.
  const tasks = events.filter(
    (event) => event.ph === 'X' && event.name === 'RunTask' && event.pid === paint.pid && event.tid === paint.tid && event.ts > paint.ts,
  );
  const byWall = tasks.reduce((sum, task) => sum + blockingMs(task.dur ?? 0), 0);
  const byThread = tasks.reduce((sum, task) => sum + blockingMs(task.tdur ?? task.dur ?? 0), 0);
  const longest = Math.max(0, ...tasks.map((task) => (task.tdur ?? 0) / 1000));
  return { byWall, byThread, longest };
}

/** The first Continue at 4x: the click's task, and where its thread time went. */
function continueFigures(/** @type {TraceEvent[]} */ events) {
  const click = events.find((event) => event.name === 'EventDispatch' && event.args?.data?.type === 'click');
  if (!click) throw new Error('no click in the trace');
  const end = click.ts + (click.dur ?? 0);
  const inside = events.filter((event) => event.ph === 'X' && event.pid === click.pid && event.tid === click.tid && event.ts >= click.ts && event.ts < end);
  /** @param {string} name */
  const threadMs = (name) => inside.filter((event) => event.name === name).reduce((sum, event) => sum + (event.tdur ?? 0) / 1000, 0);
  return {
    clickMs: (click.tdur ?? 0) / 1000,
    styleMs: threadMs('UpdateLayoutTree'),
    layoutMs: threadMs('Layout'),
    fontsMs: threadMs('FontCache::GetFontPlatformData'),
    shapingMs: threadMs('InlineNode::ShapeTextIncludingFirstLine'),
    imagesMs: threadMs('SVGImage::DataChanged') + threadMs('ImageResourceContent::updateImage'),
  };
}

const flags = new Map(process.argv.slice(2).map((arg) => /** @type {[string, string]} */ ([arg.replace(/^--|=.*$/g, ''), arg.split('=')[1] ?? ''])));
const dist = flags.get('dist') ?? 'dist';
const runs = Number(flags.get('runs') ?? 5);
const root = await mkdtemp(join(tmpdir(), 'trace-main-thread-'));
const server = await startBenchServer({ dist, root: join(root, 'served') });
const browser = await launchBrowser();
try {
  /** @type {Array<ReturnType<typeof firstVisitFigures>>} */
  const visits = [];
  /** @type {Array<ReturnType<typeof continueFigures>>} */
  const presses = [];
  for (let run = 0; run < runs; run += 1) {
    const visit = await traced(
      browser,
      () => Promise.resolve(),
      async (page) => {
        await page.goto(`${server.url}/`);
        // Long enough for the idle work behind Welcome (the wizard built ahead) to be done.
        await page.waitForTimeout(5000);
      },
      1,
      TASKS,
    );
    visits.push(firstVisitFigures(visit));
    const press = await traced(
      browser,
      async (page) => {
        await page.goto(`${server.url}/`);
        await page.getByRole('heading', { name: WELCOME.heading }).waitFor();
        await page.waitForTimeout(3000);
      },
      async (page) => {
        await page.getByRole('button', { name: WELCOME.button }).click();
        await page.getByRole('heading', { name: BASIC_INFO_HEADING }).waitFor();
      },
      SLOWDOWN,
      TASKS_AND_FONTS,
    );
    presses.push(continueFigures(press));
  }
  /** @param {number[]} values */
  const ms = (values) => `${(median(values) ?? 0).toFixed(0)} ms`;
  process.stdout.write(
    [
      `${dist}, ${String(runs)} runs, medians`,
      'First visit, no throttling, tasks after FCP, blocking at 4x as Lighthouse would count it:',
      `  by wall time ${ms(visits.map((v) => v.byWall))}, by thread time ${ms(visits.map((v) => v.byThread))}; longest task ${ms(visits.map((v) => v.longest))} of thread time`,
      'First Continue from Welcome, 4x CPU, thread time in the click:',
      `  ${ms(presses.map((p) => p.clickMs))}: style ${ms(presses.map((p) => p.styleMs))}, layout ${ms(presses.map((p) => p.layoutMs))} ` +
        `(fonts ${ms(presses.map((p) => p.fontsMs))}, text shaping ${ms(presses.map((p) => p.shapingMs))}), images ${ms(presses.map((p) => p.imagesMs))}`,
      '',
    ].join('\n'),
  );
} finally {
  await browser.close();
  await server.close();
  await rm(root, { recursive: true, force: true });
}
