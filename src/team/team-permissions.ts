import type { Role } from './team-answers';

/**
 * What each role may do (the team contract): viewers read; reviewers also write notes, decide and
 * export; admins also manage the team and read the audit log. The page hides what a role may not
 * do; the server refuses it anyway (403 forbidden-role), whatever a page sends.
 */
export interface Permissions {
  read: boolean;
  note: boolean;
  decide: boolean;
  export: boolean;
  manageMembers: boolean;
  readAudit: boolean;
}

const RANK: Record<Role, number> = { viewer: 0, reviewer: 1, admin: 2 };

/** Whether a role is at least another (viewer < reviewer < admin). */
export function atLeast(role: Role, needed: Role): boolean {
  return RANK[role] >= RANK[needed];
}

export function permissionsOf(role: Role): Permissions {
  return {
    read: true,
    note: atLeast(role, 'reviewer'),
    decide: atLeast(role, 'reviewer'),
    export: atLeast(role, 'reviewer'),
    manageMembers: atLeast(role, 'admin'),
    readAudit: atLeast(role, 'admin'),
  };
}

/** A role as the page names it. */
export function roleName(role: Role): string {
  return { viewer: 'Viewer', reviewer: 'Reviewer', admin: 'Admin' }[role];
}
