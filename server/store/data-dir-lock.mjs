// The embedded database admits one process. The receiver holding DATA_DIR says so in
// DATA_DIR/receiver.json (its pid, its URL and a per-start admin token, readable by the owner
// only); a second receiver refuses to start on the same folder, and `npm run -s applications` reads
// the file to go through the running receiver instead of opening the database itself.
import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseJson } from '../http/parse-json.mjs';

const LOCK_FILE = 'receiver.json';

/**
 * @typedef {{ pid: number, url: string | null, adminUrl?: string | null, token: string }} LockInfo
 *   url: the public server's; adminUrl: the admin endpoints', on the loopback interface only
 */

/** @param {number} pid */
function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM';
  }
}

/**
 * The live holder of the folder, or null when none (a stale file left by a killed process is ignored).
 * @param {string} dataDir
 * @returns {Promise<LockInfo | null>}
 */
export async function readLock(dataDir) {
  let info;
  try {
    info = /** @type {LockInfo} */ (parseJson(await readFile(join(dataDir, LOCK_FILE), 'utf8')));
  } catch {
    return null;
  }
  return typeof info.pid === 'number' && info.pid !== process.pid && isAlive(info.pid) ? info : null;
}

/**
 * Takes the folder for this process, or throws naming the process that has it.
 * @param {string} dataDir
 * @returns {Promise<{ token: string, publish: (urls: { url: string, adminUrl: string }) => Promise<void>, release: () => Promise<void> }>}
 */
export async function acquireLock(dataDir) {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const path = join(dataDir, LOCK_FILE);
  const token = randomBytes(32).toString('hex');
  for (let tries = 0; ; tries += 1) {
    try {
      const handle = await open(path, 'wx', 0o600);
      await handle.writeFile(JSON.stringify({ pid: process.pid, url: null, token }));
      await handle.close();
      break;
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST' || tries > 2) throw error;
      const holder = await readLock(dataDir);
      if (holder) throw new Error(`${dataDir} is in use by process ${String(holder.pid)}${holder.url ? ` (${holder.url})` : ''}; stop it first or set another DATA_DIR.`, { cause: error });
      await rm(path, { force: true });
    }
  }
  return {
    token,
    publish: ({ url, adminUrl }) => writeFile(path, JSON.stringify({ pid: process.pid, url, adminUrl, token }), { mode: 0o600 }),
    release: () => rm(path, { force: true }),
  };
}
