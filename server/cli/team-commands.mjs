// What `npm run -s applications -- team …` and `audit` do and print: the programme team's members
// added, listed, given another role or removed (server/team/team-members.mjs), and the audit log,
// oldest of the last N first. Directly on the store (PostgreSQL, or an embedded store no receiver
// holds), or through the running receiver's admin endpoints (team-admin.mjs). Every change is
// written to the audit log as the CLI's.
import { parseArgs } from 'node:util';
import { MAX_AUDIT_PRINTED, createAudit, formatAudit, readAudit } from '../team/team-audit.mjs';
import { isRole, memberEmail } from '../team/team-email.mjs';
import { MemberRefused, addMember, changeRole, listMembers, removeMember } from '../team/team-members.mjs';
import { adminJson, onStore } from './on-store.mjs';

export const TEAM_USAGE = [
  '       npm run -s applications -- team add EMAIL --role viewer|reviewer|admin',
  '       npm run -s applications -- team role EMAIL --role viewer|reviewer|admin',
  '       npm run -s applications -- team list | team remove EMAIL',
  '       npm run -s applications -- audit [--limit N]   (the last N entries of the audit log, 50 unless given)',
].join('\n');

/**
 * @typedef {import('../store/store-types.mjs').Store} Store
 */

/**
 * A change made directly on the store; a refusal of the team's rules becomes the command's error.
 * @template T
 * @param {Store} store
 * @param {(deps: { store: Store, audit: import('../team/team-audit.mjs').Audit, now: () => Date }) => Promise<T>} change
 */
async function directly(store, change) {
  const now = () => new Date();
  try {
    return await change({ store, audit: createAudit(store, now), now });
  } catch (error) {
    if (error instanceof MemberRefused) throw new Error(error.message, { cause: error });
    throw error;
  }
}

/** @param {Array<{ email: string, role: string, addedAt: string }>} members */
function formatMembers(members) {
  if (members.length === 0) return 'The team has no members yet: team add EMAIL --role admin adds the first.\n';
  return members.map((member) => `${member.email}  ${member.role}  added ${member.addedAt}\n`).join('');
}

/**
 * Runs `team …` or `audit`, giving what it prints.
 * @param {'team' | 'audit'} command
 * @param {string[]} args the words after the command
 * @returns {Promise<string>}
 */
export async function teamCommand(command, args) {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { role: { type: 'string' }, limit: { type: 'string' } } });
  if (command === 'audit') {
    const limit = Number(values.limit ?? 50);
    if (positionals.length > 0 || values.role !== undefined || !/^[0-9]{1,5}$/.test(values.limit ?? '50') || limit < 1 || limit > MAX_AUDIT_PRINTED) {
      throw new Error(`audit takes --limit N, from 1 to ${String(MAX_AUDIT_PRINTED)}\n${TEAM_USAGE}`);
    }
    /** @type {{ entries: import('../team/team-audit.mjs').AuditRecord[] }} */
    const page = await onStore({
      direct: (store) => readAudit(store, { before: null, limit }),
      viaReceiver: async (url, token) =>
        /** @type {{ entries: import('../team/team-audit.mjs').AuditRecord[] }} */ (await adminJson(url, token, `/admin/audit?limit=${String(limit)}`)),
    });
    return formatAudit(page.entries);
  }
  const [action, address, ...extra] = positionals;
  if (action === 'list' && address === undefined && values.role === undefined) {
    /** @type {Array<{ email: string, role: string, addedAt: string }>} */
    const members = await onStore({
      direct: (store) => listMembers(store),
      viaReceiver: async (url, token) =>
        /** @type {Array<{ email: string, role: string, addedAt: string }>} */ (await adminJson(url, token, '/admin/team/members')),
    });
    return formatMembers(members);
  }
  const email = memberEmail(address);
  if ((action !== 'add' && action !== 'role' && action !== 'remove') || extra.length > 0 || email === null)
    throw new Error(`team needs add, role, list or remove, and one e-mail address\n${TEAM_USAGE}`);
  if (action === 'remove') {
    if (values.role !== undefined) throw new Error(`team remove takes no --role\n${TEAM_USAGE}`);
    await onStore({
      direct: (store) => directly(store, (deps) => removeMember(deps, { actor: 'cli', email })),
      viaReceiver: (url, token) => adminJson(url, token, '/admin/team/remove', { email }),
    });
    return `Removed ${email} from the team; their sessions have ended.\n`;
  }
  const role = values.role;
  if (!isRole(role)) throw new Error(`team ${action} needs --role viewer, reviewer or admin\n${TEAM_USAGE}`);
  await onStore({
    direct: (store) => directly(store, (deps) => (action === 'add' ? addMember : changeRole)(deps, { actor: 'cli', email, role })),
    viaReceiver: (url, token) => adminJson(url, token, action === 'add' ? '/admin/team/members' : '/admin/team/role', { email, role }),
  });
  return action === 'add' ? `Added ${email} to the team as ${role}.\n` : `${email} is now ${role}.\n`;
}
