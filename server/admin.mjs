// The running receiver's admin endpoints, for `npm run -s applications` while the embedded database
// is held by this process: only from the loopback interface and only with the per-start token of
// DATA_DIR/receiver.json. GET /admin/applications[?since=ISO date][&revisions=1] streams the latest
// revision of each application (or every revision) as JSON lines; POST /admin/erase { "email": … } deletes that creator's applications;
// GET /admin/backup streams a backup file of the whole store, from one snapshot (store/backup.mjs);
// GET /admin/deliveries lists the webhooks not delivered, POST /admin/redeliver { "id" } or
// { "failed": true } sends them again.
import { timingSafeEqual } from 'node:crypto';
import { BodyTooLarge, readLimitedBody } from './read-limited-body.mjs';
import { writeBackup } from './store/backup.mjs';
import { allRevisions, eraseByEmail, latestApplications } from './store/applications.mjs';
import { undeliveredDeliveries } from './store/webhook-deliveries.mjs';
import { redeliverNow } from './webhooks/deliveries-commands.mjs';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * @param {string | undefined} header
 * @param {string} token
 */
function hasToken(header, token) {
  const given = Buffer.from(header ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {unknown} body
 */
function answer(res, status, body) {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' }).end(JSON.stringify(body));
}

/**
 * @param {{ store: import('./store/store-types.mjs').Store, token: string, onRedeliver?: () => void }} options
 *   onRedeliver: told when webhooks were set to be sent again (wakes the deliverer)
 */
export function createAdmin({ store, token, onRedeliver = () => undefined }) {
  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   */
  return async function admin(req, res) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (!url.pathname.startsWith('/admin/')) return false;
    // Not even its existence is told to another machine.
    if (!LOOPBACK.has(req.socket.remoteAddress ?? '') || req.headers.origin !== undefined) {
      answer(res, 404, { error: 'Not found' });
      return true;
    }
    if (!hasToken(req.headers.authorization, token)) {
      answer(res, 401, { error: 'A valid admin token is required.' });
      return true;
    }
    if (url.pathname === '/admin/applications' && req.method === 'GET') {
      const sinceText = url.searchParams.get('since');
      const since = sinceText ? new Date(sinceText) : null;
      if (since && Number.isNaN(since.getTime())) {
        answer(res, 400, { error: 'since must be a date' });
        return true;
      }
      const applications = url.searchParams.get('revisions') === '1' ? await allRevisions(store, { since }) : await latestApplications(store, { since });
      res.writeHead(200, { 'Content-Type': 'application/x-ndjson; charset=utf-8', 'Cache-Control': 'no-store' });
      for (const application of applications) res.write(`${JSON.stringify(application)}\n`);
      res.end();
      return true;
    }
    if (url.pathname === '/admin/backup' && req.method === 'GET') {
      res.writeHead(200, { 'Content-Type': 'application/gzip', 'Cache-Control': 'no-store' });
      // A failure midway cuts the connection: the client sees an error, never a shorter file.
      await writeBackup(store, res).catch((/** @type {unknown} */ error) => res.destroy(error instanceof Error ? error : new Error(String(error))));
      return true;
    }
    if (url.pathname === '/admin/deliveries' && req.method === 'GET') {
      answer(res, 200, await undeliveredDeliveries(store));
      return true;
    }
    if (url.pathname === '/admin/redeliver' && req.method === 'POST') {
      /** @type {{ id?: unknown, failed?: unknown }} */
      let which;
      try {
        which = JSON.parse((await readLimitedBody(req, 1024)).toString('utf8'));
      } catch (error) {
        answer(res, error instanceof BodyTooLarge ? 413 : 400, { error: 'Send { "id": "msg_…" } or { "failed": true }.' });
        return true;
      }
      if (typeof which.id !== 'string' && which.failed !== true) {
        answer(res, 400, { error: 'Send { "id": "msg_…" } or { "failed": true }.' });
        return true;
      }
      const count = await redeliverNow(store, typeof which.id === 'string' ? { id: which.id } : { failed: true });
      if (count > 0) onRedeliver();
      answer(res, 200, { count });
      return true;
    }
    if (url.pathname === '/admin/erase' && req.method === 'POST') {
      let email;
      try {
        email = /** @type {{ email?: unknown }} */ (JSON.parse((await readLimitedBody(req, 1024)).toString('utf8'))).email;
      } catch (error) {
        answer(res, error instanceof BodyTooLarge ? 413 : 400, { error: 'Send { "email": "…" }.' });
        return true;
      }
      if (typeof email !== 'string' || email.trim() === '') {
        answer(res, 400, { error: 'Send { "email": "…" }.' });
        return true;
      }
      answer(res, 200, await eraseByEmail(store, email));
      return true;
    }
    answer(res, 404, { error: 'Not found' });
    return true;
  };
}
