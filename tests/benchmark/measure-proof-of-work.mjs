// Measurement 9: the proof of work's solve time (PROOF_OF_WORK=on, docs/receiver.md). The built
// solver chunk (dist/assets/solver-worker-*.js) solves challenges of the receiver's default
// difficulty; each challenge hides the largest number it may, so every run is the worst case (a
// real one averages half). Budget: under 1 s with the CPU 4x slower.
//
// CDP's Emulation.setCPUThrottlingRate slows the page's main thread only, not its Web Workers, so
// a worker timed at "4x" runs at full speed. The same chunk is therefore also run on the main
// thread, where the throttling applies: loaded as a script into a same-origin about:blank iframe
// (the chunk is a self-contained IIFE that sets `self.onmessage` and answers with
// `self.postMessage`), whose `postMessage` is replaced to catch the answer, and handed the
// challenge as a real MessageEvent. The solve loop is crypto.subtle's digests awaited in batches,
// so the thread it runs on changes little unthrottled (compare the two 1x rows).
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { createChallenge } from 'altcha-lib/v1';
import { DEFAULT_MAX_NUMBER } from '../../server/limits/proof-of-work.mjs';
import { BUDGETS } from '../support/performance-budgets.mjs';
import { throttleCpu } from './browser.mjs';
import { summarize } from './stats.mjs';
/* global Worker, document, performance -- the callbacks of page.evaluate run in the page */

const CPU_THROTTLING = 4;

/** A challenge whose answer is the largest number it allows: the worst case. */
function worstCaseChallenge() {
  return createChallenge({ hmacKey: 'bench', maxNumber: DEFAULT_MAX_NUMBER, number: DEFAULT_MAX_NUMBER });
}

function expectWorstCase(/** @type {unknown} */ number) {
  if (number !== DEFAULT_MAX_NUMBER) throw new Error(`the solver found ${String(number)}, not ${String(DEFAULT_MAX_NUMBER)}`);
}

/**
 * Times the chunk in a Web Worker of its own, as the page runs it (worker start included).
 * @param {import('@playwright/test').Page} page
 * @param {string} script
 * @param {number} runs
 */
async function timeInWorker(page, script, runs) {
  /** @type {number[]} */
  const times = [];
  for (let run = 0; run < runs; run += 1) {
    const challenge = await worstCaseChallenge();
    const result = await page.evaluate(
      ({ src, given }) =>
        new Promise((resolve, reject) => {
          const started = performance.now();
          const solver = new Worker(src, { type: 'module' });
          solver.onmessage = (event) => {
            solver.terminate();
            resolve({ number: event.data, ms: performance.now() - started });
          };
          solver.onerror = (event) => reject(new Error(event.message));
          solver.postMessage(given);
        }),
      { src: script, given: challenge },
    );
    const { number, ms } = /** @type {{ number: unknown, ms: number }} */ (result);
    expectWorstCase(number);
    times.push(ms);
  }
  return times;
}

/**
 * Times the same chunk on the page's main thread (script load excluded), with the CPU `rate` times slower.
 * @param {import('@playwright/test').Page} page
 * @param {string} script
 * @param {number} rate
 * @param {number} runs
 */
async function timeOnMainThread(page, script, rate, runs) {
  const cdp = await throttleCpu(page, rate);
  /** @type {number[]} */
  const times = [];
  try {
    for (let run = 0; run < runs; run += 1) {
      const challenge = await worstCaseChallenge();
      const result = await page.evaluate(
        async ({ src, given }) => {
          const frame = document.createElement('iframe');
          document.body.append(frame);
          const win = /** @type {Window & typeof globalThis} */ (frame.contentWindow);
          try {
            await new Promise((resolve, reject) => {
              const tag = win.document.createElement('script');
              tag.src = src;
              tag.onload = resolve;
              tag.onerror = () => reject(new Error(`could not load ${src}`));
              win.document.head.append(tag);
            });
            return await new Promise((resolve) => {
              let started = 0;
              // The chunk answers with self.postMessage(number): in a window, catch it here.
              win.postMessage = (/** @type {unknown} */ number) => resolve({ number, ms: performance.now() - started });
              started = performance.now();
              win.dispatchEvent(new win.MessageEvent('message', { data: given }));
            });
          } finally {
            frame.remove();
          }
        },
        { src: script, given: challenge },
      );
      const { number, ms } = /** @type {{ number: unknown, ms: number }} */ (result);
      expectWorstCase(number);
      times.push(ms);
    }
  } finally {
    await cdp.detach();
  }
  return times;
}

/**
 * @param {{ browser: import('@playwright/test').Browser, url: string, dist: string, runs: number }} options
 */
export async function measureProofOfWork({ browser, url, dist, runs }) {
  const chunk = (await readdir(join(dist, 'assets'))).find((file) => /^solver-worker-.*\.js$/.test(file));
  if (!chunk) throw new Error('the build has no solver-worker chunk');
  const script = `/assets/${chunk}`;
  const page = await browser.newPage();
  try {
    // Any page of the served build: same origin as the chunk, and no app code running beside it.
    await page.goto(`${url}/manifest.webmanifest`);
    await page.setContent('<!doctype html><title>solver</title>');
    const worker = await timeInWorker(page, script, runs);
    // The evidence that the worker escapes the throttling: it is no slower at "4x".
    const cdp = await throttleCpu(page, CPU_THROTTLING);
    const workerThrottled = await timeInWorker(page, script, runs).finally(() => cdp.detach());
    const mainThread = await timeOnMainThread(page, script, 1, runs);
    const mainThreadThrottled = await timeOnMainThread(page, script, CPU_THROTTLING, runs);
    const main1x = summarize(mainThread);
    const main4x = summarize(mainThreadThrottled);
    return {
      runs,
      chunk,
      maxNumber: DEFAULT_MAX_NUMBER,
      cpuThrottling: CPU_THROTTLING,
      workerMs: summarize(worker),
      workerAt4xIgnoredMs: summarize(workerThrottled),
      mainThreadMs: main1x,
      mainThreadAt4xMs: main4x,
      slowdown: main1x.median && main4x.median !== null ? main4x.median / main1x.median : null,
      budgetMs: BUDGETS.proofOfWorkSolveMs,
    };
  } finally {
    await page.close();
  }
}
