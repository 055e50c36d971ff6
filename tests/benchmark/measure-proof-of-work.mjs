// Measurement: the proof of work's solve time (PROOF_OF_WORK=on, docs/receiver.md). The built
// solver (the Web Worker the page starts) solves challenges of the receiver's default difficulty
// with the CPU 4x slower; each challenge hides the largest number it may, so every run is the
// worst case (a real one averages half). Budget: under 1 s.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { createChallenge } from 'altcha-lib/v1';
import { DEFAULT_MAX_NUMBER } from '../../server/proof-of-work.mjs';
import { throttleCpu } from './browser.mjs';
import { summarize } from './stats.mjs';
/* global Worker, performance -- the callback of page.evaluate runs in the page */

export const SOLVE_BUDGET_MS = 1000;
const CPU_THROTTLING = 4;

/**
 * @param {import('@playwright/test').Browser} browser
 * @param {string} url the served build
 * @param {string} dist its folder
 * @param {number} runs
 */
export async function measureProofOfWork(browser, url, dist, runs) {
  const worker = (await readdir(join(dist, 'assets'))).find((file) => /^solver-worker-.*\.js$/.test(file));
  if (!worker) throw new Error('the build has no solver-worker chunk');
  const page = await browser.newPage();
  await page.goto(`${url}/config.json`);
  /** @type {Record<number, number[]>} */
  const times = { 1: [], [CPU_THROTTLING]: [] };
  for (const rate of [1, CPU_THROTTLING]) {
    // CDP's throttling reaches the page's workers too: the solve time scales with it.
    const cdp = await throttleCpu(page, rate);
    for (let run = 0; run < runs; run += 1) {
      const challenge = await createChallenge({ hmacKey: 'bench', maxNumber: DEFAULT_MAX_NUMBER, number: DEFAULT_MAX_NUMBER });
      const result = await page.evaluate(
        ({ script, challenge: given }) =>
          new Promise((resolve) => {
            const started = performance.now();
            const solver = new Worker(script, { type: 'module' });
            solver.onmessage = (event) => {
              solver.terminate();
              resolve({ number: event.data, ms: performance.now() - started });
            };
            solver.postMessage(given);
          }),
        { script: `/assets/${worker}`, challenge },
      );
      const { number, ms } = /** @type {{ number: number | null, ms: number }} */ (result);
      if (number !== DEFAULT_MAX_NUMBER) throw new Error(`the solver found ${String(number)}, not ${String(DEFAULT_MAX_NUMBER)}`);
      times[rate]?.push(ms);
    }
    await cdp.detach();
  }
  await page.close();
  return { maxNumber: DEFAULT_MAX_NUMBER, worstCaseMs: summarize(times[1] ?? []), worstCaseAt4xMs: summarize(times[CPU_THROTTLING] ?? []), budgetMs: SOLVE_BUDGET_MS };
}
