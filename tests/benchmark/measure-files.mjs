// Measurement: files, against the real receiver (`node server/serve.mjs`, its embedded store
// and uploads folder in a temporary data folder) serving the build with docs/examples/config.files.json
// as its config.json (room photos and a media kit on the Details step).
//  1. Upload: a 20 MiB PDF and six 12-megapixel photos (file-fixtures.mjs) chosen on Details, in a
//     phone context whose connection CDP throttles (Network.emulateNetworkConditions: 1.5 Mbit/s up
//     and down, 300 ms latency), through the end-to-end suite's cutting proxy (tests/e2e/helpers/
//     cutting-proxy.ts), which cuts the first upload PATCH mid-body. Bytes sent: the PATCH body
//     bytes that reached the proxy; bytes stored: the uploads' files on the receiver's disk once
//     every one is whole. Wall time: from choosing the files to the last byte on the disk.
//  2. Shrinking: the longest main-thread task (PerformanceObserver 'longtask', so 50 ms or more)
//     from choosing the six photos to the sixth listed as kept, the CPU 4x slower, no network throttling.
//  3. Lazy loading: the scripts and stylesheets requested on Welcome and Basic Info with the example
//     programme, then on Details (where the file fields are); and on Welcome, Basic Info and Details
//     of the default programme, which has no file field.
// Service workers are blocked in these contexts: DevTools' network throttling applies to the page's
// own requests, not to those a service worker makes, and the uploads here are the page's.
import { spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import { clearTimeout, setTimeout } from 'node:timers';
import { fileURLToPath, URL } from 'node:url';
import { chunkSizes, fileFeatureChunks, pageScripts, totalSize } from '../support/bundle-sizes.mjs';
import { BASIC_INFO_HEADING, continueTo, DETAILS_HEADING, fillBasicInfo, WELCOME } from '../support/default-programme.mjs';
import { startBenchServer } from './bench-server.mjs';
import { PHONE_CONTEXT } from './browser.mjs';
import { makeFileFixtures } from './file-fixtures.mjs';
import { sleep } from './sleep.mjs';
import { summarize } from './stats.mjs';
import { importTypeScript } from './typescript-module.mjs';
/* global window, performance, PerformanceObserver -- the callbacks of addInitScript and evaluate run in the page */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FILES_PROGRAMME = join(ROOT, 'docs', 'examples', 'config.files.json');
export const PHOTOS_LABEL = 'Photos of the rooms you would photograph';
const MEDIA_KIT_LABEL = 'Your media kit';
/** The connection: 1.5 Mbit/s each way, 300 ms round trip. */
export const FILES_THROUGHPUT_BITS = 1_500_000;
export const FILES_LATENCY_MS = 300;
/**
 * The first PATCH (the PDF's first chunk: the PDF is chosen first) is cut after this many body
 * bytes: half the page's 1 MiB chunk (uploads/upload-pace.ts's CHUNK_SIZE). More than a
 * chunk, and no PATCH would ever be cut (as happened once the chunks went from 4 MiB to 1 MiB).
 */
const CUT_AFTER_BYTES = 512 * 1024;
const CPU_THROTTLING = 4;
const UPLOAD_TIMEOUT_MS = 30 * 60 * 1000;

/**
 * @typedef {{ url: string, dataDir: string, stop: () => Promise<void> }} Receiver
 */

/** server/build/receiver-rules.mjs, as `npm run build` makes it, when it is not there yet. */
async function buildServerRules() {
  const built = await stat(join(ROOT, 'server', 'build', 'receiver-rules.mjs')).then(
    () => true,
    () => false,
  );
  if (built) return;
  await run(process.execPath, [join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', 'vite.server.config.ts', '--logLevel', 'error']);
}

function run(/** @type {string} */ command, /** @type {string[]} */ args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(undefined) : reject(new Error(`${command} ${args.join(' ')} exited ${String(code)}`))));
  });
}

/** `node server/serve.mjs` in a child process, as a deployer runs it, without its per-address limits on applications. */
export async function spawnReceiver(/** @type {string} */ root, /** @type {string} */ dataDir) {
  await buildServerRules();
  /** @type {NodeJS.ProcessEnv} */
  const env = {
    ...process.env,
    DIST_DIR: root,
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    RATE_LIMIT_PER_MINUTE: '0',
    RATE_LIMIT_PER_HOUR: '0',
    DRAFT_RATE_LIMIT_PER_MINUTE: '0',
    DRAFT_RATE_LIMIT_PER_HOUR: '0',
  };
  delete env.DATABASE_URL;
  delete env.UPLOADS_DIR;
  const child = spawn(process.execPath, ['server/serve.mjs'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = await new Promise((resolve, reject) => {
    const onData = (/** @type {Buffer} */ chunk) => {
      output += chunk.toString('utf8');
      const match = /Creator partnership wizard: (http:\/\/[^/\s]+)\//.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => {
      reject(new Error(`the receiver exited before listening:\n${output}`));
    });
  });
  return /** @type {Receiver} */ ({
    url,
    dataDir,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    },
  });
}

/**
 * A copy of the build with the example programme that asks for files as its config.json, and an
 * empty data folder, under `temp`: what `spawnReceiver` serves.
 * @param {string} dist
 * @param {string} temp
 */
export async function serveFilesProgramme(dist, temp) {
  const root = join(temp, 'served');
  await cp(dist, root, { recursive: true });
  await writeFile(join(root, 'config.json'), await readFile(FILES_PROGRAMME));
  const dataDir = join(temp, 'data');
  await mkdir(dataDir);
  return { root, dataDir };
}

/**
 * The uploads on the receiver's disk: for each, its declared length (its .json) and the bytes its file holds.
 * @returns {Promise<Array<{ id: string, length: number, stored: number }>>}
 */
async function storedUploads(/** @type {string} */ dataDir) {
  const folder = join(dataDir, 'uploads');
  const names = await readdir(folder).catch(() => /** @type {string[]} */ ([]));
  const uploads = [];
  for (const name of names.filter((file) => /^[0-9a-f]{32}\.json$/.test(file))) {
    const id = name.slice(0, -'.json'.length);
    const info = /** @type {{ size?: number }} */ (JSON.parse(await readFile(join(folder, name), 'utf8')));
    const stored = await stat(join(folder, id)).then(
      (stats) => stats.size,
      () => 0,
    );
    uploads.push({ id, length: info.size ?? Number.NaN, stored });
  }
  return uploads;
}

/**
 * A phone (or the device `contextOptions` describes) on the example programme's Details step,
 * where its two file fields are; `initScripts` run in the page before the app.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} url
 * @param {import('@playwright/test').BrowserContextOptions} [contextOptions]
 * @param {Array<() => void>} [initScripts]
 */
export async function openDetails(browser, url, contextOptions = PHONE_CONTEXT, initScripts = []) {
  const context = await browser.newContext({ ...contextOptions, serviceWorkers: 'block' });
  for (const script of initScripts) await context.addInitScript(script);
  const page = await context.newPage();
  await page.goto(`${url}/`);
  await page.getByRole('heading', { name: WELCOME.heading }).waitFor();
  await continueTo(page, BASIC_INFO_HEADING);
  await fillBasicInfo(page);
  await continueTo(page, DETAILS_HEADING);
  return { context, page };
}

/**
 * 1. The upload through a throttled connection with one cut.
 * @param {{ browser: import('@playwright/test').Browser, receiver: Receiver, fixtures: Awaited<ReturnType<typeof makeFileFixtures>>, throughputBits: number, log: (line: string) => void }} options
 */
async function measureUpload({ browser, receiver, fixtures, throughputBits, log }) {
  const { startCuttingProxy } = /** @type {typeof import('../e2e/helpers/cutting-proxy.ts')} */ (
    await importTypeScript(join(ROOT, 'tests', 'e2e', 'helpers', 'cutting-proxy.ts'))
  );
  const proxy = await startCuttingProxy(receiver.url);
  const { context, page } = await openDetails(browser, proxy.url);
  try {
    const session = await context.newCDPSession(page);
    await session.send('Network.enable');
    const bytesPerSecond = throughputBits / 8;
    await session.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: FILES_LATENCY_MS,
      downloadThroughput: bytesPerSecond,
      uploadThroughput: bytesPerSecond,
    });
    proxy.cutNextPatch(CUT_AFTER_BYTES);
    const started = Date.now();
    await page.getByLabel(MEDIA_KIT_LABEL, { exact: true }).setInputFiles(fixtures.pdf);
    await page.getByLabel(PHOTOS_LABEL, { exact: true }).setInputFiles(fixtures.photos);
    const expected = 1 + fixtures.photos.length;
    let lastLog = 0;
    for (;;) {
      const uploads = await storedUploads(receiver.dataDir);
      const whole = uploads.filter((upload) => upload.stored === upload.length);
      if (uploads.length >= expected && whole.length === uploads.length) break;
      if (Date.now() - started > UPLOAD_TIMEOUT_MS)
        throw new Error(`files: ${String(whole.length)} of ${String(expected)} uploads whole after ${String(UPLOAD_TIMEOUT_MS / 60000)} minutes`);
      if (Date.now() - lastLog > 30_000) {
        lastLog = Date.now();
        log(
          `files: ${String(whole.length)} of ${String(expected)} uploads whole, ${String(uploads.reduce((sum, upload) => sum + upload.stored, 0))} bytes stored, ${String(proxy.patchBytes)} sent, ${String(proxy.cuts)} cut`,
        );
      }
      await sleep(250);
    }
    const wallMs = Date.now() - started;
    // The row says the upload survived a cut: without one, it would say nothing of the kind.
    if (proxy.cuts !== 1)
      throw new Error(`files: the upload was cut ${String(proxy.cuts)} times, not once (a PATCH shorter than ${String(CUT_AFTER_BYTES)} bytes?)`);
    const uploads = await storedUploads(receiver.dataDir);
    const bytesStored = uploads.reduce((sum, upload) => sum + upload.stored, 0);
    const bytesSent = proxy.patchBytes;
    return {
      throughputBitsPerSecond: throughputBits,
      latencyMs: FILES_LATENCY_MS,
      cutAfterBytes: CUT_AFTER_BYTES,
      cuts: proxy.cuts,
      files: uploads.length,
      chosenBytes: fixtures.pdfBytes + fixtures.photoBytes.reduce((sum, bytes) => sum + bytes, 0),
      storedSizes: uploads.map((upload) => upload.stored).sort((a, b) => b - a),
      bytesSent,
      bytesStored,
      sentOverStored: bytesSent / bytesStored,
      wallMs,
      /** The time the stored bytes alone take at this throughput: the floor of the wall time. */
      lineTimeMs: (bytesStored * 8 * 1000) / throughputBits,
    };
  } finally {
    await context.close();
    await proxy.close();
  }
}

/** In the page: every long task, from the start. */
export function longTaskProbe() {
  const bench = /** @type {{ __benchLongTasks?: Array<{ start: number, duration: number }> }} */ (/** @type {unknown} */ (window));
  bench.__benchLongTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) bench.__benchLongTasks?.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
}

/**
 * 2. The longest main-thread task while six photos are made smaller, 4x CPU.
 * @param {{ browser: import('@playwright/test').Browser, receiver: Receiver, fixtures: Awaited<ReturnType<typeof makeFileFixtures>>, runs: number }} options
 */
async function measureShrinking({ browser, receiver, fixtures, runs }) {
  /** @type {number[]} */
  const longest = [];
  /** @type {number[]} */
  const durations = [];
  /** @type {number[]} */
  const longTaskCounts = [];
  for (let run = 0; run < runs; run += 1) {
    const opened = await openDetails(browser, receiver.url);
    const { page } = opened;
    try {
      await page.evaluate(longTaskProbe);
      const session = await opened.context.newCDPSession(page);
      await session.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING });
      // Playwright's locators run their queries on the page's main thread (a label lookup over the
      // whole wizard takes hundreds of milliseconds at 4x): the input is found before the timing,
      // and the end is awaited by counting the kept rows every 200 ms, a task of well under 1 ms.
      const input = await page.getByLabel(PHOTOS_LABEL, { exact: true }).elementHandle();
      if (!input) throw new Error('files: no photos field on Details');
      const keptRows = () => input.evaluate((element) => element.closest('.file-field')?.querySelectorAll('.file-item__remove').length ?? 0);
      const from = await page.evaluate(() => performance.now());
      await input.setInputFiles(fixtures.photos);
      const deadline = Date.now() + 10 * 60 * 1000;
      while ((await keptRows()) < fixtures.photos.length) {
        if (Date.now() > deadline) throw new Error('files: the six photos were not kept within 10 minutes');
        await sleep(200);
      }
      const to = await page.evaluate(() => performance.now());
      const tasks = await page.evaluate(
        () => /** @type {{ __benchLongTasks?: Array<{ start: number, duration: number }> }} */ (/** @type {unknown} */ (window)).__benchLongTasks ?? [],
      );
      const during = tasks.filter((task) => task.start + task.duration >= from && task.start <= to);
      longest.push(during.reduce((max, task) => Math.max(max, task.duration), 0));
      longTaskCounts.push(during.length);
      durations.push(to - from);
      await session.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    } finally {
      await opened.context.close();
    }
  }
  return {
    runs,
    cpuThrottling: CPU_THROTTLING,
    /** The longest task of each run; 0 when none reached 50 ms (the Long Tasks API reports only those). */
    longestTaskMs: summarize(longest),
    slowestRunLongestTaskMs: Math.max(...longest),
    longTasksPerRun: longTaskCounts,
    sixPhotosKeptMs: summarize(durations),
  };
}

/**
 * 3. The scripts and stylesheets each step of a walk requests.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} url
 * @param {string} dist the build, whose chunks are the ones served
 * @param {string[]} featureChunks
 */
async function requestsByStep(browser, url, dist, featureChunks) {
  const context = await browser.newContext({ ...PHONE_CONTEXT, serviceWorkers: 'block' });
  const page = await context.newPage();
  const built = await pageScripts(dist);
  /** @type {string[]} */
  let requested = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname.replace(/^\//, '');
    if (/\.(?:m?js|css)$/.test(path)) requested.push(path);
  });
  const settle = () => sleep(2000);
  const take = async () => {
    const taken = [...new Set(requested)];
    requested = [];
    const scripts = taken.filter((path) => built.includes(path));
    return { requests: taken.length, gzip: totalSize(await chunkSizes(dist, scripts)).gzip, feature: taken.filter((path) => featureChunks.includes(path)) };
  };
  try {
    await page.goto(`${url}/`);
    await page.getByRole('heading', { name: WELCOME.heading }).waitFor();
    await settle();
    const welcome = await take();
    await continueTo(page, BASIC_INFO_HEADING);
    await fillBasicInfo(page);
    await settle();
    const basicInfo = await take();
    await continueTo(page, DETAILS_HEADING);
    await settle();
    const details = await take();
    return { welcome, basicInfo, details };
  } finally {
    await context.close();
  }
}

/**
 * @param {{ browser: import('@playwright/test').Browser, dist: string, baseDist?: string | undefined, runs: number, throughputBits?: number, log: (line: string) => void }} options
 *   `baseDist`: a build from before the feature (its whole-wizard size is said beside this one's)
 */
export async function measureFiles({ browser, dist, baseDist, runs, throughputBits = FILES_THROUGHPUT_BITS, log }) {
  const temp = await mkdtemp(join(tmpdir(), 'bench-files-'));
  /** @type {Receiver | null} */
  let receiver = null;
  /** @type {import('./bench-server.mjs').BenchServer | null} */
  let plain = null;
  try {
    const featureChunks = await fileFeatureChunks(dist);
    const wholeWizard = totalSize(await chunkSizes(dist, await pageScripts(dist)));
    const beforeFeature = baseDist ? totalSize(await chunkSizes(baseDist, await pageScripts(baseDist))) : null;

    log('files: making six 4000 × 3000 photos with EXIF and GPS, and a 20 MiB PDF');
    const fixturesDir = join(temp, 'fixtures');
    await mkdir(fixturesDir);
    const fixtures = await makeFileFixtures(fixturesDir);

    const { root, dataDir } = await serveFilesProgramme(dist, temp);
    receiver = await spawnReceiver(root, dataDir);

    log('files: requests per step, example programme and default programme');
    const example = await requestsByStep(browser, receiver.url, dist, featureChunks);
    plain = await startBenchServer({ dist, root: join(temp, 'served-default') });
    const defaultProgramme = await requestsByStep(browser, plain.url, dist, featureChunks);

    log(`files: longest main-thread task while six photos are made smaller, 4x CPU, ${String(runs)} runs`);
    const shrinking = await measureShrinking({ browser, receiver, fixtures, runs });
    await receiver.stop();
    // A fresh data folder for the upload, so that only its bytes are on the disk.
    await rm(dataDir, { recursive: true, force: true });
    await mkdir(dataDir);
    receiver = await spawnReceiver(root, dataDir);

    log(`files: the PDF and six photos at ${String(throughputBits / 1e6)} Mbit/s, ${String(FILES_LATENCY_MS)} ms, one PATCH cut`);
    const upload = await measureUpload({ browser, receiver, fixtures, throughputBits, log });
    log(
      `files: ${String(upload.bytesSent)} bytes sent for ${String(upload.bytesStored)} stored (${upload.sentOverStored.toFixed(4)}×) in ${(upload.wallMs / 1000).toFixed(0)} s`,
    );
    return {
      fixtures: { photos: fixtures.photos.length, photoBytes: fixtures.photoBytes, pdfBytes: fixtures.pdfBytes },
      upload,
      shrinking,
      lazy: {
        featureChunks: await chunkSizes(dist, featureChunks),
        featureTotal: totalSize(await chunkSizes(dist, featureChunks)),
        example,
        defaultProgramme,
      },
      wholeWizard,
      beforeFeature,
    };
  } finally {
    await receiver?.stop();
    await plain?.close();
    await rm(temp, { recursive: true, force: true });
  }
}
