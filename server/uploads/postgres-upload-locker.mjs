// The lock every instance on one PostgreSQL respects before it touches an upload (tus's Locker:
// HEAD, PATCH, DELETE, the expiry): two PATCHes of one upload at once, each on its own instance,
// would write over each other. A PostgreSQL session-level advisory lock per upload, taken on a
// connection held while the request runs, chosen over lock files in UPLOADS_DIR because the
// database frees it the moment the holder's connection ends: an instance killed mid-PATCH (kill -9,
// an OOM kill, a lost machine) leaves no stale lock for a timeout to guess at, so the client
// resumes on another instance at once. (File locks across machines depend on the shared file
// system's locking, which NFS setups often get wrong; Node has no flock either.)
//
// tus asks a holder to let go when another request wants its upload (a client that lost its
// connection resumes while the server still reads the dead one): the asker's instance NOTIFYs the
// upload's id, every instance LISTENs, and the one holding it ends that request, whose bytes so far
// are kept. The wait is bounded (acquireTimeoutMs), then tus answers 500 and the client retries.
import pg from 'pg';
import { ERRORS } from '@tus/server';
import { tusError } from './durable-file-store.mjs';

/** The first key of every upload lock: the uploads' own space among the database's advisory locks. */
export const UPLOAD_LOCK_SPACE = 0x7475_7331;
const CHANNEL = 'receiver_upload_lock';
const RETRY_MS = 50;

/**
 * @param {number} ms
 * @param {AbortSignal} signal
 */
function pause(ms, signal) {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve(undefined);
      },
      { once: true },
    );
  });
}

/**
 * @param {{ databaseUrl: string, maxHeld?: number, acquireTimeoutMs?: number, log?: (line: string) => void }} options
 *   maxHeld: connections for locks, so requests on uploads at once on this instance (more wait for one)
 * @returns {Promise<import('@tus/server').Locker & { close: () => Promise<void> }>}
 */
export async function createPostgresUploadLocker({ databaseUrl, maxHeld = 32, acquireTimeoutMs = 10_000, log = () => undefined }) {
  // Opened as requests need them, up to maxHeld: each instance's share of max_connections.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: maxHeld, connectionTimeoutMillis: acquireTimeoutMs });
  pool.on('error', () => undefined);
  /** @type {Map<string, () => void | Promise<void>>} this instance's holders, by upload id: how to ask each to let go */
  const held = new Map();
  const listener = new pg.Client({ connectionString: databaseUrl });
  listener.on('error', (error) => {
    log(`uploads: the lock listener failed, other instances cannot ask this one to let go of an upload: ${error.message}`);
  });
  listener.on('notification', (message) => {
    const release = message.payload ? held.get(message.payload) : undefined;
    if (release) void release();
  });
  await listener.connect();
  await listener.query(`LISTEN ${CHANNEL}`);

  return {
    /** @param {string} id */
    newLock(id) {
      /** @type {pg.PoolClient | null} */
      let client = null;
      return {
        async lock(signal, requestRelease) {
          const deadline = performance.now() + acquireTimeoutMs;
          const gaveUp = AbortSignal.any([signal, AbortSignal.timeout(acquireTimeoutMs)]);
          const connection = await pool.connect().catch(() => {
            throw tusError(ERRORS.ERR_LOCK_TIMEOUT);
          });
          try {
            for (let asked = false; ;) {
              /** @type {pg.QueryResult<{ locked: boolean }>} */
              const { rows } = await connection.query('SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked', [UPLOAD_LOCK_SPACE, id]);
              if (rows[0]?.locked === true) break;
              if (!asked) {
                // The holder, here or on another instance, is asked once to end its request.
                asked = true;
                const local = held.get(id);
                if (local) await local();
                await connection.query('SELECT pg_notify($1, $2)', [CHANNEL, id]);
              }
              if (gaveUp.aborted || performance.now() >= deadline) throw tusError(ERRORS.ERR_LOCK_TIMEOUT);
              await pause(RETRY_MS, gaveUp);
            }
          } catch (error) {
            connection.release();
            throw error;
          }
          client = connection;
          held.set(id, requestRelease);
        },
        async unlock() {
          const connection = client;
          if (!connection) throw new Error('Releasing an unlocked lock!');
          client = null;
          if (held.get(id)) held.delete(id);
          try {
            await connection.query('SELECT pg_advisory_unlock($1, hashtext($2))', [UPLOAD_LOCK_SPACE, id]);
            connection.release();
          } catch (error) {
            // A connection that cannot unlock is closed: its end frees the lock.
            connection.release(error instanceof Error ? error : true);
          }
        },
      };
    },
    async close() {
      await listener.end().catch(() => undefined);
      await pool.end();
    },
  };
}
