// A developer's probe, not part of `npm run bench`: what the main thread does while six
// 12-megapixel photos are chosen and made smaller at 4x CPU (the files row of the report), read
// from a Chromium trace. For each task of 50 ms or more: its length, and where its time went
// (scripts by their entry, style, layout, paint, image decoding), so a change can be aimed at the
// work that makes the longest task and checked against it.
//
//   npm run build && node tests/benchmark/trace-file-shrinking.mjs [--dist=dist] [--runs=3] [--plain | --profile]
// (a build with `--minify false` names the functions: npx vite build --minify false --outDir /tmp/dist-plain)
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import { fileURLToPath, URL } from 'node:url';
import { launchBrowser } from './browser.mjs';
import { makeFileFixtures } from './file-fixtures.mjs';
import { longTaskProbe, openDetails, spawnReceiver } from './measure-files.mjs';
import { sleep } from './sleep.mjs';
/* global window, performance -- the callbacks of evaluate run in the page */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PHOTOS_LABEL = 'Photos of the rooms you would photograph';
const CATEGORIES = 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute';
const LONG_TASK_US = 50_000;

/**
 * A complete ("X") trace event; times in microseconds.
 * @typedef {{ name: string, ph: string, pid: number, tid: number, ts: number, dur?: number, args?: { data?: { type?: string, url?: string, functionName?: string, frame?: string } } }} TraceEvent
 */

/**
 * CDP's Profiler.Profile, as much of it as is read here.
 * @typedef {{ nodes: Array<{ id: number, callFrame: { functionName: string, url: string, lineNumber: number }, children?: number[] }>, startTime: number, samples?: number[], timeDeltas?: number[] }} CpuProfile
 */

/** What an event is called in the breakdown: scripts by what ran them, the rest by their phase. */
function label(/** @type {TraceEvent} */ event) {
  const data = event.args?.data;
  if (event.name === 'EventDispatch') return `event ${data?.type ?? '?'}`;
  if (event.name === 'FunctionCall') return `call ${data?.functionName || '(anonymous)'} ${(data?.url ?? '').replace(/^.*\//, '')}`;
  if (event.name === 'XHRReadyStateChange' || event.name === 'XHRLoad') return `xhr ${event.name}`;
  return event.name;
}

/** The long tasks of the renderer's main thread and, for each, its time by the labels of its direct phases. */
function longTasks(/** @type {TraceEvent[]} */ events) {
  const main = events.find((event) => event.name === 'thread_name' && /** @type {{ name?: string }} */ (event.args)?.name === 'CrRendererMain');
  const tasks = events.filter(
    (event) =>
      event.ph === 'X' &&
      (event.name === 'RunTask' || event.name === 'ThreadControllerImpl::RunTask') &&
      event.pid === main?.pid &&
      event.tid === main?.tid &&
      (event.dur ?? 0) >= LONG_TASK_US,
  );
  const inThread = events.filter(
    (event) =>
      event.ph === 'X' && event.pid === main?.pid && event.tid === main?.tid && event.name !== 'RunTask' && event.name !== 'ThreadControllerImpl::RunTask',
  );
  return tasks.map((task) => {
    const end = task.ts + (task.dur ?? 0);
    const inside = inThread.filter((event) => event.ts >= task.ts && event.ts < end);
    /** @type {Map<string, number>} */
    const byLabel = new Map();
    // Only the outermost events: a FunctionCall inside an EventDispatch is the dispatch's time.
    let coveredUntil = 0;
    for (const event of inside.sort((a, b) => a.ts - b.ts)) {
      if (event.ts < coveredUntil) continue;
      coveredUntil = event.ts + (event.dur ?? 0);
      const name = label(event);
      byLabel.set(name, (byLabel.get(name) ?? 0) + (event.dur ?? 0) / 1000);
    }
    const parts = [...byLabel]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([name, ms]) => `${name} ${ms.toFixed(0)}`);
    return { ms: (task.dur ?? 0) / 1000, parts, ts: task.ts, end };
  });
}

/**
 * The functions the sampling profiler found running during a task, by the time spent in them and
 * what they called (the slowest first); React's and the browser's own frames are left out so that
 * the app's callers show.
 * @param {CpuProfile} profile
 * @param {{ ts: number, end: number }} task
 */
function inTask(profile, task) {
  /** @type {Map<number, CpuProfile['nodes'][number]>} */
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  /** @type {Map<number, number>} */
  const parents = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  /** @type {Map<string, number>} */
  const inclusive = new Map();
  let at = profile.startTime;
  const deltas = profile.timeDeltas ?? [];
  profile.samples?.forEach((sample, index) => {
    at += deltas[index] ?? 0;
    if (at < task.ts || at >= task.end) return;
    const seen = new Set();
    for (let id = /** @type {number | undefined} */ (sample); id !== undefined; id = parents.get(id)) {
      const frame = nodes.get(id)?.callFrame;
      if (!frame || !frame.url || !frame.functionName) continue;
      const name = `${frame.functionName} ${frame.url.replace(/^.*\//, '')}:${String(frame.lineNumber + 1)}`;
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + (deltas[index] ?? 0) / 1000);
    }
  });
  return [...inclusive]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 14)
    .map(([name, ms]) => `${name} ${ms.toFixed(0)}`);
}

const flags = new Map(process.argv.slice(2).map((arg) => /** @type {[string, string]} */ ([arg.replace(/^--|=.*$/g, ''), arg.split('=')[1] ?? ''])));
const dist = flags.get('dist') ?? 'dist';
const runs = Number(flags.get('runs') ?? 3);
// Each slows the page a little: --plain for the long tasks alone (as the bench sees them), --profile for the scripts' functions.
const tracing = !flags.has('plain');
const profiling = tracing && flags.has('profile');
const temp = await mkdtemp(join(tmpdir(), 'trace-file-shrinking-'));
const fixtures = await makeFileFixtures(await mkdir(join(temp, 'fixtures'), { recursive: true }).then(() => join(temp, 'fixtures')));
const served = join(temp, 'served');
await cp(dist, served, { recursive: true });
await writeFile(join(served, 'config.json'), await readFile(join(ROOT, 'docs', 'examples', 'config.files.json')));
await mkdir(join(temp, 'data'));
const receiver = await spawnReceiver(served, join(temp, 'data'));
const browser = await launchBrowser();
try {
  for (let run = 0; run < runs; run += 1) {
    const { context, page } = await openDetails(browser, receiver.url);
    try {
      await page.evaluate(longTaskProbe);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      const input = await page.getByLabel(PHOTOS_LABEL, { exact: true }).elementHandle();
      if (!input) throw new Error('no photos field on Details');
      /** @type {TraceEvent[]} */
      const events = [];
      cdp.on('Tracing.dataCollected', (batch) => {
        events.push(.../** @type {TraceEvent[]} */ (/** @type {unknown} */ (batch.value)));
      });
      const complete = new Promise((resolve) => {
        cdp.once('Tracing.tracingComplete', resolve);
      });
      if (profiling) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.send('Profiler.start');
      }
      if (tracing) await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
      const from = await page.evaluate(() => performance.now());
      await input.setInputFiles(fixtures.photos);
      const kept = () => input.evaluate((element) => element.closest('.file-field')?.querySelectorAll('.file-item__remove').length ?? 0);
      while ((await kept()) < fixtures.photos.length) await sleep(200);
      // The thumbnails and the first uploads' answers land just after the last row.
      await sleep(1500);
      if (tracing) {
        await cdp.send('Tracing.end');
        await complete;
      }
      const profile = profiling ? /** @type {CpuProfile} */ ((await cdp.send('Profiler.stop')).profile) : undefined;
      const observed = (
        await page.evaluate(
          () => /** @type {{ __benchLongTasks?: Array<{ start: number, duration: number }> }} */ (/** @type {unknown} */ (window)).__benchLongTasks ?? [],
        )
      ).filter((task) => task.start + task.duration >= from);
      const tasks = longTasks(events);
      process.stdout.write(
        `run ${String(run + 1)}: longest observed ${Math.max(0, ...observed.map((task) => task.duration)).toFixed(0)} ms; traced tasks ≥ 50 ms: ${String(tasks.length)}\n`,
      );
      for (const task of tasks.sort((a, b) => b.ms - a.ms).slice(0, 8)) {
        process.stdout.write(`  ${task.ms.toFixed(0)} ms: ${task.parts.join(' · ')}\n`);
        if (profile) process.stdout.write(`    ${inTask(profile, task).join(' · ')}\n`);
      }
    } finally {
      await context.close();
    }
  }
} finally {
  await browser.close();
  await receiver.stop();
  await rm(temp, { recursive: true, force: true });
}
