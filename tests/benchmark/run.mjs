// `npm run bench`: builds the app into a temporary directory, serves copies of it with the
// project's own server, takes the performance budgets' measurements one after another (in parallel they
// would disturb each other's timings) and writes tests/benchmark/report.json and report.md.
// `npm run bench -- --help` lists the options; BENCH_RUNS=1 is enough while developing.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import process from 'node:process';
import { fileURLToPath, URL } from 'node:url';
import { startBenchServer, withTelemetry } from './bench-server.mjs';
import { launchBrowser } from './browser.mjs';
import { budgetChecks } from './budget-checks.mjs';
import { buildApp } from './build-app.mjs';
import { machineInfo } from './machine-info.mjs';
import { measureCoverImages } from './measure-cover-images.mjs';
import { measureCriticalPath } from './measure-critical-path.mjs';
import { measureDraftRestore } from './measure-draft-restore.mjs';
import { measureFileListPressShift } from './measure-file-list-press-shift.mjs';
import { measureFiles } from './measure-files.mjs';
import { measureFirstJourney } from './measure-first-journey.mjs';
import { measureHandover } from './measure-handover.mjs';
import { measureInstallability } from './measure-installability.mjs';
import { measureLanguages } from './measure-languages.mjs';
import { measureLighthouse } from './measure-lighthouse.mjs';
import { measureOfflineStart } from './measure-offline-start.mjs';
import { measurePressShift } from './measure-press-shift.mjs';
import { measureProofOfWork } from './measure-proof-of-work.mjs';
import { measureScale, SCALE_SIZES } from './measure-scale.mjs';
import { measureStepChanges } from './measure-step-changes.mjs';
import { measureTyping } from './measure-typing.mjs';
import { mergeResults } from './merge-results.mjs';
import { readOptions } from './options.mjs';
import { reportMarkdown } from './report-markdown.mjs';

const REPORT_JSON = fileURLToPath(new URL('report.json', import.meta.url));
const REPORT_MD = fileURLToPath(new URL('report.md', import.meta.url));
/** The programme in several languages that `npm run build:languages` builds. */
const LANGUAGES_PROGRAMME = fileURLToPath(new URL('../../docs/examples/config.en-fr.json', import.meta.url));

const started = Date.now();

/** Progress on stderr, so stdout stays free for the summary. */
function log(/** @type {string} */ line) {
  process.stderr.write(`[bench ${String(Math.round((Date.now() - started) / 1000)).padStart(4)} s] ${line}\n`);
}

async function main() {
  const options = readOptions();
  const meta = machineInfo();
  const temp = await mkdtemp(join(tmpdir(), 'wizard-bench-'));
  /** @type {Array<() => Promise<void>>} */
  const cleanups = [];
  try {
    let dist = options.dist ? resolve(options.dist) : join(temp, 'dist');
    if (options.dist) log(`measuring the existing build ${dist}`);
    else {
      log(`building into ${dist}`);
      await buildApp(dist, join(temp, 'build.log'));
    }
    // Each served copy has its own origin, so its storage and service worker are its own too.
    const plain = await startBenchServer({ dist, root: join(temp, 'served-default') });
    cleanups.push(plain.close);
    const telemetry = await startBenchServer({ dist, root: join(temp, 'served-telemetry'), editConfig: withTelemetry });
    cleanups.push(telemetry.close);
    dist = plain.root;

    const browser = await launchBrowser();
    cleanups.push(() => browser.close());
    const { only, runs } = options;
    /** @type {import('./report-types.mjs').BenchResults} */
    const results = {
      meta: { ...meta, chromium: browser.version(), lighthouse: null, runs, lighthouseRuns: options.lighthouseRuns, measured: [...only], durationSeconds: 0 },
    };
    if (only.has('critical-path')) {
      log(`critical path: ${String(runs)} cold loads with telemetry configured`);
      results.criticalPath = await measureCriticalPath({ browser, url: telemetry.url, dist: telemetry.root, runs });
      // The same edited config.json on a static host: index.html as built, checked for another file.
      const staticHost = await startBenchServer({ dist, root: join(temp, 'served-static-host'), editConfig: withTelemetry, staticHost: true });
      cleanups.push(staticHost.close);
      log(`critical path on a static host: ${String(runs)} cold loads, config.json edited after the build`);
      results.criticalPathStaticHost = await measureCriticalPath({ browser, url: staticHost.url, dist: staticHost.root, runs });
    }
    if (only.has('lighthouse')) {
      log(`lighthouse: ${String(options.lighthouseRuns)} runs each, mobile and desktop`);
      results.lighthouse = await measureLighthouse({ url: plain.url, runs: options.lighthouseRuns, log });
      results.meta.lighthouse = results.lighthouse.version;
    }
    if (only.has('installability')) {
      log('installability: CDP verdict with the service worker in control');
      results.installability = await measureInstallability({ url: plain.url, profileDir: join(temp, 'profile') });
    }
    if (only.has('offline-start')) {
      log(`offline start: ${String(runs)} navigations, unthrottled and 4x CPU`);
      results.offlineStart = await measureOfflineStart({ browser, url: plain.url, runs });
    }
    if (only.has('typing')) {
      log(
        `typing: ${String(runs)} bursts of 20 keystrokes, 4x CPU, each followed by one into the same page without its scripts and one into a page with only a text box (the floor)`,
      );
      results.typing = await measureTyping({ browser, url: plain.url, bursts: runs, keyIntervalMs: options.keyIntervalMs });
    }
    if (only.has('step-changes')) {
      log(`step changes: ${String(runs)} walks Welcome → Basic Info → Welcome → Basic Info → Details → Basic Info, 4x CPU`);
      results.stepChanges = await measureStepChanges({ browser, url: plain.url, runs });
    }
    if (only.has('scale')) {
      log(`scale: steps of ${SCALE_SIZES.join(', ')} fields, ${String(runs)} renders and bursts each beside the default step, 4x CPU`);
      results.scale = await measureScale({
        browser,
        dist: options.dist ? resolve(options.dist) : join(temp, 'dist'),
        root: join(temp, 'scale'),
        url: plain.url,
        runs,
        keyIntervalMs: options.keyIntervalMs,
      });
    }
    if (only.has('draft-restore')) {
      log(`draft restore: ${String(runs)} navigations with a complete draft`);
      results.draftRestore = await measureDraftRestore({ browser, url: plain.url, runs });
    }
    if (only.has('covers')) {
      log('cover images');
      results.covers = await measureCoverImages({ dist });
    }
    if (only.has('proof-of-work')) {
      log(`proof of work: ${String(runs)} worst-case solves each in a Web Worker (1x, and 4x to show it is not slowed) and on the main thread (1x, 4x CPU)`);
      results.proofOfWork = await measureProofOfWork({ browser, url: plain.url, dist, runs });
      const { mainThreadMs, mainThreadAt4xMs, slowdown } = results.proofOfWork;
      log(
        `proof of work: main thread median ${String(mainThreadMs.median?.toFixed(0))} ms at 1x, ${String(mainThreadAt4xMs.median?.toFixed(0))} ms at 4x (${String(slowdown?.toFixed(2))}x)`,
      );
    }
    if (only.has('languages')) {
      const languagesDist = options.distLanguages ? resolve(options.distLanguages) : join(temp, 'dist-languages');
      if (options.distLanguages) log(`languages: measuring the existing build ${languagesDist}`);
      else {
        log(`languages: building docs/examples/config.en-fr.json into ${languagesDist}`);
        await buildApp(languagesDist, join(temp, 'build-languages.log'), LANGUAGES_PROGRAMME);
      }
      const languages = await startBenchServer({ dist: languagesDist, root: join(temp, 'served-languages') });
      cleanups.push(languages.close);
      log(
        `languages: ${String(runs)} cold loads each of an en-US and an fr-CA browser, alternating; Lighthouse mobile ${String(options.lighthouseRuns)} runs each`,
      );
      results.languages = await measureLanguages({
        browser,
        url: languages.url,
        dist: languages.root,
        englishOnlyDist: dist,
        runs,
        lighthouseRuns: options.lighthouseRuns,
        log,
      });
      results.meta.lighthouse ??= results.languages.lighthouseVersion;
    }
    if (only.has('handover')) {
      log(`continue on another device: ${String(runs)} links made on a phone and opened on a desktop, both 4x CPU, against the receiver of npm start`);
      results.handover = await measureHandover({ browser, dist, runs });
    }
    if (only.has('press-shift')) {
      log('press shift: a walk of both form steps, every press right after a field edit, at 1280 px (mouse) and 390 px (touch)');
      results.pressShift = await measurePressShift({ browser, url: plain.url });
    }
    if (only.has('files')) {
      log(
        'files: a 20 MiB PDF and six 12-megapixel photos through a throttled connection with one cut, against `node server/serve.mjs` with docs/examples/config.files.json',
      );
      results.files = await measureFiles({
        browser,
        dist: options.dist ? resolve(options.dist) : join(temp, 'dist'),
        baseDist: options.filesBaseDist ? resolve(options.filesBaseDist) : undefined,
        runs,
        throughputBits: options.filesThroughputBits,
        log,
      });
    }
    if (only.has('file-list-press-shift')) {
      log(
        'file-list press shift: Remove and Continue pressed while large photos are kept and uploaded, at 1280 px (mouse) and 390 px (finger), against `node server/serve.mjs` with docs/examples/config.files.json',
      );
      results.fileListPressShift = await measureFileListPressShift({ browser, dist: options.dist ? resolve(options.dist) : join(temp, 'dist'), log });
      const { widths } = results.fileListPressShift;
      log(
        `file-list press shift: largest move ${widths.map((width) => `${String(width.largestShiftPx)} px at ${String(width.width)} px (${String(width.pressesDuringChange)} of ${String(width.presses)} presses during a change)`).join(', ')}`,
      );
    }
    if (only.has('first-journey')) {
      log('first journey: the JavaScript a first visit downloads, service worker included, default programme and files example');
      results.firstJourney = await measureFirstJourney({ browser, dist: options.dist ? resolve(options.dist) : join(temp, 'dist'), root: temp });
    }
    results.meta.durationSeconds = Math.round((Date.now() - started) / 1000);
    const report = options.merge ? mergeResults(JSON.parse(await readFile(REPORT_JSON, 'utf8')), results) : results;
    const checks = budgetChecks(report);
    await writeFile(REPORT_JSON, `${JSON.stringify({ ...report, budgets: checks }, null, 2)}\n`);
    await writeFile(REPORT_MD, reportMarkdown(report, checks));
    const failed = checks.filter((row) => row.pass === false);
    process.stdout.write(
      `${checks.map((row) => `${row.pass === null ? '  –  ' : row.pass ? ' pass' : ' FAIL'}  ${row.figure}: ${row.measured} (budget ${row.budget}${row.floor === undefined ? '' : `; floor of the probe here ${row.floor}`})`).join('\n')}\n` +
        `\n${String(failed.length)} of ${String(checks.length)} budgets missed; report in tests/benchmark/report.md (${String(results.meta.durationSeconds)} s)\n`,
    );
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    if (options.keep) log(`kept ${temp}`);
    else await rm(temp, { recursive: true, force: true });
  }
}

// A missed budget is a finding, not a failure of the benchmark: the exit code is 0 whenever a
// report was written, and 1 only when the benchmark itself could not run.
main().catch((/** @type {unknown} */ error) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
