// `npm run bench:status-page`: Lighthouse on the creator's status page (/status/#secret), as a
// creator opens it from the last step or an e-mail: `npm start`'s server on the build (dist/, run
// `npm run build` first) and a new data folder, one application sent to it as the page sends one,
// then Lighthouse's mobile and desktop settings on its status link, RUNS times each, medians.
// The page's budget is the wizard's Welcome's: Lighthouse 100 in performance and accessibility,
// its critical JS far under 90 kB gzip (the byte test holds that: tests/e2e/byte-budgets.spec.ts).
// Prints a Markdown table. BENCH_STATUS_RUNS changes the runs (default 3).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import { fileURLToPath, URL } from 'node:url';
import { request } from 'node:http';
import { startServer } from '../../server/start-server.mjs';
import { sampleBody } from '../support/sample-application.mjs';
import { CATEGORIES, figures, runLighthouse } from './measure-lighthouse.mjs';
import { median } from './stats.mjs';

const RUNS = Number(process.env.BENCH_STATUS_RUNS ?? 3);
const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));

/**
 * A PUT as the page sends one, its answer read whole.
 * @param {string} url
 * @param {string} body
 * @param {Record<string, string>} headers
 * @returns {Promise<{ status: number, text: string }>}
 */
function put(url, body, headers) {
  return new Promise((resolve, reject) => {
    const sent = request(url, { method: 'PUT', headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, text });
      });
    });
    sent.on('error', reject);
    sent.end(body);
  });
}

const dataDir = await mkdtemp(join(tmpdir(), 'bench-status-page-'));
const server = await startServer({ root: DIST, port: 0, dataDir });
try {
  const answer = await put(`${server.url}${server.path}`, JSON.stringify(sampleBody()), {
    'Content-Type': 'application/json',
    'Idempotency-Key': 'bench-status-1',
    'Application-Id': 'bench-status-application',
    Origin: server.url,
  });
  const receipt = /** @type {{ statusUrl?: string, reference?: string }} */ (JSON.parse(answer.text));
  if (answer.status !== 201 || !receipt.statusUrl)
    throw new Error(`the application was not stored with a status link: ${String(answer.status)} ${answer.text}`);
  const lines = [
    `Status page of ${receipt.reference ?? ''}, Lighthouse ${String(RUNS)} runs each (medians)`,
    '',
    `| settings | ${CATEGORIES.join(' | ')} | LCP ms | TBT ms | CLS |`,
    `| --- | ${CATEGORIES.map(() => '---:').join(' | ')} | ---: | ---: | ---: |`,
  ];
  for (const formFactor of /** @type {const} */ (['mobile', 'desktop'])) {
    /** @type {Array<ReturnType<typeof figures>>} */
    const runs = [];
    for (let run = 0; run < RUNS; run += 1) runs.push(figures((await runLighthouse(receipt.statusUrl, formFactor)).lhr));
    const of = (/** @type {(run: ReturnType<typeof figures>) => number | null | undefined} */ pick) =>
      median(runs.map(pick).filter((value) => typeof value === 'number'));
    lines.push(
      `| ${formFactor} | ${CATEGORIES.map((category) => String(of((run) => run.scores[category]))).join(' | ')} | ${String(Math.round(of((run) => run.metrics.lcpMs) ?? NaN))} | ${String(Math.round(of((run) => run.metrics.tbtMs) ?? NaN))} | ${(of((run) => run.metrics.cls) ?? NaN).toFixed(3)} |`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
}
