// The door to the running receiver's admin endpoints, for `npm run -s applications` while the
// embedded database is held by this process: only from the loopback interface and only with the
// per-start token of DATA_DIR/receiver.json. The endpoints behind it are their rooms' own
// (applications/, backup/, webhooks/): each room gives an AdminRoute, and the first that answers wins.
import { timingSafeEqual } from 'node:crypto';
import { createRequestContext, pathnameOf } from './request-context.mjs';
import { Refused, answered, readBody, refusal } from './respond.mjs';

/**
 * Answers an admin request it recognises (true), or leaves it to the next route (false).
 * @typedef {(ctx: import('./request-context.mjs').RequestContext, url: URL) => Promise<boolean>} AdminRoute
 */

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
 * @param {import('./request-context.mjs').RequestContext} ctx
 * @param {string} expected
 * @returns {Promise<Record<string, unknown>>}
 */
export async function readSmallJson(ctx, expected) {
  try {
    const value = /** @type {unknown} */ (JSON.parse((await readBody(ctx, 1024, expected)).toString('utf8')));
    if (typeof value === 'object' && value !== null) return /** @type {Record<string, unknown>} */ (value);
  } catch (error) {
    if (error instanceof Refused) throw error;
  }
  throw refusal(400, 'bad admin request', expected);
}

/**
 * The admin endpoints behind their door: a request outside /admin/ is not theirs (false).
 * @param {{ token: string, routes: AdminRoute[] }} options
 */
export function createAdminDoor({ token, routes }) {
  /** @param {import('./request-context.mjs').RequestContext} ctx */
  async function route(ctx) {
    const { req } = ctx;
    const url = new URL(req.url ?? '/', 'http://localhost');
    // Not even its existence is told to another machine.
    if (!LOOPBACK.has(req.socket.remoteAddress ?? '') || req.headers.origin !== undefined) throw refusal(404, 'not loopback', 'Not found');
    if (!hasToken(req.headers.authorization, token)) throw refusal(401, 'no admin token', 'A valid admin token is required.');
    for (const each of routes) if (await each(ctx, url)) return;
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

/**
 * The public server has no admin endpoints: /admin/… is not found there (not even the page).
 * @param {import('./request-context.mjs').RequestContext} ctx
 */
export function answerAdminNotHere(ctx) {
  if (!pathnameOf(ctx).startsWith('/admin/')) return false;
  ctx.refusal = 'admin endpoints are on the loopback admin port only';
  ctx.res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
  return true;
}
