// @vitest-environment node
// The team's own endpoints, each asked by a viewer, a reviewer, an admin and someone signed out:
// only what the role allows answers, a refusal changes nothing; a change from another site or
// without Origin changes nothing, whatever the role; the members and audit endpoints do what the
// contract says, and the last admin can be neither removed nor demoted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember } from '../../../../server/team/team-members.mjs';
import { createAudit } from '../../../../server/team/team-audit.mjs';
import { startTeamReceiver, type TeamReceiver } from '../../../support/team-receiver';

let team: TeamReceiver;
const cookies: Record<string, string | null> = { 'signed out': null };
const ROLES = ['viewer', 'reviewer', 'admin'] as const;
let counter = 0;
const unique = () => `m${String((counter += 1))}@example.com`;

async function member(email: string, role: (typeof ROLES)[number]) {
  const { store } = team.receiver;
  await addMember({ store, audit: createAudit(store, () => new Date()), now: () => new Date() }, { actor: 'test', email, role });
}

const memberRows = async () => (await team.receiver.store.query('SELECT email, role FROM team_members ORDER BY email')).rows;

beforeAll(async () => {
  team = await startTeamReceiver();
  for (const role of ROLES) {
    await member(`${role}@example.com`, role);
    cookies[role] = await team.signIn(`${role}@example.com`);
  }
}, 30_000);
afterAll(async () => {
  await team.stop();
});

type Endpoint = {
  name: string;
  prepare?: () => Promise<string>;
  request: (target: string) => { method: string; path: string; body?: unknown };
  changes: boolean;
};
const ENDPOINTS: Endpoint[] = [
  { name: 'GET members', request: () => ({ method: 'GET', path: '/team/api/members' }), changes: false },
  { name: 'POST members', request: () => ({ method: 'POST', path: '/team/api/members', body: { email: unique(), role: 'viewer' } }), changes: true },
  {
    name: 'PATCH a member',
    changes: true,
    prepare: async () => {
      const email = unique();
      await member(email, 'viewer');
      return email;
    },
    request: (email) => ({ method: 'PATCH', path: `/team/api/members/${encodeURIComponent(email)}`, body: { role: 'reviewer' } }),
  },
  {
    name: 'DELETE a member',
    changes: true,
    prepare: async () => {
      const email = unique();
      await member(email, 'viewer');
      return email;
    },
    request: (email) => ({ method: 'DELETE', path: `/team/api/members/${encodeURIComponent(email)}` }),
  },
  { name: 'GET audit', request: () => ({ method: 'GET', path: '/team/api/audit' }), changes: false },
];
const WHO = ['signed out', ...ROLES] as const;
const EXPECTED: Record<string, Record<(typeof WHO)[number], number>> = {
  'GET members': { 'signed out': 401, viewer: 403, reviewer: 403, admin: 200 },
  'POST members': { 'signed out': 401, viewer: 403, reviewer: 403, admin: 201 },
  'PATCH a member': { 'signed out': 401, viewer: 403, reviewer: 403, admin: 200 },
  'DELETE a member': { 'signed out': 401, viewer: 403, reviewer: 403, admin: 204 },
  'GET audit': { 'signed out': 401, viewer: 403, reviewer: 403, admin: 200 },
};

describe('the role matrix', () => {
  const cases = ENDPOINTS.flatMap((endpoint) => WHO.map((who) => ({ endpoint, who, label: `${endpoint.name} as ${who}` })));
  it.each(cases)('$label', async ({ endpoint, who }) => {
    const target = (await endpoint.prepare?.()) ?? '';
    const before = await memberRows();
    const { method, path, body } = endpoint.request(target);
    const answer = await team.call(method, path, { cookie: cookies[who], body });
    const expected = EXPECTED[endpoint.name]![who];
    expect(answer.status).toBe(expected);
    if (expected === 401) expect(answer.json).toEqual({ error: 'signed-out' });
    if (expected === 403) expect(answer.json).toEqual({ error: 'forbidden-role' });
    if (expected >= 400) expect(await memberRows()).toEqual(before);
    else if (endpoint.changes) expect(await memberRows()).not.toEqual(before);
  });

  it.each(ENDPOINTS.filter((endpoint) => endpoint.changes))(
    '$name from another site or without Origin changes nothing, even for an admin',
    async (endpoint) => {
      const target = (await endpoint.prepare?.()) ?? '';
      const before = await memberRows();
      for (const origin of ['https://evil.example', null, 'null', `${team.origin}.evil.example`]) {
        const { method, path, body } = endpoint.request(target);
        expect(await team.call(method, path, { cookie: cookies.admin, body, origin })).toMatchObject({ status: 403, json: { error: 'forbidden-origin' } });
      }
      expect(await memberRows()).toEqual(before);
    },
  );

  it('GET session answers every member with their role, and DELETE session is open to anyone from the site', async () => {
    for (const role of ROLES)
      expect(await team.call('GET', '/team/api/session', { cookie: cookies[role] })).toMatchObject({
        status: 200,
        json: { email: `${role}@example.com`, role, oidc: false },
      });
    expect((await team.call('DELETE', '/team/api/session')).status).toBe(204);
  });
});

describe('members and audit, for an admin', () => {
  it('adds, lists, changes and removes members, refusing what the rules refuse, and logs each change', async () => {
    const admin = cookies.admin;
    expect(await team.call('POST', '/team/api/members', { cookie: admin, body: { email: ' New.Person@Example.com', role: 'reviewer' } })).toMatchObject({
      status: 201,
      json: { email: 'new.person@example.com', role: 'reviewer' },
    });
    expect(await team.call('POST', '/team/api/members', { cookie: admin, body: { email: 'new.person@example.com', role: 'viewer' } })).toMatchObject({
      status: 409,
      json: { error: 'already-member' },
    });
    expect(await team.call('POST', '/team/api/members', { cookie: admin, body: { email: 'bad', role: 'viewer' } })).toMatchObject({
      status: 400,
      json: { error: 'invalid-email' },
    });
    expect(await team.call('POST', '/team/api/members', { cookie: admin, body: { email: 'x@example.com', role: 'owner' } })).toMatchObject({
      status: 400,
      json: { error: 'invalid-role' },
    });
    const listed = await team.call('GET', '/team/api/members', { cookie: admin });
    expect((listed.json as { members: Array<{ email: string; role: string; addedAt: string }> }).members).toContainEqual({
      email: 'new.person@example.com',
      role: 'reviewer',
      addedAt: expect.stringMatching(/^\d{4}-/) as unknown,
    });
    expect(await team.call('PATCH', '/team/api/members/New.Person%40example.com', { cookie: admin, body: { role: 'admin' } })).toMatchObject({
      status: 200,
      json: { role: 'admin' },
    });
    expect(await team.call('PATCH', '/team/api/members/nobody%40example.com', { cookie: admin, body: { role: 'admin' } })).toMatchObject({
      status: 404,
      json: { error: 'not-found' },
    });
    expect(await team.call('DELETE', '/team/api/members/new.person%40example.com', { cookie: admin })).toMatchObject({ status: 204 });
    expect(await team.call('DELETE', '/team/api/members/new.person%40example.com', { cookie: admin })).toMatchObject({ status: 404 });
    expect(await team.call('PUT', '/team/api/members/new.person%40example.com', { cookie: admin })).toMatchObject({
      status: 405,
      headers: { allow: 'PATCH, DELETE' },
    });
    expect(JSON.stringify(team.requests)).not.toContain('person');
    const audit = await team.call('GET', '/team/api/audit?limit=3', { cookie: admin });
    const page = audit.json as { entries: Array<{ seq: number; actor: string; action: string; detail: Record<string, unknown> }>; next: number | null };
    expect(page.entries.map((entry) => [entry.actor, entry.action, entry.detail])).toEqual([
      ['admin@example.com', 'member-removed', { email: 'new.person@example.com', role: 'admin' }],
      ['admin@example.com', 'member-role-changed', { email: 'new.person@example.com', from: 'reviewer', to: 'admin' }],
      ['admin@example.com', 'member-added', { email: 'new.person@example.com', role: 'reviewer' }],
    ]);
    expect(page.next).toBe(page.entries[2]!.seq);
    const older = (await team.call('GET', `/team/api/audit?before=${String(page.next)}&limit=200`, { cookie: admin })).json as {
      entries: Array<{ seq: number }>;
      next: number | null;
    };
    expect(older.entries[0]!.seq).toBeLessThan(page.next!);
    expect(older.next).toBeNull();
    for (const query of ['limit=0', 'limit=201', 'limit=x', 'before=-1', 'before=abc']) {
      expect(await team.call('GET', `/team/api/audit?${query}`, { cookie: admin })).toMatchObject({ status: 400 });
    }
  });

  it('keeps the last admin: neither removed nor demoted, by themselves or the CLI, while another admin may go', async () => {
    const admin = cookies.admin;
    // Other admins the matrix made go first.
    const admins = (await team.receiver.store.query("SELECT email FROM team_members WHERE role = 'admin' AND email <> 'admin@example.com'")).rows.map((row) =>
      String(row.email),
    );
    for (const email of admins) expect((await team.call('DELETE', `/team/api/members/${encodeURIComponent(email)}`, { cookie: admin })).status).toBe(204);
    expect(await team.call('DELETE', '/team/api/members/admin%40example.com', { cookie: admin })).toMatchObject({ status: 409, json: { error: 'last-admin' } });
    expect(await team.call('PATCH', '/team/api/members/admin%40example.com', { cookie: admin, body: { role: 'viewer' } })).toMatchObject({
      status: 409,
      json: { error: 'last-admin' },
    });
    await expect(team.cli('team', 'remove', 'admin@example.com')).rejects.toMatchObject({ stderr: expect.stringMatching(/last admin/) as unknown });
    expect(await team.call('PATCH', '/team/api/members/reviewer%40example.com', { cookie: admin, body: { role: 'admin' } })).toMatchObject({ status: 200 });
    expect(await team.call('PATCH', '/team/api/members/admin%40example.com', { cookie: admin, body: { role: 'viewer' } })).toMatchObject({
      status: 200,
      json: { role: 'viewer' },
    });
    expect(await team.call('GET', '/team/api/members', { cookie: admin })).toMatchObject({ status: 403, json: { error: 'forbidden-role' } });
  }, 30_000);
});
