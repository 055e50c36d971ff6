// What the server knows of one request while it answers it, in one object every handler is given
// (createAppServer makes it): the request and its response, the proxy settings it was received
// under (TRUST_PROXY and PUBLIC_ORIGIN: whose address it came from, which site it was sent to),
// the headers every answer to it carries (CORS, once its origin is checked), and what its log line
// will say (server-log.mjs): why it was refused, a short phrase a deployer can search for and never
// a value the client sent, and, for a path that carries a secret (a draft's id), the path shown
// in its place. Plain fields, so a handler's test builds one in a line.
import { NO_PROXY_TRUST } from './proxy-trust.mjs';

/**
 * @typedef {{
 *   req: import('node:http').IncomingMessage,
 *   res: import('node:http').ServerResponse,
 *   trust: import('./proxy-trust.mjs').ProxyTrust,
 *   headers: Record<string, string>,
 *   refusal: string | undefined,
 *   logPath: string | undefined,
 * }} RequestContext
 *   headers: added to every answer the toolkit writes (respond.mjs), such as CORS for an allowed origin;
 *   refusal: why the request was refused, for its log line; logPath: the path its log line shows instead of its own
 */

/**
 * A request's context, with the server's proxy settings (none by default).
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {import('./proxy-trust.mjs').ProxyTrust} [trust]
 * @returns {RequestContext}
 */
export function createRequestContext(req, res, trust = NO_PROXY_TRUST) {
  return { req, res, trust, headers: {}, refusal: undefined, logPath: undefined };
}

/**
 * The path of the request's URL, without its query string.
 * @param {RequestContext} ctx
 */
export function pathnameOf(ctx) {
  return new URL(ctx.req.url ?? '/', 'http://localhost').pathname;
}
