// The guard every team endpoint asks first, the inbox's included: authorize(ctx, { role, changes })
// gives the signed-in member, or answers the refusal itself and gives null:
// - 403 {"error":"forbidden-origin"} when the request changes something and its Origin header is
//   missing or another site's: a page elsewhere can make a browser send a request, never one that
//   changes anything here. Checked before the session is read, so such a request touches nothing.
// - 401 {"error":"signed-out"} without a live session;
// - 403 {"error":"forbidden-role"} when the member's role, read from team_members at this request
//   (a change of role applies at once), is below the one the endpoint asks.
// A live session's idle time starts again (team-sessions.mjs).
import { siteOf } from '../http/proxy-trust.mjs';
import { refuse } from '../http/respond.mjs';
import { sessionIds } from './session-cookie.mjs';
import { roleCovers } from './team-email.mjs';

/**
 * @typedef {import('./team-email.mjs').TeamRole} TeamRole
 * @typedef {{ email: string, role: TeamRole }} SignedIn
 * @typedef {(ctx: import('../http/request-context.mjs').RequestContext, asked: { role: TeamRole, changes: boolean }) => Promise<SignedIn | null>} Authorize
 */

/**
 * Whether the request's Origin is the site's own.
 * @param {import('../http/request-context.mjs').RequestContext} ctx
 */
export function isOwnOrigin(ctx) {
  const origin = ctx.req.headers.origin;
  return typeof origin === 'string' && siteOf(ctx.req, ctx.trust).origins.includes(origin);
}

/**
 * Refuses (403) a request that changes something from another site; true when refused.
 * @param {import('../http/request-context.mjs').RequestContext} ctx
 */
export function refusedOrigin(ctx) {
  if (isOwnOrigin(ctx)) return false;
  refuse(ctx, 403, 'origin not the site', { error: 'forbidden-origin' });
  return true;
}

/**
 * The member of the request's live session, if any.
 * @param {import('./team-sessions.mjs').Sessions} sessions
 * @param {import('node:http').IncomingMessage} req
 * @returns {Promise<SignedIn | null>}
 */
export async function signedIn(sessions, req) {
  for (const id of sessionIds(req)) {
    const member = await sessions.live(id);
    if (member) return member;
  }
  return null;
}

/**
 * @param {import('./team-sessions.mjs').Sessions} sessions
 * @returns {Authorize}
 */
export function createGuard(sessions) {
  return async (ctx, { role, changes }) => {
    if (changes && refusedOrigin(ctx)) return null;
    const member = await signedIn(sessions, ctx.req);
    if (!member) {
      refuse(ctx, 401, 'signed out', { error: 'signed-out' });
      return null;
    }
    if (!roleCovers(member.role, role)) {
      refuse(ctx, 403, 'role too low', { error: 'forbidden-role' });
      return null;
    }
    return member;
  };
}
