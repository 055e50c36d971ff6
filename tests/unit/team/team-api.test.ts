// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createTeamApi, type Fetch } from '../../../src/team/team-api';
import { NO_FILTERS } from '../../../src/team/inbox-filters';

interface Sent {
  url: string;
  method: string;
  body: unknown;
  headers: Record<string, string>;
}

/** A fetch that records each request and answers with the next of `answers`. */
function recording(...answers: Array<() => Response>): { fetch: Fetch; sent: Sent[] } {
  const sent: Sent[] = [];
  const fetch: Fetch = (url, init) => {
    sent.push({
      url,
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: (init?.headers ?? {}) as Record<string, string>,
    });
    const next = answers.shift();
    return next ? Promise.resolve(next()) : Promise.reject(new TypeError('Failed to fetch'));
  };
  return { fetch, sent };
}

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}) =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

const ITEM = {
  id: 'a1',
  reference: 'K7QM-4XTR',
  name: 'Ana',
  email: 'ana@example.com',
  handle: '@ana',
  language: 'en',
  receivedAt: '2026-03-01T10:00:00Z',
  updatedAt: '2026-03-01T10:00:00Z',
  status: 'received',
};
const COUNTS = { all: 3, received: 1, 'in-review': 1, accepted: 1, declined: 0 };

describe('the team API client', () => {
  it('reads the session, and a 401 as signed out with whether single sign-on is offered', async () => {
    const { fetch } = recording(json(200, { email: 'r@example.com', role: 'reviewer', oidc: false }), json(401, { error: 'signed-out', oidc: true }));
    const api = createTeamApi(fetch);
    expect(await api.session()).toEqual({ ok: true, value: { email: 'r@example.com', role: 'reviewer', oidc: false } });
    expect(await api.session()).toEqual({ ok: false, failure: { kind: 'signed-out', oidc: true } });
  });

  it('sends JSON with its method and reads a 202 as done, with nothing to read', async () => {
    const { fetch, sent } = recording(json(202, { sent: true }));
    expect(await createTeamApi(fetch).requestLink('a@example.com')).toEqual({ ok: true, value: null });
    expect(sent[0]).toMatchObject({
      url: '/team/api/sign-in',
      method: 'POST',
      body: { email: 'a@example.com' },
      headers: { 'Content-Type': 'application/json' },
    });
  });

  it('reads a used link, a rate limit with its wait, and a network failure', async () => {
    const { fetch } = recording(json(400, { error: 'link-not-valid' }), json(429, { error: 'too-many' }, { 'Retry-After': '120' }));
    const api = createTeamApi(fetch);
    expect(await api.signIn('t'.repeat(30))).toEqual({ ok: false, failure: { kind: 'link-not-valid' } });
    expect(await api.requestLink('a@example.com')).toEqual({ ok: false, failure: { kind: 'too-many', retryAfterSeconds: 120 } });
    expect(await api.session()).toEqual({ ok: false, failure: { kind: 'network' } });
  });

  it('pages the inbox with its filters and cursor, and validates the page', async () => {
    const { fetch, sent } = recording(
      json(200, { counts: COUNTS, items: [ITEM], next: 'cursor-2' }),
      json(200, { counts: COUNTS, items: [{ ...ITEM, status: 'archived' }], next: null }),
    );
    const api = createTeamApi(fetch);
    const page = await api.applications({ ...NO_FILTERS, q: 'ana' }, 'cursor-1');
    expect(page.ok && page.value.items[0]?.name).toBe('Ana');
    expect(sent[0]?.url).toBe('/team/api/applications?q=ana&after=cursor-1');
    // A status this page does not know is an answer it cannot read, not one drawn half-way.
    expect(await api.applications(NO_FILTERS)).toEqual({ ok: false, failure: { kind: 'unreadable', status: 200 } });
  });

  it('reads a decision decided meanwhile with the new standing and history', async () => {
    const status = { status: 'accepted', changedAt: '2026-03-02T10:00:00Z', seq: 7 };
    const history = [{ seq: 7, status: 'accepted', message: null, changedAt: '2026-03-02T10:00:00Z', changedBy: 'b@example.com' }];
    const { fetch, sent } = recording(json(409, { error: 'decided-meanwhile', status, history }));
    const outcome = await createTeamApi(fetch).decide('a1', { status: 'declined', message: 'Sorry', after: 6 });
    expect(outcome).toEqual({ ok: false, failure: { kind: 'decided-meanwhile', answer: { status, history } } });
    expect(sent[0]).toMatchObject({ url: '/team/api/applications/a1/decision', method: 'POST', body: { status: 'declined', message: 'Sorry', after: 6 } });
  });

  it('names the refusals of the contract: role, origin, last admin, already a member, not found', async () => {
    const { fetch, sent } = recording(
      json(403, { error: 'forbidden-role' }),
      json(403, { error: 'forbidden-origin' }),
      json(409, { error: 'last-admin' }),
      json(409, { error: 'already-member' }),
      () => new Response('Not found', { status: 404 }),
      json(400, { error: 'invalid-role' }),
      () => new Response('', { status: 502 }),
    );
    const api = createTeamApi(fetch);
    expect(await api.addNote('a1', 'hi')).toEqual({ ok: false, failure: { kind: 'forbidden-role' } });
    expect(await api.changeRole('x@example.com', 'viewer')).toEqual({ ok: false, failure: { kind: 'forbidden-origin' } });
    expect(await api.removeMember('admin@example.com')).toEqual({ ok: false, failure: { kind: 'last-admin' } });
    expect(await api.addMember('x@example.com', 'viewer')).toEqual({ ok: false, failure: { kind: 'already-member' } });
    expect(await api.application('gone')).toEqual({ ok: false, failure: { kind: 'not-found' } });
    expect(await api.changeRole('x@example.com', 'viewer')).toEqual({ ok: false, failure: { kind: 'invalid', error: 'invalid-role' } });
    expect(await api.audit()).toEqual({ ok: false, failure: { kind: 'server', status: 502 } });
    expect(sent.map((request) => `${request.method} ${request.url}`)).toEqual([
      'POST /team/api/applications/a1/notes',
      'PATCH /team/api/members/x%40example.com',
      'DELETE /team/api/members/admin%40example.com',
      'POST /team/api/members',
      'GET /team/api/applications/gone',
      'PATCH /team/api/members/x%40example.com',
      'GET /team/api/audit?limit=50',
    ]);
  });

  it('reads members, a 204 and an audit page whose seq is a string', async () => {
    const { fetch } = recording(
      json(200, { members: [{ email: 'a@example.com', role: 'admin', addedAt: '2026-01-01T00:00:00Z' }] }),
      () => new Response(null, { status: 204 }),
      json(200, { entries: [{ seq: '41', at: '2026-03-01T10:00:00Z', actor: 'a@example.com', action: 'view', applicationId: 'a1', detail: {} }], next: '40' }),
    );
    const api = createTeamApi(fetch);
    expect(await api.members()).toEqual({ ok: true, value: [{ email: 'a@example.com', role: 'admin', addedAt: '2026-01-01T00:00:00Z' }] });
    expect(await api.signOut()).toEqual({ ok: true, value: null });
    const audit = await api.audit();
    expect(audit.ok && audit.value.next).toBe('40');
  });
});
