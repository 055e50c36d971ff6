// A TEST GUARD, not the team's: the inbox's tests stand it in for server/team/'s `authorize` and
// `audit` (the team room is built apart), on the same contract. A request is signed in when it
// carries `Cookie: team_session=<role>:<email>` and team_members holds that e-mail with that role,
// read at each request (a role changed takes effect at once); else 401 signed-out. A change needs
// the site's own Origin (siteOf, as the contract says): missing or another, 403 forbidden-origin;
// a role below the one needed, 403 forbidden-role. `audit` writes audit_log rows for real.
import { siteOf } from '../../server/http/proxy-trust.mjs';
import type { RequestContext } from '../../server/http/request-context.mjs';
import type { Queryable } from '../../server/store/store-types.mjs';

type Role = 'viewer' | 'reviewer' | 'admin';
const RANK: Record<Role, number> = { viewer: 0, reviewer: 1, admin: 2 };

function refuse(ctx: RequestContext, status: number, error: string): null {
  ctx.refusal = error;
  ctx.res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' }).end(JSON.stringify({ error }));
  return null;
}

export function createTestTeamGuard(store: Queryable) {
  async function authorize(ctx: RequestContext, need: { role: Role; changes: boolean }): Promise<{ email: string; role: Role } | null> {
    const cookie = /(?:^|;\s*)team_session=([^;]*)/.exec(ctx.req.headers.cookie ?? '')?.[1] ?? '';
    const [claimed, ...address] = decodeURIComponent(cookie).split(':');
    const email = address.join(':');
    const { rows } = await store.query('SELECT role FROM team_members WHERE email = $1', [email]);
    const role = rows[0]?.role as Role | undefined;
    if (!role || role !== claimed) return refuse(ctx, 401, 'signed-out');
    const origin = ctx.req.headers.origin;
    if (need.changes && (typeof origin !== 'string' || !siteOf(ctx.req, ctx.trust).origins.includes(origin))) return refuse(ctx, 403, 'forbidden-origin');
    if (RANK[role] < RANK[need.role]) return refuse(ctx, 403, 'forbidden-role');
    return { email, role };
  }

  async function audit(
    entry: { actor: string; action: string; applicationId?: string | null; detail?: Record<string, unknown> },
    tx?: Queryable,
  ): Promise<void> {
    await (tx ?? store).query('INSERT INTO audit_log (at, actor, action, application_id, detail) VALUES (now(), $1, $2, $3, $4)', [
      entry.actor,
      entry.action,
      entry.applicationId ?? null,
      JSON.stringify(entry.detail ?? {}),
    ]);
  }

  return { authorize, audit };
}

/** Adds members to team_members: the test guard's sign-in. */
export async function addTestMembers(store: Queryable, members: Record<string, Role>): Promise<void> {
  for (const [email, role] of Object.entries(members)) {
    await store.query(
      'INSERT INTO team_members (email, role, added_at, added_by) VALUES ($1, $2, now(), $3) ON CONFLICT (email) DO UPDATE SET role = EXCLUDED.role',
      [email, role, 'test'],
    );
  }
}
