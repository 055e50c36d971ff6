// The team as admins manage it in the inbox, and the audit log they read:
//   GET /team/api/members → { members: [{ email, role, addedAt }] }
//   POST /team/api/members { email, role } → 201 the member | 409 {"error":"already-member"}
//   PATCH /team/api/members/<email> { role } → 200 the member; DELETE → 204 (their sessions end)
//   GET /team/api/audit?before=<seq>&limit=<1..200> → { entries, next }
// Admins only (the guard), changes from the site's own pages only. The last admin can be neither
// removed nor demoted (409 {"error":"last-admin"}). A member's address in the path is never written
// to the log line (its path is shown without it).
import { answer, answerBytes, refusal } from '../http/respond.mjs';
import { MAX_AUDIT_PAGE, readAudit } from './team-audit.mjs';
import { isRole, memberEmail } from './team-email.mjs';
import { MemberRefused, addMember, changeRole, listMembers, removeMember } from './team-members.mjs';
import { readJsonObject } from './team-request.mjs';

/** Entries in a page of the audit log when the request names no limit. */
const DEFAULT_AUDIT_PAGE = 50;

/**
 * @param {unknown} error
 * @returns {never}
 */
function asRefusal(error) {
  if (!(error instanceof MemberRefused)) throw error;
  throw refusal(error.code === 'not-found' ? 404 : 409, error.code, error.code);
}

/**
 * @param {unknown} value
 * @returns {import('./team-email.mjs').TeamRole}
 */
function roleAsked(value) {
  if (!isRole(value)) throw refusal(400, 'not a role', 'invalid-role');
  return value;
}

/**
 * @param {{ store: import('../store/store-types.mjs').Store, audit: import('./team-audit.mjs').Audit, now: () => Date }} deps
 */
export function createMembersEndpoint(deps) {
  return {
    /** @param {import('../http/request-context.mjs').RequestContext} ctx */
    async list(ctx) {
      answer(ctx, 200, { members: await listMembers(deps.store) });
    },

    /**
     * @param {import('../http/request-context.mjs').RequestContext} ctx
     * @param {string} actor
     */
    async add(ctx, actor) {
      const asked = await readJsonObject(ctx);
      const email = memberEmail(asked.email);
      if (email === null) throw refusal(400, 'not an address', 'invalid-email');
      const role = roleAsked(asked.role);
      answer(ctx, 201, await addMember(deps, { actor, email, role }).catch(asRefusal));
    },

    /**
     * @param {import('../http/request-context.mjs').RequestContext} ctx
     * @param {string} actor
     * @param {string} email normalised, from the path
     */
    async change(ctx, actor, email) {
      const role = roleAsked((await readJsonObject(ctx)).role);
      answer(ctx, 200, await changeRole(deps, { actor, email, role }).catch(asRefusal));
    },

    /**
     * @param {import('../http/request-context.mjs').RequestContext} ctx
     * @param {string} actor
     * @param {string} email
     */
    async remove(ctx, actor, email) {
      await removeMember(deps, { actor, email }).catch(asRefusal);
      answerBytes(ctx, 204);
    },

    /** @param {import('../http/request-context.mjs').RequestContext} ctx */
    async audit(ctx) {
      const query = new URL(ctx.req.url ?? '/', 'http://localhost').searchParams;
      const beforeText = query.get('before');
      const limitText = query.get('limit');
      if (beforeText !== null && !/^[1-9][0-9]{0,15}$/.test(beforeText)) throw refusal(400, 'bad before', 'invalid-before');
      const limit = limitText === null ? DEFAULT_AUDIT_PAGE : Number(limitText);
      if (limitText !== null && (!/^[0-9]{1,3}$/.test(limitText) || limit < 1 || limit > MAX_AUDIT_PAGE)) throw refusal(400, 'bad limit', 'invalid-limit');
      answer(ctx, 200, await readAudit(deps.store, { before: beforeText === null ? null : Number(beforeText), limit }));
    },
  };
}

/**
 * The member a path names (/team/api/members/<email>, percent-encoded), or a refusal.
 * @param {string} encoded
 */
export function memberInPath(encoded) {
  let decoded;
  try {
    decoded = decodeURIComponent(encoded);
  } catch {
    decoded = null;
  }
  const email = memberEmail(decoded);
  if (email === null) throw refusal(404, 'no such member', 'not-found');
  return email;
}
