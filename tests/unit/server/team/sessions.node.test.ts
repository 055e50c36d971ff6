// @vitest-environment node
// Team sessions on a real receiver: the cookie's attributes (Secure only over TLS, as the trusted
// proxy or PUBLIC_ORIGIN says), the idle time and the maximum age (the receiver's clock moved),
// signing out ending the session on the server, removing a member ending theirs, and a role
// change applying at the next request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, changeRole, removeMember } from '../../../../server/team/team-members.mjs';
import { createAudit } from '../../../../server/team/team-audit.mjs';
import { teamSessionSettings } from '../../../../server/team/team-settings.mjs';
import { createSessions } from '../../../../server/team/team-sessions.mjs';
import { createSignInLink } from '../../../../server/team/sign-in-links.mjs';
import { startTeamReceiver, type TeamReceiver } from '../../../support/team-receiver';

let team: TeamReceiver;
const deps = () => ({ store: team.receiver.store, audit: createAudit(team.receiver.store, () => new Date()), now: () => new Date() });
const MINUTE = 60_000;

beforeAll(async () => {
  // Whatever connects is the proxy: a request saying X-Forwarded-Proto: https came over TLS.
  team = await startTeamReceiver({ trustProxy: '1', team: { sessions: { idleMinutes: 30, maxHours: 2 } } });
  for (const [email, role] of [
    ['ada@example.com', 'admin'],
    ['grace@example.com', 'reviewer'],
    ['linus@example.com', 'viewer'],
  ] as const) {
    await addMember(deps(), { actor: 'test', email, role });
  }
});
afterAll(async () => {
  await team.stop();
});

describe('the session cookie', () => {
  it('is HttpOnly, SameSite=Strict, for /team/ only, lasts the maximum age, and is not Secure over plain http', async () => {
    await team.askLink('ada@example.com');
    const token = await team.tokenMailedTo('ada@example.com');
    const opened = await team.call('POST', '/team/api/session', { body: { token } });
    expect(opened.status).toBe(201);
    expect(opened.headers['cache-control']).toBe('no-store');
    const [line] = opened.headers['set-cookie'] as string[];
    expect(line).toMatch(/^team_session=[A-Za-z0-9_-]{43}; Path=\/team\/; HttpOnly; SameSite=Strict; Max-Age=7200$/);
  });

  it('is Secure when the request came over TLS through the trusted proxy', async () => {
    await team.askLink('grace@example.com');
    const token = await team.tokenMailedTo('grace@example.com');
    const host = new URL(team.receiver.url).host;
    const opened = await team.call('POST', '/team/api/session', { origin: `https://${host}`, body: { token }, headers: [['X-Forwarded-Proto', 'https']] });
    expect(opened.status).toBe(201);
    expect((opened.headers['set-cookie'] as string[])[0]).toMatch(/; HttpOnly; SameSite=Strict; Secure; Max-Age=7200$/);
    expect(opened.headers['strict-transport-security']).toMatch(/max-age=/);
  });

  it('is Secure behind an https PUBLIC_ORIGIN, whose links lead there', async () => {
    const behind = await startTeamReceiver({ publicOrigin: 'https://team.example.com' });
    try {
      await addMember(
        { store: behind.receiver.store, audit: createAudit(behind.receiver.store, () => new Date()), now: () => new Date() },
        { actor: 'test', email: 'ada@example.com', role: 'viewer' },
      );
      expect(await behind.call('POST', '/team/api/sign-in', { origin: behind.receiver.url, body: { email: 'ada@example.com' } })).toMatchObject({
        status: 403,
      });
      expect((await behind.askLink('ada@example.com')).status).toBe(202);
      const token = await behind.tokenMailedTo('ada@example.com');
      expect(behind.catcher!.mails[0]!.text).toContain(`https://team.example.com/team/sign-in#${token}`);
      const opened = await behind.call('POST', '/team/api/session', { body: { token } });
      expect((opened.headers['set-cookie'] as string[])[0]).toContain('; Secure;');
    } finally {
      await behind.stop();
    }
  }, 30_000);
});

describe('a session ends', () => {
  it('after the idle time without a request, and lives on while used', async () => {
    const cookie = await team.signIn('linus@example.com');
    team.advance(25 * MINUTE);
    expect((await team.call('GET', '/team/api/session', { cookie })).status).toBe(200);
    team.advance(25 * MINUTE);
    expect((await team.call('GET', '/team/api/session', { cookie })).status).toBe(200);
    team.advance(31 * MINUTE);
    expect(await team.call('GET', '/team/api/session', { cookie })).toMatchObject({ status: 401, json: { error: 'signed-out', oidc: false } });
  });

  it('at its maximum age, however busy', async () => {
    const cookie = await team.signIn('linus@example.com');
    for (let step = 0; step < 5; step += 1) {
      team.advance(20 * MINUTE);
      expect((await team.call('GET', '/team/api/session', { cookie })).status).toBe(200);
    }
    team.advance(21 * MINUTE);
    expect((await team.call('GET', '/team/api/session', { cookie })).status).toBe(401);
  });

  it('when its member signs out: the old cookie opens nothing, and signing out checks Origin', async () => {
    const cookie = await team.signIn('grace@example.com');
    expect(await team.call('DELETE', '/team/api/session', { cookie, origin: 'https://evil.example' })).toMatchObject({
      status: 403,
      json: { error: 'forbidden-origin' },
    });
    expect(await team.call('DELETE', '/team/api/session', { cookie, origin: null })).toMatchObject({ status: 403 });
    expect((await team.call('GET', '/team/api/session', { cookie })).status).toBe(200);
    const out = await team.call('DELETE', '/team/api/session', { cookie });
    expect(out.status).toBe(204);
    expect((out.headers['set-cookie'] as string[])[0]).toMatch(/^team_session=; Path=\/team\/; HttpOnly; SameSite=Strict; Max-Age=0$/);
    expect((await team.call('GET', '/team/api/session', { cookie })).status).toBe(401);
    const { rows } = await team.receiver.store.query("SELECT actor FROM audit_log WHERE action = 'sign-out' ORDER BY seq DESC LIMIT 1");
    expect(rows[0]?.actor).toBe('grace@example.com');
  });

  it('when its member is removed, and a role change applies at the next request', async () => {
    await addMember(deps(), { actor: 'test', email: 'temp@example.com', role: 'viewer' });
    const cookie = await team.signIn('temp@example.com');
    await changeRole(deps(), { actor: 'test', email: 'temp@example.com', role: 'reviewer' });
    expect(await team.call('GET', '/team/api/session', { cookie })).toMatchObject({ status: 200, json: { role: 'reviewer' } });
    await removeMember(deps(), { actor: 'test', email: 'temp@example.com' });
    expect((await team.call('GET', '/team/api/session', { cookie })).status).toBe(401);
    expect((await team.receiver.store.query("SELECT count(*)::int AS n FROM team_sessions WHERE email = 'temp@example.com'")).rows[0]?.n).toBe(0);
  });
});

describe('the sweep', () => {
  it('deletes ended sessions and links a day past their expiry, and keeps the rest', async () => {
    const { store } = team.receiver;
    let at = new Date('2031-01-01T00:00:00Z');
    const sessions = createSessions({ store, settings: { idleMinutes: 30, maxHours: 2 }, now: () => at });
    const count = async (table: string) => Number((await store.query(`SELECT count(*)::int AS n FROM ${table} WHERE created_at >= '2031-01-01'`)).rows[0]?.n);
    await store.transaction((tx) => sessions.open(tx, 'ada@example.com'));
    await createSignInLink(store, 'ada@example.com', at);
    await sessions.sweep();
    expect([await count('team_sessions'), await count('team_sign_in_links')]).toEqual([1, 1]);
    at = new Date(at.getTime() + 31 * MINUTE);
    await sessions.sweep();
    expect([await count('team_sessions'), await count('team_sign_in_links')]).toEqual([0, 1]);
    at = new Date(at.getTime() + 25 * 60 * MINUTE);
    await sessions.sweep();
    expect(await count('team_sign_in_links')).toBe(0);
  });
});

describe('TEAM_SESSION_IDLE_MINUTES and TEAM_SESSION_MAX_HOURS', () => {
  it('default to 60 minutes and 12 hours, and refuse what is out of bounds', () => {
    expect(teamSessionSettings({})).toEqual({ idleMinutes: 60, maxHours: 12 });
    expect(teamSessionSettings({ TEAM_SESSION_IDLE_MINUTES: ' 15 ', TEAM_SESSION_MAX_HOURS: '8' })).toEqual({ idleMinutes: 15, maxHours: 8 });
    for (const env of [
      { TEAM_SESSION_IDLE_MINUTES: '0' },
      { TEAM_SESSION_IDLE_MINUTES: '1.5' },
      { TEAM_SESSION_MAX_HOURS: '745' },
      { TEAM_SESSION_MAX_HOURS: 'ten' },
      { TEAM_SESSION_IDLE_MINUTES: '120', TEAM_SESSION_MAX_HOURS: '1' },
    ]) {
      expect(() => teamSessionSettings(env)).toThrow(/TEAM_SESSION_/);
    }
  });
});
