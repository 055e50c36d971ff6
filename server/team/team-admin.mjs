// The team's admin endpoints, behind the admin door (http/admin-door.mjs), for the CLI while a
// receiver holds the embedded store: GET /admin/team/members, POST /admin/team/members
// { email, role }, POST /admin/team/role { email, role }, POST /admin/team/remove { email },
// GET /admin/audit?limit=N. Every change is the CLI's ('cli' in the audit log); a change the
// team's rules refuse is a 409 whose error the CLI prints.
import { readSmallJson } from '../http/admin-door.mjs';
import { answer, refusal } from '../http/respond.mjs';
import { MAX_AUDIT_PRINTED, readAudit } from './team-audit.mjs';
import { isRole, memberEmail } from './team-email.mjs';
import { MemberRefused, addMember, changeRole, listMembers, removeMember } from './team-members.mjs';

/**
 * @param {unknown} error
 * @returns {never}
 */
function refusedChange(error) {
  if (error instanceof MemberRefused) throw refusal(409, 'team change refused', error.message);
  throw error;
}

/**
 * @param {{ store: import('../store/store-types.mjs').Store, audit: import('./team-audit.mjs').Audit, now: () => Date }} deps
 * @returns {import('../http/admin-door.mjs').AdminRoute}
 */
export function teamAdmin(deps) {
  const expected = 'Send { "email": "…", "role": "viewer" | "reviewer" | "admin" }.';
  /** @param {import('../http/request-context.mjs').RequestContext} ctx */
  async function asked(ctx) {
    const body = await readSmallJson(ctx, expected);
    const email = memberEmail(body.email);
    if (email === null) throw refusal(409, 'not an address', 'That is not an e-mail address.');
    return { email, role: body.role };
  }
  /** @param {unknown} role */
  function roleOf(role) {
    if (!isRole(role)) throw refusal(409, 'not a role', 'The role is viewer, reviewer or admin.');
    return role;
  }
  return async (ctx, url) => {
    const { method } = ctx.req;
    if (url.pathname === '/admin/team/members' && method === 'GET') {
      answer(ctx, 200, await listMembers(deps.store));
      return true;
    }
    if (url.pathname === '/admin/team/members' && method === 'POST') {
      const { email, role } = await asked(ctx);
      answer(ctx, 201, await addMember(deps, { actor: 'cli', email, role: roleOf(role) }).catch(refusedChange));
      return true;
    }
    if (url.pathname === '/admin/team/role' && method === 'POST') {
      const { email, role } = await asked(ctx);
      answer(ctx, 200, await changeRole(deps, { actor: 'cli', email, role: roleOf(role) }).catch(refusedChange));
      return true;
    }
    if (url.pathname === '/admin/team/remove' && method === 'POST') {
      const { email } = await asked(ctx);
      await removeMember(deps, { actor: 'cli', email }).catch(refusedChange);
      answer(ctx, 200, { removed: email });
      return true;
    }
    if (url.pathname === '/admin/audit' && method === 'GET') {
      const limit = Number(url.searchParams.get('limit') ?? 50);
      if (!Number.isInteger(limit) || limit < 1 || limit > MAX_AUDIT_PRINTED)
        throw refusal(409, 'bad limit', `The limit is a whole number from 1 to ${String(MAX_AUDIT_PRINTED)}.`);
      answer(ctx, 200, await readAudit(deps.store, { before: null, limit }));
      return true;
    }
    return false;
  };
}
