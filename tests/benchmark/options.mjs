// The benchmark's knobs, from flags or the environment (flags win). Development on a busy
// machine uses BENCH_RUNS=1; the committed report is made with the default on a quiet one.
import process from 'node:process';

/** The measurements, in the order they run and appear in the report. */
export const MEASUREMENTS = /** @type {const} */ ([
  'critical-path',
  'lighthouse',
  'installability',
  'offline-start',
  'typing',
  'step-changes',
  'scale',
  'draft-restore',
  'covers',
  'proof-of-work',
  'languages',
  'handover',
  'press-shift',
  'files',
  'file-list-press-shift',
  'first-journey',
]);

/** @typedef {typeof MEASUREMENTS[number]} Measurement */

/**
 * @typedef {object} BenchOptions
 * @property {number} runs            navigations per timing, typing bursts, critical-path loads
 * @property {number} lighthouseRuns  Lighthouse runs per form factor (mobile, desktop), and per language (languages)
 * @property {Set<Measurement>} only   the measurements to run
 * @property {string | undefined} dist an existing build to measure instead of building one
 * @property {string | undefined} distLanguages an existing build of the programme in English and French (`npm run build:languages`)
 * @property {boolean} merge          keep the existing report's other measurements (see HELP)
 * @property {boolean} keep           keep the temporary directory (build, served copies)
 * @property {number} keyIntervalMs   time between keystrokes when typing
 * @property {number} filesThroughputBits files: the connection's throughput each way, bits per second
 * @property {string | undefined} filesBaseDist files: a build from before the feature, for the whole wizard's change
 */

const HELP = `npm run bench [-- --runs=N] [--lighthouse-runs=N] [--only=a,b] [--dist=DIR] [--dist-languages=DIR] [--merge] [--keep]
  --runs, BENCH_RUNS                     repetitions of every measurement (default 5)
  --lighthouse-runs, BENCH_LIGHTHOUSE_RUNS  Lighthouse runs per form factor, and per language for
                                         languages (default: --runs)
  --only, BENCH_ONLY                     some of: ${MEASUREMENTS.join(', ')}
  --dist, BENCH_DIST                     measure this build instead of building into a temp dir
  --dist-languages, BENCH_DIST_LANGUAGES for languages: this build of docs/examples/config.en-fr.json
                                         (npm run build:languages) instead of building one
  --merge, BENCH_MERGE=1                 keep what report.json holds for the measurements not taken
                                         now; the report's header names each run apart
  --keep, BENCH_KEEP=1                   keep the temp dir (build and served copies)
  --key-interval, BENCH_KEY_INTERVAL_MS  ms between keystrokes when typing (default 100)
  --files-throughput, BENCH_FILES_THROUGHPUT  files: bits per second each way (default 1500000, the
                                         issue's 1.5 Mbit/s; raise it to shorten the upload's wall time)
  --files-base-dist, BENCH_FILES_BASE_DIST  files: a build from before the files feature, whose whole
                                         wizard is said beside this build's
  npm run bench -- --only=files --merge  the files rows alone, merged into the report
  npm run bench -- --only=file-list-press-shift --merge  the file list's press-shift row alone
  npm run bench -- --only=first-journey --merge  the JavaScript a first visit downloads, default and files programmes`;

/** @returns {number} */
function positiveInteger(/** @type {string} */ name, /** @type {string | undefined} */ value, /** @type {number} */ fallback) {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new Error(`${name} must be a whole number of at least 1, got "${value}"`);
  return number;
}

/** Reads the options from argv and the environment; prints help and exits on --help. */
export function readOptions(argv = process.argv.slice(2), env = process.env) {
  /** @type {Map<string, string>} */
  const flags = new Map();
  for (const arg of argv) {
    if (arg === '--help' || arg === '-h') {
      process.stdout.write(`${HELP}\n`);
      process.exit(0);
    }
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (!match?.[1]) throw new Error(`unknown argument "${arg}"\n${HELP}`);
    flags.set(match[1], match[2] ?? 'true');
  }
  const runs = positiveInteger('runs', flags.get('runs') ?? env.BENCH_RUNS, 5);
  const onlyText = flags.get('only') ?? env.BENCH_ONLY;
  const only = new Set(
    MEASUREMENTS.filter(
      (name) =>
        !onlyText ||
        onlyText
          .split(',')
          .map((item) => item.trim())
          .includes(name),
    ),
  );
  if (only.size === 0) throw new Error(`--only names none of: ${MEASUREMENTS.join(', ')}`);
  /** @type {BenchOptions} */
  const options = {
    runs,
    lighthouseRuns: positiveInteger('lighthouse-runs', flags.get('lighthouse-runs') ?? env.BENCH_LIGHTHOUSE_RUNS, runs),
    only,
    dist: flags.get('dist') ?? env.BENCH_DIST,
    distLanguages: flags.get('dist-languages') ?? env.BENCH_DIST_LANGUAGES,
    merge: flags.has('merge') || env.BENCH_MERGE === '1',
    keep: flags.has('keep') || env.BENCH_KEEP === '1',
    keyIntervalMs: positiveInteger('key-interval', flags.get('key-interval') ?? env.BENCH_KEY_INTERVAL_MS, 100),
    filesThroughputBits: positiveInteger('files-throughput', flags.get('files-throughput') ?? env.BENCH_FILES_THROUGHPUT, 1_500_000),
    filesBaseDist: flags.get('files-base-dist') ?? env.BENCH_FILES_BASE_DIST,
  };
  return options;
}
