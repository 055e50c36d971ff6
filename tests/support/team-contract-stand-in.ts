// A CONTRACT STAND-IN, not the server: an in-memory answer to the team API as the team contract
// writes it (status codes, bodies, roles, the decision's `after`, keyset pages), so the team app's
// component tests (tests/component/team/) and the screens spec (tests/e2e/team-page.spec.ts) run
// against an HTTP surface (Request in, Response out) without the server rooms,
// which are built apart. The real endpoints have their own tests; this one only says the contract.
import type { Fetch } from '../../src/team/team-api';

type Role = 'viewer' | 'reviewer' | 'admin';
type Status = 'received' | 'in-review' | 'accepted' | 'declined';

export interface StoredApplication {
  id: string;
  reference: string;
  name: string;
  email: string;
  handle: string;
  language: string;
  receivedAt: string;
  history: Array<{ seq: number; status: Status; message: string | null; changedAt: string; changedBy: string }>;
  notes: Array<{ seq: number; author: string; body: string; createdAt: string }>;
  answers: Array<{ section: string | null; label: string; value: string }>;
  files: Array<{ uploadId: string; field: string; label: string; name: string; type: string; size: number; width: number | null; height: number | null }>;
}

const RANK: Record<Role, number> = { viewer: 0, reviewer: 1, admin: 2 };

/** An application received on a day of March 2026 (day 1..31), with one revision and a photo and a document. */
export function storedApplication(n: number, overrides: Partial<StoredApplication> = {}): StoredApplication {
  const day = String(((n - 1) % 28) + 1).padStart(2, '0');
  return {
    id: `app_${String(n).padStart(3, '0')}`,
    reference: `K7QM-${String(n).padStart(4, '2')}`,
    name: `Creator ${String(n)}`,
    email: `creator${String(n)}@example.com`,
    handle: `@creator${String(n)}`,
    language: n % 2 === 0 ? 'fr' : 'en',
    receivedAt: `2026-03-${day}T10:00:00.000Z`,
    history: [{ seq: n * 10, status: 'received', message: null, changedAt: `2026-03-${day}T10:00:00.000Z`, changedBy: 'receiver' }],
    notes: [],
    answers: [
      { section: 'About you', label: 'Your name', value: `Creator ${String(n)}` },
      { section: 'Your channels', label: 'Main handle', value: `@creator${String(n)}` },
      { section: 'About you', label: 'Country', value: 'Portugal' },
    ],
    files: [
      { uploadId: 'up1', field: 'room', label: 'A photo of your room', name: 'room.jpg', type: 'image/jpeg', size: 240_000, width: 800, height: 600 },
      { uploadId: 'up2', field: 'kit', label: 'Media kit', name: 'kit.pdf', type: 'application/pdf', size: 1_200_000, width: null, height: null },
    ],
    ...overrides,
  };
}

export function contractStandIn({
  applications = [] as StoredApplication[],
  signedInAs = null as { email: string; role: Role } | null,
  oidc = false,
  pageSize = 50,
} = {}) {
  const members = new Map<string, { role: Role; addedAt: string }>([
    ['admin@example.com', { role: 'admin', addedAt: '2026-01-01T00:00:00.000Z' }],
    ['reviewer@example.com', { role: 'reviewer', addedAt: '2026-01-02T00:00:00.000Z' }],
    ['viewer@example.com', { role: 'viewer', addedAt: '2026-01-03T00:00:00.000Z' }],
  ]);
  if (signedInAs) members.set(signedInAs.email, { role: signedInAs.role, addedAt: '2026-01-04T00:00:00.000Z' });
  const state = {
    session: signedInAs?.email ?? null,
    links: new Map<string, string>(),
    applications,
    requests: [] as string[],
    audit: [] as Array<{ seq: number; at: string; actor: string; action: string; applicationId: string | null; detail: object }>,
    seq: 1000,
  };

  const answer = (status: number, body?: unknown, headers: Record<string, string> = {}) =>
    new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Cache-Control': 'no-store', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
    });
  const latest = (stored: StoredApplication) => stored.history[stored.history.length - 1]!;
  const standing = (stored: StoredApplication) => ({ status: latest(stored).status, changedAt: latest(stored).changedAt, seq: latest(stored).seq });
  const record = (action: string, applicationId: string | null = null) => {
    state.audit.unshift({ seq: ++state.seq, at: '2026-03-30T12:00:00.000Z', actor: state.session ?? 'unknown', action, applicationId, detail: {} });
  };

  function guard(role: Role): Response | { email: string; role: Role } {
    const member = state.session ? members.get(state.session) : undefined;
    if (!state.session || !member) return answer(401, { error: 'signed-out', oidc });
    if (RANK[member.role] < RANK[role]) return answer(403, { error: 'forbidden-role' });
    return { email: state.session, role: member.role };
  }

  function list(params: URLSearchParams): Response {
    const q = params.get('q')?.toLowerCase() ?? '';
    const matching = state.applications
      .filter((one) => !q || [one.name, one.email, one.handle].some((value) => value.toLowerCase().includes(q)))
      .filter((one) => !params.get('language') || one.language === params.get('language'))
      .filter((one) => !params.get('from') || one.receivedAt.slice(0, 10) >= params.get('from')!)
      .filter((one) => !params.get('to') || one.receivedAt.slice(0, 10) <= params.get('to')!)
      .sort((a, b) => b.receivedAt.localeCompare(a.receivedAt) || b.id.localeCompare(a.id));
    const counts = { all: matching.length, received: 0, 'in-review': 0, accepted: 0, declined: 0 };
    for (const one of matching) counts[latest(one).status] += 1;
    const filtered = matching.filter((one) => !params.get('status') || latest(one).status === params.get('status'));
    const start = params.get('after') ? filtered.findIndex((one) => one.id === params.get('after')) + 1 : 0;
    const page = filtered.slice(start, start + pageSize);
    const items = page.map((one) => ({
      id: one.id,
      reference: one.reference,
      name: one.name,
      email: one.email,
      handle: one.handle,
      language: one.language,
      receivedAt: one.receivedAt,
      updatedAt: latest(one).changedAt,
      status: latest(one).status,
    }));
    return answer(200, { counts, items, next: start + pageSize < filtered.length ? page[page.length - 1]!.id : null });
  }

  function detail(stored: StoredApplication) {
    return {
      id: stored.id,
      reference: stored.reference,
      language: stored.language,
      receivedAt: stored.receivedAt,
      updatedAt: latest(stored).changedAt,
      status: standing(stored),
      history: stored.history,
      programme: { title: 'Creator partnership', digest: 'd1' },
      revisions: [{ seq: 1, receivedAt: stored.receivedAt, clientRevision: 1, answers: stored.answers }],
      files: stored.files.map((file) => ({ ...file, url: `/team/api/applications/${stored.id}/files/${file.uploadId}` })),
      notes: stored.notes,
    };
  }

  function route(method: string, url: URL, body: Record<string, unknown>): Response {
    const path = url.pathname;
    if (path === '/team/api/session' && method === 'GET') {
      const member = state.session ? members.get(state.session) : undefined;
      return member && state.session ? answer(200, { email: state.session, role: member.role, oidc }) : answer(401, { error: 'signed-out', oidc });
    }
    if (path === '/team/api/sign-in' && method === 'POST') {
      if (typeof body.email !== 'string' || !/^[^\s@]+@[^\s@]+$/.test(body.email)) return answer(400, { error: 'invalid-email' });
      return answer(202, { sent: true });
    }
    if (path === '/team/api/session' && method === 'POST') {
      const email = typeof body.token === 'string' ? state.links.get(body.token) : undefined;
      if (!email || typeof body.token !== 'string') return answer(400, { error: 'link-not-valid' });
      state.links.delete(body.token);
      state.session = email;
      record('sign-in');
      return answer(201, { email, role: members.get(email)!.role });
    }
    if (path === '/team/api/session' && method === 'DELETE') {
      state.session = null;
      return answer(204);
    }
    const applicationPath = /^\/team\/api\/applications\/([^/]+)(?:\/(notes|decision))?$/.exec(path);
    if (path === '/team/api/applications' && method === 'GET') {
      const who = guard('viewer');
      return who instanceof Response ? who : list(url.searchParams);
    }
    if (applicationPath) {
      const [, id, part] = applicationPath;
      const who = guard(part ? 'reviewer' : 'viewer');
      if (who instanceof Response) return who;
      const stored = state.applications.find((one) => one.id === decodeURIComponent(id!));
      if (!stored) return answer(404, { error: 'not-found' });
      if (!part) {
        record('view', stored.id);
        return answer(200, detail(stored));
      }
      if (part === 'notes') {
        const note = { seq: ++state.seq, author: who.email, body: String(body.body), createdAt: '2026-03-30T12:00:00.000Z' };
        stored.notes.push(note);
        return answer(201, note);
      }
      if (body.after !== latest(stored).seq) return answer(409, { error: 'decided-meanwhile', status: standing(stored), history: stored.history });
      stored.history.push({
        seq: ++state.seq,
        status: body.status as Status,
        message: typeof body.message === 'string' ? body.message : null,
        changedAt: '2026-03-30T12:00:00.000Z',
        changedBy: who.email,
      });
      return answer(200, { status: standing(stored), history: stored.history });
    }
    if (path.startsWith('/team/api/members')) {
      const who = guard('admin');
      if (who instanceof Response) return who;
      const email = decodeURIComponent(path.slice('/team/api/members/'.length));
      const admins = [...members.values()].filter((member) => member.role === 'admin').length;
      if (method === 'GET') return answer(200, { members: [...members].map(([address, member]) => ({ email: address, ...member })) });
      if (method === 'POST') {
        if (members.has(String(body.email))) return answer(409, { error: 'already-member' });
        members.set(String(body.email), { role: body.role as Role, addedAt: '2026-03-30T12:00:00.000Z' });
        return answer(201, { email: body.email, role: body.role });
      }
      const member = members.get(email);
      if (!member) return answer(404, { error: 'not-found' });
      if (member.role === 'admin' && admins === 1 && (method === 'DELETE' || body.role !== 'admin')) return answer(409, { error: 'last-admin' });
      if (method === 'DELETE') members.delete(email);
      else member.role = body.role as Role;
      return method === 'DELETE' ? answer(204) : answer(200, { email, role: member.role });
    }
    if (path === '/team/api/audit') {
      const who = guard('admin');
      if (who instanceof Response) return who;
      const before = Number(url.searchParams.get('before') ?? Infinity);
      const entries = state.audit.filter((entry) => entry.seq < before).slice(0, Number(url.searchParams.get('limit') ?? 50));
      return answer(200, {
        entries,
        next: entries.length > 0 && state.audit.some((entry) => entry.seq < entries[entries.length - 1]!.seq) ? entries[entries.length - 1]!.seq : null,
      });
    }
    return answer(404, { error: 'not-found' });
  }

  const fetch: Fetch = (input, init) => {
    const method = init?.method ?? 'GET';
    const url = new URL(input, 'http://team.example');
    state.requests.push(`${method} ${url.pathname}${url.search}`);
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
    return Promise.resolve(route(method, url, body));
  };

  return {
    fetch,
    state,
    /** A sign-in link mailed to a member: its token. */
    mailLink(email: string, token = 'T0ken-for-the-team-inbox-0123456789') {
      state.links.set(token, email);
      return token;
    },
    /** Another reviewer decides in another tab, on the server. */
    decideElsewhere(id: string, status: Status, by = 'other@example.com') {
      const stored = state.applications.find((one) => one.id === id)!;
      stored.history.push({ seq: ++state.seq, status, message: null, changedAt: '2026-03-30T11:00:00.000Z', changedBy: by });
    },
    /** The session ends on the server (idle, removed, signed out elsewhere). */
    endSession() {
      state.session = null;
    },
  };
}
