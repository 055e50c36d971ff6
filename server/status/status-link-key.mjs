// The key a creator's status link is derived from (docs/receiver.md, "Where an application
// stands"). The link's secret is HMAC-SHA256(key, 'status-link\n' + application id), so the 201 of
// a replayed PUT and the mail outbox, which builds the link when it sends, give the same link,
// and no row holds a secret: the store keeps only its SHA-256 (application_status_links), which
// goes on answering lookups even if the key is lost later (only new links would then differ).
//
// Where the key comes from, in this order:
// - STATUS_LINK_KEY (at least 32 bytes, as hex, base64 or base64url): the key lives apart from the
//   data, and every instance and every restored copy shares it;
// - the embedded store: a file `status-link.key` (0600) in the data folder, made once, on the disk
//   (the file and the folder synced) before the first link it makes is given out;
// - PostgreSQL: the one-row table `status_link_key`, made once by whichever instance starts first
//   (INSERT … ON CONFLICT DO NOTHING, then read back, so two at once agree).
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { open, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fsyncPath } from '../store/data-folder-sync.mjs';

export const STATUS_LINK_KEY_FILE = 'status-link.key';
export const MIN_KEY_BYTES = 32;

const HEX = /^(?:[0-9a-fA-F]{2})+$/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * STATUS_LINK_KEY's bytes: hex, base64 or base64url, at least MIN_KEY_BYTES; throws a start-up
 * error that says what is wrong (never the value itself: it is a secret).
 * @param {string} text
 * @returns {Buffer}
 */
export function parseStatusLinkKey(text) {
  const value = text.trim();
  /** @type {Buffer | null} */
  let key = null;
  if (HEX.test(value) && value.length >= MIN_KEY_BYTES * 2) key = Buffer.from(value, 'hex');
  else if (BASE64.test(value) && value.length % 4 === 0) key = Buffer.from(value, 'base64');
  else if (BASE64URL.test(value)) key = Buffer.from(value, 'base64url');
  if (key === null) throw new Error('STATUS_LINK_KEY must be hex, base64 or base64url (openssl rand -base64 32 makes one)');
  if (key.length < MIN_KEY_BYTES)
    throw new Error(`STATUS_LINK_KEY must hold at least ${String(MIN_KEY_BYTES)} bytes; it holds ${String(key.length)} (openssl rand -base64 32 makes one)`);
  return key;
}

/**
 * The key kept in the data folder, made the first time: written to a temporary file, synced,
 * renamed into place and the folder synced, so a crash leaves either no key or the whole key.
 * @param {string} dataDir
 * @param {(path: string) => Promise<void>} [syncPath]
 * @returns {Promise<Buffer>}
 */
export async function keyInDataFolder(dataDir, syncPath = fsyncPath) {
  const path = join(dataDir, STATUS_LINK_KEY_FILE);
  try {
    const key = Buffer.from((await readFile(path, 'utf8')).trim(), 'hex');
    if (key.length < MIN_KEY_BYTES)
      throw new Error(
        `${path} does not hold a key of ${String(MIN_KEY_BYTES)} bytes in hex: restore it from a backup, or delete it to make a new one (links given out so far then change; their lookups keep working)`,
      );
    return key;
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'ENOENT') throw error;
  }
  const key = randomBytes(MIN_KEY_BYTES);
  const temporary = `${path}.${String(process.pid)}.tmp`;
  const handle = await open(temporary, 'w', 0o600);
  try {
    await handle.writeFile(`${key.toString('hex')}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  await syncPath(dataDir);
  return key;
}

/**
 * The key kept in PostgreSQL, made once whichever instance comes first.
 * @param {import('../store/store-types.mjs').Queryable} store
 * @returns {Promise<Buffer>}
 */
export async function keyInDatabase(store) {
  await store.query('INSERT INTO status_link_key (id, hmac_key) VALUES (1, $1) ON CONFLICT (id) DO NOTHING', [randomBytes(MIN_KEY_BYTES).toString('hex')]);
  const { rows } = await store.query('SELECT hmac_key FROM status_link_key WHERE id = 1');
  return Buffer.from(String(rows[0]?.hmac_key), 'hex');
}

/**
 * The status links' key for this receiver (see above); on PostgreSQL without STATUS_LINK_KEY, a
 * start-up line advises setting it.
 * @param {{ env: Record<string, string | undefined>, store: import('../store/store-types.mjs').Store, dataDir: string, log?: (line: string) => void }} options
 *   dataDir: the embedded store's folder (unused on PostgreSQL)
 * @returns {Promise<Buffer>}
 */
export async function statusLinkKey({ env, store, dataDir, log = () => undefined }) {
  const configured = env.STATUS_LINK_KEY?.trim();
  if (configured) return parseStatusLinkKey(configured);
  if (store.kind === 'embedded') return keyInDataFolder(dataDir);
  log('Status links: their key is kept in the database (status_link_key); set STATUS_LINK_KEY (openssl rand -base64 32) so it lives apart from the data');
  return keyInDatabase(store);
}

/**
 * The secret of an application's status link: base64url of HMAC-SHA256(key, 'status-link\n' + id), 43 characters.
 * @param {Buffer} key
 * @param {string} applicationId
 */
export function statusSecretFor(key, applicationId) {
  return createHmac('sha256', key).update(`status-link\n${applicationId}`, 'utf8').digest('base64url');
}

/**
 * What the store keeps of a secret: its SHA-256, as hex.
 * @param {string} secret
 */
export function secretHash(secret) {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}
