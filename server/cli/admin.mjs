// The running receiver's admin endpoints, for `npm run -s applications` while the embedded database
// is held by this process: only from the loopback interface and only with the per-start token of
// DATA_DIR/receiver.json. GET /admin/applications[?since=ISO date][&revisions=1] streams the latest
// revision of each application (or every revision) as JSON lines; POST /admin/erase { "email": … } deletes that creator's applications;
// GET /admin/backup streams a backup file of the whole store, from one snapshot (store/backup.mjs);
// GET /admin/files?application=ID lists the files bound to one application (`files`);
// GET /admin/deliveries lists the webhooks not delivered, POST /admin/redeliver { "id" } or
// { "failed": true } sends them again.
import { timingSafeEqual } from 'node:crypto';
import { createRequestContext } from '../http/request-context.mjs';
import { Refused, answer, answered, readBody, refusal } from '../http/respond.mjs';
import { writeBackup } from '../store/backup.mjs';
import { allRevisions, latestApplications } from '../store/applications.mjs';
import { eraseByEmail } from '../store/erasure.mjs';
import { filesOfApplications } from '../store/application-files.mjs';
import { undeliveredDeliveries } from '../store/webhook-deliveries.mjs';
import { WEBHOOKS_OFF_HELP, redeliverNow } from '../webhooks/deliveries-commands.mjs';

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
 * A small JSON body of the CLI's (413 over 1 kB, 400 when not JSON), or the refusal that says
 * what to send.
 * @param {import('../http/request-context.mjs').RequestContext} ctx
 * @param {string} expected
 * @returns {Promise<Record<string, unknown>>}
 */
async function readSmallJson(ctx, expected) {
  try {
    const value = /** @type {unknown} */ (JSON.parse((await readBody(ctx, 1024, expected)).toString('utf8')));
    if (typeof value === 'object' && value !== null) return /** @type {Record<string, unknown>} */ (value);
  } catch (error) {
    if (error instanceof Refused) throw error;
  }
  throw refusal(400, 'bad admin request', expected);
}

/**
 * @param {{ store: import('../store/store-types.mjs').Store, token: string, onRedeliver?: () => void, webhooksOn?: boolean, uploadsFolder?: string | null }} options
 *   onRedeliver: told when webhooks were set to be sent again (wakes the deliverer);
 *   webhooksOn: whether this receiver sends webhooks (redeliver is refused, 409, when it does not);
 *   uploadsFolder: where the applications' files are (erased with them, copied into backups)
 */
export function createAdmin({ store, token, onRedeliver = () => undefined, webhooksOn = true, uploadsFolder = null }) {
  /** @param {import('../http/request-context.mjs').RequestContext} ctx */
  async function route(ctx) {
    const { req, res } = ctx;
    const url = new URL(req.url ?? '/', 'http://localhost');
    // Not even its existence is told to another machine.
    if (!LOOPBACK.has(req.socket.remoteAddress ?? '') || req.headers.origin !== undefined) throw refusal(404, 'not loopback', 'Not found');
    if (!hasToken(req.headers.authorization, token)) throw refusal(401, 'no admin token', 'A valid admin token is required.');
    if (url.pathname === '/admin/applications' && req.method === 'GET') {
      const sinceText = url.searchParams.get('since');
      const since = sinceText ? new Date(sinceText) : null;
      if (since && Number.isNaN(since.getTime())) throw refusal(400, 'bad since', 'since must be a date');
      const applications = url.searchParams.get('revisions') === '1' ? await allRevisions(store, { since }) : await latestApplications(store, { since });
      res.writeHead(200, { 'Content-Type': 'application/x-ndjson; charset=utf-8', 'Cache-Control': 'no-store' });
      for (const application of applications) res.write(`${JSON.stringify(application)}\n`);
      res.end();
      return;
    }
    if (url.pathname === '/admin/backup' && req.method === 'GET') {
      res.writeHead(200, { 'Content-Type': 'application/gzip', 'Cache-Control': 'no-store' });
      // A failure midway cuts the connection: the client sees an error, never a shorter file.
      await writeBackup(store, res, { uploadsFolder }).catch((/** @type {unknown} */ error) => res.destroy(error instanceof Error ? error : new Error(String(error))));
      return;
    }
    if (url.pathname === '/admin/files' && req.method === 'GET') {
      // The bindings (upload ids included) of one application, for `files`, which reads the bytes itself.
      const applicationId = url.searchParams.get('application') ?? '';
      answer(ctx, 200, (await filesOfApplications(store, [applicationId])).get(applicationId) ?? []);
      return;
    }
    if (url.pathname === '/admin/deliveries' && req.method === 'GET') {
      answer(ctx, 200, await undeliveredDeliveries(store));
      return;
    }
    if (url.pathname === '/admin/redeliver' && req.method === 'POST') {
      const which = await readSmallJson(ctx, 'Send { "id": "msg_…" } or { "failed": true }.');
      if (typeof which.id !== 'string' && which.failed !== true) throw refusal(400, 'bad admin request', 'Send { "id": "msg_…" } or { "failed": true }.');
      // Marked pending, it would wait for a sender that is not there, while the CLI said "Sending".
      if (!webhooksOn) throw refusal(409, 'webhooks off', `Webhooks are off on the running receiver (process ${String(process.pid)}), so nothing would send it; nothing was changed. ${WEBHOOKS_OFF_HELP}.`);
      const count = await redeliverNow(store, typeof which.id === 'string' ? { id: which.id } : { failed: true });
      if (count > 0) onRedeliver();
      answer(ctx, 200, { count });
      return;
    }
    if (url.pathname === '/admin/erase' && req.method === 'POST') {
      const { email } = await readSmallJson(ctx, 'Send { "email": "…" }.');
      if (typeof email !== 'string' || email.trim() === '') throw refusal(400, 'bad admin request', 'Send { "email": "…" }.');
      answer(ctx, 200, await eraseByEmail(store, email, { uploadsFolder }));
      return;
    }
    throw refusal(404, 'no such admin endpoint', 'Not found');
  }

  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @returns {Promise<boolean>}
   */
  return async function admin(req, res) {
    if (!new URL(req.url ?? '/', 'http://localhost').pathname.startsWith('/admin/')) return false;
    return answered(createRequestContext(req, res), route);
  };
}
