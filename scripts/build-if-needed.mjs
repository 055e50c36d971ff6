// What `npm start` decides before serving: build only when dist/ (or the receiver's bundle) is
// missing or older than a source it is made from. A deployer who edited dist/config.json and runs
// `npm start` again keeps the edit; one who pulled new sources gets them built (keeping the
// edited programme: served-programme.mjs).
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** What the build is made from: a change to any of them makes dist/ stale. */
export const BUILD_INPUTS = [
  'src',
  'public',
  'sw',
  'index.html',
  'status',
  'vite.config.ts',
  'vite.server.config.ts',
  'package-lock.json',
  'tsconfig.json',
  'scripts',
];
/** What the build makes, whose absence or age calls for a build. */
export const BUILD_OUTPUTS = ['dist/index.html', 'server/build/receiver-rules.mjs', 'server/build/config-check.mjs'];

/**
 * The newest modification time under a path (a file, or a folder walked whole), 0 when absent.
 * @param {string} path
 * @returns {Promise<number>}
 */
export async function newestChange(path) {
  let info;
  try {
    info = await stat(path);
  } catch {
    return 0;
  }
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = 0;
  for (const entry of await readdir(path)) newest = Math.max(newest, await newestChange(join(path, entry)));
  return newest;
}

/**
 * Why a build is due, or null when dist/ is up to date with the sources.
 * @param {string} root the project folder
 * @returns {Promise<string | null>}
 */
export async function buildReason(root) {
  let oldestOutput = Infinity;
  for (const output of BUILD_OUTPUTS) {
    const changed = await newestChange(join(root, output));
    if (changed === 0) return `${output} is missing`;
    oldestOutput = Math.min(oldestOutput, changed);
  }
  for (const input of BUILD_INPUTS) {
    if ((await newestChange(join(root, input))) > oldestOutput) return `${input} changed since the last build`;
  }
  return null;
}
