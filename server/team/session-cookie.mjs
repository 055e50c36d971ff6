// The cookie that carries a team session's id: `team_session`, for /team/ only, out of the page's
// scripts' reach (HttpOnly), never sent with another site's request (SameSite=Strict), and Secure
// whenever the site is reached over TLS (directly, or as PUBLIC_ORIGIN or the trusted proxy says:
// http/proxy-trust.mjs). Its Max-Age is the session's maximum age; the idle time is the server's.
import { siteOf } from '../http/proxy-trust.mjs';
import { isSecret } from './team-secret.mjs';

export const SESSION_COOKIE = 'team_session';

/**
 * Whether the request reached the site over TLS.
 * @param {import('../http/request-context.mjs').RequestContext} ctx
 */
export function overTls(ctx) {
  return siteOf(ctx.req, ctx.trust).https || /** @type {{ encrypted?: boolean }} */ (ctx.req.socket).encrypted === true;
}

/**
 * @param {import('../http/request-context.mjs').RequestContext} ctx
 * @param {string} name
 * @param {string} value
 * @param {number} maxAgeSeconds
 * @param {string} path
 */
export function cookieHeader(ctx, name, value, maxAgeSeconds, path = '/team/') {
  return `${name}=${value}; Path=${path}; HttpOnly; SameSite=Strict${overTls(ctx) ? '; Secure' : ''}; Max-Age=${String(maxAgeSeconds)}`;
}

/**
 * The Set-Cookie of a new session.
 * @param {import('../http/request-context.mjs').RequestContext} ctx
 * @param {string} id
 * @param {number} maxAgeSeconds
 */
export function sessionCookie(ctx, id, maxAgeSeconds) {
  return cookieHeader(ctx, SESSION_COOKIE, id, maxAgeSeconds);
}

/**
 * The Set-Cookie that makes the browser forget the session.
 * @param {import('../http/request-context.mjs').RequestContext} ctx
 */
export function clearedSessionCookie(ctx) {
  return cookieHeader(ctx, SESSION_COOKIE, '', 0);
}

/**
 * The values of a cookie the request carries, in order: a cookie set for a narrower path by
 * another page of the site comes first, so each is a candidate, not the first alone.
 * @param {import('node:http').IncomingMessage} req
 * @param {string} name
 * @returns {string[]}
 */
export function cookieValues(req, name) {
  const header = req.headers.cookie ?? '';
  if (header.length > 8192) return [];
  return header
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.startsWith(`${name}=`))
    .map((part) => part.slice(name.length + 1));
}

/**
 * The session ids the request carries (at most a few, each the shape of one).
 * @param {import('node:http').IncomingMessage} req
 */
export function sessionIds(req) {
  return cookieValues(req, SESSION_COOKIE).filter(isSecret).slice(0, 4);
}
