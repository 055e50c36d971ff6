// @vitest-environment node
// Single sign-on against a real OpenID Connect provider (oidc-provider, started here, PKCE
// required): a member whose provider e-mail is verified signs in and gets the session cookie; a
// provider user who is not a member, or whose e-mail is not verified, is sent back refused with
// no session; a callback without the flow's cookie or with another state signs no one in. The
// receiver says single sign-on is on (GET session's oidc).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAudit } from '../../../../server/team/team-audit.mjs';
import { addMember } from '../../../../server/team/team-members.mjs';
import { oidcSettings } from '../../../../server/team/oidc-settings.mjs';
import { rawRequest, type RawAnswer } from '../../../support/http-request';
import { startTeamReceiver, type TeamReceiver } from '../../../support/team-receiver';

const ACCOUNTS: Record<string, { email: string; verified: boolean }> = {
  ada: { email: 'Ada@Example.com', verified: true },
  stranger: { email: 'stranger@example.com', verified: true },
  unverified: { email: 'grace@example.com', verified: false },
};

let team: TeamReceiver;
let provider: InstanceType<typeof Provider>;
let providerServer: ReturnType<typeof createServer>;
let issuer: string;
/** Who the provider signs in at its next interaction. */
let nextAccount = 'ada';

async function finishInteraction(req: IncomingMessage, res: ServerResponse) {
  const details = await provider.interactionDetails(req, res);
  if (details.prompt.name === 'login') {
    await provider.interactionFinished(req, res, { login: { accountId: nextAccount } }, { mergeWithLastSubmission: false });
    return;
  }
  const grant = new provider.Grant({ accountId: String(details.session?.accountId), clientId: String(details.params.client_id) });
  grant.addOIDCScope('openid email');
  await provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
}

beforeAll(async () => {
  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.writeHead(503).end();
  providerServer = createServer((req, res) => {
    if (req.url?.startsWith('/interaction/')) void finishInteraction(req, res).catch(() => res.writeHead(500).end());
    else handle(req, res);
  });
  await new Promise<void>((resolve) => providerServer.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${String((providerServer.address() as AddressInfo).port)}`;
  team = await startTeamReceiver({
    mail: false,
    team: { oidc: oidcSettings({ OIDC_ISSUER: issuer, OIDC_CLIENT_ID: 'team-inbox', OIDC_CLIENT_SECRET: 'a-long-client-secret-for-the-test' }) },
  });
  provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'team-inbox',
        client_secret: 'a-long-client-secret-for-the-test',
        redirect_uris: [`${team.receiver.url}/team/api/oidc/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    findAccount: (_ctx, id) => {
      const account = ACCOUNTS[id];
      return account ? { accountId: id, claims: () => ({ sub: id, email: account.email, email_verified: account.verified }) } : undefined;
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    cookies: { keys: ['a-cookie-key-for-the-test'] },
  });
  const answerAsProvider = provider.callback();
  handle = (req, res) => void answerAsProvider(req, res);
  const { store } = team.receiver;
  await addMember({ store, audit: createAudit(store, () => new Date()), now: () => new Date() }, { actor: 'test', email: 'ada@example.com', role: 'reviewer' });
  await addMember({ store, audit: createAudit(store, () => new Date()), now: () => new Date() }, { actor: 'test', email: 'grace@example.com', role: 'viewer' });
}, 30_000);
afterAll(async () => {
  await team.stop();
  await new Promise((resolve) => providerServer.close(resolve));
});

/** A browser's round trip: the receiver's start, the provider's pages (its cookies kept), back to the callback. */
async function singleSignOn(): Promise<{ callback: RawAnswer; started: RawAnswer }> {
  const started = await team.call('GET', '/team/api/oidc/start', { origin: null });
  expect(started.status).toBe(302);
  const flowCookie = ((started.headers['set-cookie'] as string[])[0] ?? '').split(';')[0]!;
  const jar = new Map<string, string>();
  let location = String(started.headers.location);
  for (let hop = 0; hop < 12 && location.startsWith(issuer); hop += 1) {
    const answer = await rawRequest(location, {
      method: 'GET',
      headers: jar.size > 0 ? [['Cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; ')]] : [],
    });
    for (const line of (answer.headers['set-cookie'] as string[] | undefined) ?? []) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    location = new URL(String(answer.headers.location), location).href;
  }
  expect(location.startsWith(`${team.receiver.url}/team/api/oidc/callback?`)).toBe(true);
  const callback = await team.call('GET', location.slice(team.receiver.url.length), { origin: null, cookie: flowCookie });
  return { callback, started };
}

describe('single sign-on through an OpenID Connect provider', () => {
  it('sends the browser to the provider with PKCE S256, state and nonce, the flow in a short Lax cookie', async () => {
    const started = await team.call('GET', '/team/api/oidc/start', { origin: null });
    const to = new URL(String(started.headers.location));
    expect(to.origin).toBe(issuer);
    expect(
      Object.fromEntries(['response_type', 'client_id', 'scope', 'code_challenge_method', 'redirect_uri'].map((name) => [name, to.searchParams.get(name)])),
    ).toEqual({
      response_type: 'code',
      client_id: 'team-inbox',
      scope: 'openid email',
      code_challenge_method: 'S256',
      redirect_uri: `${team.receiver.url}/team/api/oidc/callback`,
    });
    for (const name of ['code_challenge', 'state', 'nonce']) expect(to.searchParams.get(name)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((started.headers['set-cookie'] as string[])[0]).toMatch(/^team_oidc=[A-Za-z0-9_-]+; Path=\/team\/api\/oidc\/; HttpOnly; SameSite=Lax; Max-Age=600$/);
    expect(await team.call('GET', '/team/api/session')).toMatchObject({ status: 401, json: { oidc: true } });
  });

  it("signs a member in by their verified e-mail, with a session like a link's", async () => {
    nextAccount = 'ada';
    const { callback } = await singleSignOn();
    expect(callback.status).toBe(302);
    expect(callback.headers.location).toBe('/team/');
    const cookies = callback.headers['set-cookie'] as string[];
    expect(cookies[0]).toMatch(/^team_oidc=; Path=\/team\/api\/oidc\/;.*Max-Age=0$/);
    expect(cookies[1]).toMatch(/^team_session=[A-Za-z0-9_-]{43}; Path=\/team\/; HttpOnly; SameSite=Strict; Max-Age=43200$/);
    const session = (cookies[1] ?? '').split(';')[0]!;
    expect(await team.call('GET', '/team/api/session', { cookie: session })).toMatchObject({
      status: 200,
      json: { email: 'ada@example.com', role: 'reviewer', oidc: true },
    });
    const { rows } = await team.receiver.store.query("SELECT actor, detail FROM audit_log WHERE action = 'sign-in' ORDER BY seq DESC LIMIT 1");
    expect(rows[0]).toMatchObject({ actor: 'ada@example.com', detail: { method: 'oidc' } });
  }, 30_000);

  it('refuses a provider user who is not a member, and one whose e-mail is not verified', async () => {
    for (const account of ['stranger', 'unverified']) {
      nextAccount = account;
      const { callback } = await singleSignOn();
      expect(callback.status).toBe(302);
      expect(callback.headers.location).toBe('/team/?signin=refused');
      expect((callback.headers['set-cookie'] as string[]).some((line) => line.startsWith('team_session='))).toBe(false);
    }
    const { rows } = await team.receiver.store.query("SELECT actor, detail FROM audit_log WHERE action = 'sign-in-refused' ORDER BY seq DESC LIMIT 2");
    expect(rows.map((row) => row.detail)).toEqual([
      { reason: 'provider-refused', method: 'oidc' },
      { reason: 'not-a-member', method: 'oidc' },
    ]);
    expect(JSON.stringify(rows)).not.toContain('stranger');
  }, 30_000);

  it("signs no one in from a callback without the flow's cookie, or with a state not its own", async () => {
    nextAccount = 'ada';
    const { started } = await singleSignOn();
    const other = await team.call('GET', '/team/api/oidc/start', { origin: null });
    const state = new URL(String(started.headers.location)).searchParams.get('state');
    const forged = await team.call('GET', `/team/api/oidc/callback?code=x&state=${String(state)}`, {
      origin: null,
      cookie: ((other.headers['set-cookie'] as string[])[0] ?? '').split(';')[0]!,
    });
    expect(forged).toMatchObject({ status: 302, headers: { location: '/team/?signin=refused' } });
    expect(await team.call('GET', '/team/api/oidc/callback?code=x&state=y', { origin: null })).toMatchObject({
      status: 302,
      headers: { location: '/team/?signin=refused' },
    });
    expect(await team.call('POST', '/team/api/oidc/start')).toMatchObject({ status: 405 });
  }, 30_000);
});

describe('OIDC settings', () => {
  it('takes all three or none, https or a provider on this machine', () => {
    expect(oidcSettings({})).toBeNull();
    expect(() => oidcSettings({ OIDC_ISSUER: 'https://login.example.com' })).toThrow(/OIDC_CLIENT_ID and OIDC_CLIENT_SECRET not set/);
    expect(() => oidcSettings({ OIDC_ISSUER: 'http://login.example.com', OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b' })).toThrow(/https/);
    expect(oidcSettings({ OIDC_ISSUER: 'https://login.example.com/realms/team', OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b' })?.issuer.href).toBe(
      'https://login.example.com/realms/team',
    );
  });
});
