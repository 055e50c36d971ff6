// Where a command of `npm run -s applications` does its work: on the store itself, or, when a
// receiver holds the embedded store (PGlite admits one process), through that receiver's admin
// endpoints (loopback only, with the token it wrote in DATA_DIR/receiver.json).
import { parseJson } from '../http/parse-json.mjs';
import { acquireLock, readLock } from '../store/data-dir-lock.mjs';
import { openPgliteStore } from '../store/pglite-store.mjs';
import { openPostgresStore } from '../store/postgres-store.mjs';
import { repairDataFolder } from '../store/private-files.mjs';
import { migrate } from '../store/schema.mjs';
import { describeStore, requireReceiverDatabase, requireReceiverFolder, storeTarget, tell } from './cli-store.mjs';

/**
 * One request to the running receiver's admin endpoint `url`, with its token.
 * @param {string} url
 * @param {string} token
 * @param {RequestInit} [init]
 */
export async function admin(url, token, init = {}) {
  const headers = new Headers(init.headers);
  headers.set('Authorization', `Bearer ${token}`);
  const response = await fetch(url, { ...init, headers });
  if (!response.ok) {
    const text = await response.text();
    // A refusal the receiver explains (409: webhooks are off there) is told as it is.
    const explained = response.status === 409 ? /** @type {{ error?: unknown }} */ (parseJson(text)).error : undefined;
    throw new Error(typeof explained === 'string' ? explained : `the running receiver answered ${String(response.status)}: ${text}`);
  }
  return response;
}

/**
 * The JSON answer of the receiver's admin endpoint at `path`: a GET, or a POST of `body` as JSON when given.
 * @param {string} url the receiver's admin address
 * @param {string} token
 * @param {string} path
 * @param {unknown} [body]
 * @returns {Promise<unknown>}
 */
export async function adminJson(url, token, path, body) {
  const init = body === undefined ? {} : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
  return parseJson(await (await admin(`${url}${path}`, token, init)).text());
}

/**
 * Runs `work` on the store, or through the running receiver when it holds the embedded one; says
 * on stderr which it is first, and refuses a folder or database no receiver has used (cli-store.mjs).
 * @template T
 * @param {{ direct: (store: import('../store/store-types.mjs').Store) => Promise<T>, viaReceiver: (url: string, token: string) => Promise<T> }} ways
 * @returns {Promise<T>}
 */
export async function onStore({ direct, viaReceiver }) {
  const { databaseUrl, dataDir } = storeTarget(process.env);
  const description = describeStore({ databaseUrl, dataDir });
  if (!databaseUrl) {
    await requireReceiverFolder(dataDir);
    const holder = await readLock(dataDir);
    if (holder?.adminUrl) {
      tell(`Store: ${description}, through the receiver running on it (process ${String(holder.pid)})`);
      return viaReceiver(holder.adminUrl, holder.token);
    }
    tell(`Store: ${description} (no receiver running on it: opened by this command)`);
  } else tell(`Store: ${description}`);
  const lock = databaseUrl ? null : await acquireLock(dataDir);
  try {
    if (!databaseUrl) {
      const repaired = await repairDataFolder(dataDir);
      if (repaired) tell(repaired);
    }
    const store = databaseUrl ? await openPostgresStore(databaseUrl) : await openPgliteStore(dataDir);
    try {
      if (databaseUrl) await requireReceiverDatabase(store, description);
      await migrate(store);
      return await direct(store);
    } finally {
      await store.close();
    }
  } finally {
    await lock?.release();
  }
}
