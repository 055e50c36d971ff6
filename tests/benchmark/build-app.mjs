// Builds the app into a directory of its own, never dist/: others may be testing dist/ while
// the benchmark runs.
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import process from 'node:process';
import { fileURLToPath, URL } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Runs `vite build --outDir <outDir>`; the build's output goes to a log file beside it.
 * `programmeConfig`: a config.json to build with instead of public/config.json (vite.config.ts's
 * PROGRAMME_CONFIG, as `npm run build:languages` sets it).
 */
export async function buildApp(/** @type {string} */ outDir, /** @type {string} */ logFile, /** @type {string | undefined} */ programmeConfig = undefined) {
  const env = { ...process.env };
  // Set by whoever started the benchmark, it would silently change the default build too.
  delete env.PROGRAMME_CONFIG;
  if (programmeConfig) env.PROGRAMME_CONFIG = programmeConfig;
  const vite = join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  let log = '';
  const code = await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (/** @type {Buffer} */ chunk) => (log += chunk.toString()));
    child.stderr.on('data', (/** @type {Buffer} */ chunk) => (log += chunk.toString()));
    child.on('error', reject);
    child.on('close', resolve);
  });
  await writeFile(logFile, log);
  if (code !== 0) throw new Error(`vite build failed (exit ${String(code)}); see ${logFile}\n${log.slice(-2000)}`);
}
