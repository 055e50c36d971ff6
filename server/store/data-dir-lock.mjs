// The embedded database admits one process. The receiver (or CLI) holding DATA_DIR holds a lock
// the operating system gives back when its process dies, however it dies (SIGKILL, the
// out-of-memory killer, a power cut): on Linux, a listening UNIX socket in the abstract namespace
// named after the folder's device and inode, which the kernel removes as the process's files are
// closed, before it is even a zombie. So a second receiver on the same folder refuses to start,
// and one started a moment after a crash, or after a reboot where the dead receiver's PID now
// belongs to another process, starts. Nothing on disk to go stale, no dependency.
// DATA_DIR/receiver.json says who holds it (its pid, its URLs and a per-start admin token, readable
// by the owner only): `npm run -s applications` reads it to go through the running receiver instead
// of opening the database itself. It informs; only the socket decides.
// Elsewhere (macOS, Windows: no abstract namespace), the holder is judged by the pid in
// receiver.json, as a process that is still alive.
// The abstract namespace belongs to a network namespace: two containers with separate networks
// sharing one data volume do not see each other's lock (run one receiver per data volume).
import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import { join } from 'node:path';
import { parseJson } from '../http/parse-json.mjs';

const LOCK_FILE = 'receiver.json';
const KERNEL_RELEASED = process.platform === 'linux';

/**
 * @typedef {{ pid: number, url: string | null, adminUrl?: string | null, token: string }} LockInfo
 *   url: the public server's; adminUrl: the admin endpoints', on the loopback interface only
 */

/** The sockets this process holds, by name: its own lock is not another's. */
const held = new Set();

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
 * The abstract socket's name for a folder (a leading NUL: no file), or null when it does not exist.
 * @param {string} dataDir
 */
async function socketName(dataDir) {
  try {
    const info = await stat(dataDir);
    return `\0creator-receiver-${String(info.dev)}-${String(info.ino)}`;
  } catch {
    return null;
  }
}

/**
 * Whether a process listens on the socket: the folder is held.
 * @param {string} name
 * @returns {Promise<boolean>}
 */
function isListening(name) {
  return new Promise((resolveListening) => {
    const socket = connect({ path: name });
    socket.once('connect', () => {
      socket.destroy();
      resolveListening(true);
    });
    socket.once('error', () => {
      resolveListening(false);
    });
  });
}

/**
 * Listens on the socket, or null when another process does.
 * @param {string} name
 * @returns {Promise<import('node:net').Server | null>}
 */
function listenOn(name) {
  return new Promise((resolveListen, reject) => {
    // A connection is only a question (isListening): closed at once.
    const server = createServer((socket) => socket.destroy());
    server.once('error', (error) => {
      if (/** @type {NodeJS.ErrnoException} */ (error).code === 'EADDRINUSE') resolveListen(null);
      else reject(error);
    });
    server.listen({ path: name }, () => {
      // The lock must not keep a CLI command running once its work is done.
      server.unref();
      resolveListen(server);
    });
  });
}

/** @param {string} dataDir @returns {Promise<LockInfo | null>} */
async function readInfo(dataDir) {
  try {
    const info = /** @type {LockInfo} */ (parseJson(await readFile(join(dataDir, LOCK_FILE), 'utf8')));
    return typeof info.pid === 'number' ? info : null;
  } catch {
    return null;
  }
}

/**
 * The live holder of the folder (another process), or null when none.
 * @param {string} dataDir
 * @returns {Promise<LockInfo | null>}
 */
export async function readLock(dataDir) {
  if (!KERNEL_RELEASED) {
    const info = await readInfo(dataDir);
    return info && info.pid !== process.pid && isAlive(info.pid) ? info : null;
  }
  const name = await socketName(dataDir);
  if (name === null || held.has(name) || !(await isListening(name))) return null;
  // Held, but its holder may not have written the file yet: nothing to reach it by, then.
  return (await readInfo(dataDir)) ?? { pid: 0, url: null, token: '' };
}

/**
 * @param {string} dataDir
 * @param {LockInfo | null} holder
 */
function inUse(dataDir, holder) {
  const who = holder && holder.pid > 0 ? `process ${String(holder.pid)}${holder.url ? ` (${holder.url})` : ''}` : 'another process';
  return new Error(`${dataDir} is in use by ${who}; stop it first or set another DATA_DIR.`);
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
  if (!KERNEL_RELEASED) return acquireByPid(dataDir, path, token);
  const name = /** @type {string} */ (await socketName(dataDir));
  const server = held.has(name) ? null : await listenOn(name);
  if (!server) throw inUse(dataDir, await readInfo(dataDir));
  held.add(name);
  try {
    // Whatever a dead holder left is stale: made anew, readable by this user only.
    await rm(path, { force: true });
    await writeFile(path, JSON.stringify({ pid: process.pid, url: null, token }), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    held.delete(name);
    server.close();
    throw error;
  }
  return {
    token,
    publish: ({ url, adminUrl }) => writeFile(path, JSON.stringify({ pid: process.pid, url, adminUrl, token }), { mode: 0o600 }),
    async release() {
      // The file first: once the socket is closed, the next holder's file must not be removed.
      await rm(path, { force: true });
      held.delete(name);
      await new Promise((resolveClose) => {
        server.close(() => {
          resolveClose(undefined);
        });
      });
    },
  };
}

/**
 * Where the kernel gives no lock back: the file itself is the lock, and a holder whose pid is no
 * longer alive is taken to be gone.
 * @param {string} dataDir
 * @param {string} path
 * @param {string} token
 */
async function acquireByPid(dataDir, path, token) {
  for (let tries = 0; ; tries += 1) {
    try {
      const handle = await open(path, 'wx', 0o600);
      await handle.writeFile(JSON.stringify({ pid: process.pid, url: null, token }));
      await handle.close();
      break;
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST' || tries > 2) throw error;
      const holder = await readLock(dataDir);
      if (holder) throw inUse(dataDir, holder);
      await rm(path, { force: true });
    }
  }
  return {
    token,
    publish: (/** @type {{ url: string, adminUrl: string }} */ { url, adminUrl }) =>
      writeFile(path, JSON.stringify({ pid: process.pid, url, adminUrl, token }), { mode: 0o600 }),
    release: () => rm(path, { force: true }),
  };
}
