// The team's members and their roles (team_members), changed in one transaction with the audit
// entry that records the change. The last admin can be neither removed nor demoted: a team with no
// admin could never change again except from the command line. Admins are locked while one is
// removed or demoted, so two admins removing each other at once leave one, not none. Removing a
// member ends their sessions (team_sessions' foreign key cascades).

/**
 * @typedef {import('./team-email.mjs').TeamRole} TeamRole
 * @typedef {{ email: string, role: TeamRole, addedAt: string }} Member
 * @typedef {'already-member' | 'not-found' | 'last-admin'} MemberRefusalCode
 */

/** A change the team's rules refuse; its code is what the API answers (409, or 404). */
export class MemberRefused extends Error {
  /**
   * @param {MemberRefusalCode} code
   * @param {string} message for the command line
   */
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

/**
 * @param {import('../store/store-types.mjs').Queryable} store
 * @returns {Promise<Member[]>}
 */
export async function listMembers(store) {
  const { rows } = await store.query('SELECT email, role, added_at FROM team_members ORDER BY email');
  return rows.map((row) => ({
    email: String(row.email),
    role: /** @type {TeamRole} */ (row.role),
    addedAt: new Date(/** @type {string | Date} */ (row.added_at)).toISOString(),
  }));
}

/**
 * @param {import('../store/store-types.mjs').Queryable} store
 * @param {string} email normalised
 * @returns {Promise<TeamRole | null>}
 */
export async function roleOf(store, email) {
  const { rows } = await store.query('SELECT role FROM team_members WHERE email = $1', [email]);
  return rows[0] ? /** @type {TeamRole} */ (rows[0].role) : null;
}

/**
 * @typedef {{ store: import('../store/store-types.mjs').Store, audit: import('./team-audit.mjs').Audit, now: () => Date }} MembersDeps
 * @typedef {{ actor: string }} Acting actor: who changes the team (an admin's address, or 'cli')
 */

/**
 * @param {MembersDeps} deps
 * @param {Acting & { email: string, role: TeamRole }} change email: normalised (team-email.mjs)
 * @returns {Promise<Member>}
 */
export async function addMember({ store, audit, now }, { actor, email, role }) {
  return store.transaction(async (tx) => {
    const at = now();
    const { rows } = await tx.query(
      'INSERT INTO team_members (email, role, added_at, added_by) VALUES ($1, $2, $3, $4) ON CONFLICT (email) DO NOTHING RETURNING email',
      [email, role, at, actor],
    );
    if (rows.length === 0) throw new MemberRefused('already-member', `${email} is already a member of the team (team list shows the roles).`);
    await audit({ actor, action: 'member-added', detail: { email, role } }, tx);
    return { email, role, addedAt: at.toISOString() };
  });
}

/**
 * Refuses to leave the team without an admin: the admins are locked until the transaction ends.
 * @param {import('../store/store-types.mjs').Queryable} tx
 * @param {string} email the member losing their admin role, or leaving
 */
async function keepAnAdmin(tx, email) {
  const { rows } = await tx.query("SELECT email FROM team_members WHERE role = 'admin' ORDER BY email FOR UPDATE");
  if (rows.length === 1 && rows[0]?.email === email)
    throw new MemberRefused('last-admin', `${email} is the team's last admin: make another member admin first.`);
}

/**
 * @param {MembersDeps} deps
 * @param {Acting & { email: string }} change
 */
export async function removeMember({ store, audit }, { actor, email }) {
  await store.transaction(async (tx) => {
    const role = await roleOf(tx, email);
    if (role === null) throw new MemberRefused('not-found', `${email} is not a member of the team.`);
    if (role === 'admin') await keepAnAdmin(tx, email);
    await tx.query('DELETE FROM team_members WHERE email = $1', [email]);
    await audit({ actor, action: 'member-removed', detail: { email, role } }, tx);
  });
}

/**
 * @param {MembersDeps} deps
 * @param {Acting & { email: string, role: TeamRole }} change
 * @returns {Promise<Member>}
 */
export async function changeRole({ store, audit }, { actor, email, role }) {
  return store.transaction(async (tx) => {
    const { rows } = await tx.query('SELECT role, added_at FROM team_members WHERE email = $1 FOR UPDATE', [email]);
    const was = rows[0];
    if (!was) throw new MemberRefused('not-found', `${email} is not a member of the team.`);
    const member = { email, role, addedAt: new Date(/** @type {string | Date} */ (was.added_at)).toISOString() };
    if (was.role === role) return member;
    if (was.role === 'admin') await keepAnAdmin(tx, email);
    await tx.query('UPDATE team_members SET role = $2 WHERE email = $1', [email, role]);
    await audit({ actor, action: 'member-role-changed', detail: { email, from: was.role, to: role } }, tx);
    return member;
  });
}
