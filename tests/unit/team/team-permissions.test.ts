// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { atLeast, permissionsOf } from '../../../src/team/team-permissions';

describe('what each role may do', () => {
  it('lets a viewer read only', () => {
    expect(permissionsOf('viewer')).toEqual({ read: true, note: false, decide: false, export: false, manageMembers: false, readAudit: false });
  });

  it('lets a reviewer also note, decide and export', () => {
    expect(permissionsOf('reviewer')).toEqual({ read: true, note: true, decide: true, export: true, manageMembers: false, readAudit: false });
  });

  it('lets an admin do everything', () => {
    expect(Object.values(permissionsOf('admin')).every(Boolean)).toBe(true);
  });

  it('orders the roles viewer < reviewer < admin', () => {
    expect(atLeast('admin', 'reviewer')).toBe(true);
    expect(atLeast('reviewer', 'admin')).toBe(false);
    expect(atLeast('viewer', 'viewer')).toBe(true);
  });
});
