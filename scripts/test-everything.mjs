// `npm test`: typecheck, lint, the unit and component tests, and the end-to-end suite in Chromium.
//
// Why not one after the other: the end-to-end suite spends most of its time waiting (a person's
// presses, autosave's debounce, a receiver's backoff, a service worker's install), so on a 2-core
// machine it left well over half the processor idle for half an hour, while the unit suite waited
// its turn. Here the unit suite runs beside it at the lowest priority (nice 19): it takes only the
// processor the browsers leave, so the journeys' timings are as they were alone. The tests that
// measure the receiver (latency under a flood, resident memory) still run last, alone, as the
// `measured` project says. Every phase runs to its end even when another failed, so one run names
// every failure; the exit code is the first failure's.
//
// `npm run test:unit` and `npm run test:e2e` still run each part on its own.
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const NPX = process.platform === 'win32' ? 'npx.cmd' : 'npx';

/**
 * Runs a command with its output on ours, or into a file when `logFile` is given; resolves to its exit code.
 * @param {string} command
 * @param {string[]} args
 * @param {{ logFile?: string, nice?: boolean }} [options] `nice`: at the lowest priority, taking only the processor others leave
 * @returns {Promise<number>}
 */
function run(command, args, { logFile, nice = false } = {}) {
  const [file, fileArgs] = nice && process.platform !== 'win32' ? ['nice', ['-n', '19', command, ...args]] : [command, args];
  return new Promise((resolve) => {
    const child = spawn(file, fileArgs, { stdio: logFile ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: process.env });
    const out = logFile ? createWriteStream(logFile) : null;
    if (out) {
      child.stdout?.pipe(out, { end: false });
      child.stderr?.pipe(out, { end: false });
    }
    let settled = false;
    /** The exit code once the log, if any, is on disk to be read back (a failed spawn also closes). @param {number} code */
    const settle = (code) => {
      if (settled) return;
      settled = true;
      if (out) out.end(() => resolve(code));
      else resolve(code);
    };
    child.on('error', (error) => {
      console.error(`${command}: ${error.message}`);
      settle(1);
    });
    child.on('close', (code, signal) => settle(code ?? (signal ? 1 : 0)));
  });
}

/** Seconds since `started`, for the phase lines. @param {number} started */
const since = (started) => `${Math.round((performance.now() - started) / 1000)} s`;

/**
 * One phase of the run, announced and timed.
 * @param {string} name
 * @param {() => Promise<number>} work
 */
async function phase(name, work) {
  const started = performance.now();
  console.log(`\n== ${name}`);
  const code = await work();
  console.log(`== ${name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${since(started)}`);
  return code;
}

const codes = [];
const whole = performance.now();

// Typecheck and lint read the same files and each keeps one core busy: side by side, their output
// kept apart and printed whole, typecheck's first.
codes.push(
  await phase('typecheck and lint', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'test-everything-'));
    const [typecheck, lint] = await Promise.all([
      run(NPM, ['run', '-s', 'typecheck'], { logFile: join(folder, 'typecheck.log') }),
      run(NPM, ['run', '-s', 'lint'], { logFile: join(folder, 'lint.log') }),
    ]);
    for (const [name, code] of [
      ['typecheck', typecheck],
      ['lint', lint],
    ]) {
      const output = (await readFile(join(folder, `${name}.log`), 'utf8')).trimEnd();
      console.log(`-- ${name}: ${code === 0 ? 'passed' : 'FAILED'}${output ? `\n${output}` : ''}`);
    }
    return typecheck || lint;
  }),
);

codes.push(
  await phase('the three builds the end-to-end suite serves', () =>
    run('sh', ['-c', 'node scripts/require-chromium.mjs && npm run -s build && npm run -s build:strict && npm run -s build:languages']),
  ),
);

if (codes.at(-1) === 0) {
  codes.push(
    await phase('end-to-end suite, and beside it the unit and component suite', async () => {
      const folder = await mkdtemp(join(tmpdir(), 'test-everything-'));
      const unitLog = join(folder, 'unit.log');
      const unitStarted = performance.now();
      const unit = run(NPX, ['vitest', 'run', '--project', 'suite'], { logFile: unitLog, nice: true }).then((code) => {
        console.log(`-- unit and component suite ${code === 0 ? 'passed' : 'FAILED'} in ${since(unitStarted)} (its output follows the end-to-end suite's)`);
        return code;
      });
      const e2e = await run(NPX, ['playwright', 'test']);
      const unitCode = await unit;
      console.log(`\n-- unit and component suite (suite project), run at nice 19 beside the end-to-end suite:\n${(await readFile(unitLog, 'utf8')).trimEnd()}`);
      return e2e || unitCode;
    }),
  );
} else {
  console.log('\nThe builds failed, so the end-to-end suite cannot run; the unit and component suite runs alone.');
  codes.push(await phase('unit and component suite', () => run(NPX, ['vitest', 'run', '--project', 'suite'])));
}

codes.push(await phase('unit tests that measure the receiver, alone', () => run(NPX, ['vitest', 'run', '--project', 'measured'])));

const failed = codes.find((code) => code !== 0) ?? 0;
console.log(`\nnpm test ${failed === 0 ? 'passed' : 'FAILED'} in ${since(whole)}`);
process.exit(failed);
