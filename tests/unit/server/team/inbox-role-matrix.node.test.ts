// @vitest-environment node
// The inbox's endpoints, each asked by someone signed out, a viewer, a reviewer and an admin,
// through the team's REAL guard on a receiver started as `npm start` starts it, with members
// signed in through their e-mailed links: a viewer reads, a reviewer and an admin also note,
// decide and export; a refusal writes no note, no status and no audit row. A note or a decision
// from another site or without Origin changes nothing, even for an admin; a member removed or
// demoted loses what they had at their very next request, with the cookie they already hold.
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoundFile } from '../../../../server/applications/applications-table.mjs';
import { addMember } from '../../../../server/team/team-members.mjs';
import { createAudit } from '../../../../server/team/team-audit.mjs';
import { storeApplication, unique } from '../../../support/inbox-server';
import { startTeamReceiver, type TeamReceiver } from '../../../support/team-receiver';

type Role = 'viewer' | 'reviewer' | 'admin';
const ROLES = ['viewer', 'reviewer', 'admin'] as const;
const WHO = ['signed out', ...ROLES] as const;
type Who = (typeof WHO)[number];

let team: TeamReceiver;
const cookies: Record<Who, string | null> = { 'signed out': null, viewer: null, reviewer: null, admin: null };
/** An application with a photo bound to it, that every read asks for. */
let shared: { id: string; uploadId: string };
const PHOTO = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);

async function member(email: string, role: Role) {
  const { store } = team.receiver;
  await addMember({ store, audit: createAudit(store, () => new Date()), now: () => new Date() }, { actor: 'test', email, role });
}

async function application(files: BoundFile[] = []) {
  return storeApplication(team.receiver.store, { digest: team.receiver.programme.digest, files });
}

async function photo(): Promise<BoundFile> {
  const folder = team.receiver.uploadsFolder;
  if (!folder) throw new Error('the receiver keeps no files');
  const uploadId = createHash('md5').update(unique('upload')).digest('hex');
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, uploadId), PHOTO);
  return {
    uploadId,
    field: 'roomPhotos',
    name: 'living room.jpg',
    type: 'image/jpeg',
    size: PHOTO.length,
    sha256: createHash('sha256').update(PHOTO).digest('hex'),
    width: null,
    height: null,
  };
}

/** The history seq a reviewer saw last: 0 while the application has no status row. */
async function latestSeq(id: string): Promise<number> {
  const { rows } = await team.receiver.store.query('SELECT COALESCE(max(seq), 0)::int AS seq FROM application_statuses WHERE application_id = $1', [id]);
  return Number(rows[0]?.seq);
}

/** What an inbox request may write: notes, status rows, audit rows (the newest seq). */
async function tally() {
  const { rows } = await team.receiver.store.query(`SELECT
    (SELECT count(*) FROM team_notes)::int AS notes,
    (SELECT count(*) FROM application_statuses)::int AS statuses,
    (SELECT COALESCE(max(seq), 0) FROM audit_log)::int AS audit`);
  const row = rows[0] ?? {};
  return { notes: Number(row.notes), statuses: Number(row.statuses), audit: Number(row.audit) };
}

async function auditSince(seq: number) {
  const { rows } = await team.receiver.store.query('SELECT actor, action, application_id FROM audit_log WHERE seq > $1 ORDER BY seq', [seq]);
  return rows.map((row) => ({
    actor: String(row.actor),
    action: String(row.action),
    applicationId: typeof row.application_id === 'string' ? row.application_id : null,
  }));
}

beforeAll(async () => {
  team = await startTeamReceiver();
  for (const role of ROLES) {
    await member(`${role}@example.com`, role);
    cookies[role] = await team.signIn(`${role}@example.com`);
  }
  const file = await photo();
  shared = { id: await application([file]), uploadId: file.uploadId };
}, 30_000);
afterAll(async () => {
  await team.stop();
});

type Target = { id: string; after: number };
type Endpoint = {
  name: string;
  /** An application of its own for a change, else the shared one. */
  prepare: () => Promise<Target>;
  request: (target: Target) => { method: string; path: string; body?: unknown };
  success: number;
  /** What a success adds: notes, status rows, and the audit actions it writes. */
  writes: { notes: number; statuses: number; audit: string[] };
  /** The lowest role it answers. */
  role: Role;
  /** Whether it changes something: the guard then asks for the site's own Origin. */
  changes: boolean;
};
const sharedTarget = () => Promise.resolve({ id: shared.id, after: 0 });
const freshTarget = async () => {
  const id = await application();
  return { id, after: await latestSeq(id) };
};
const ENDPOINTS: Endpoint[] = [
  {
    name: 'GET the list',
    changes: false,
    prepare: sharedTarget,
    request: () => ({ method: 'GET', path: '/team/api/applications' }),
    success: 200,
    writes: { notes: 0, statuses: 0, audit: [] },
    role: 'viewer',
  },
  // A fresh application each time: its first view is audited (later ones within ten minutes are not).
  {
    name: 'GET an application',
    changes: false,
    prepare: freshTarget,
    request: ({ id }) => ({ method: 'GET', path: `/team/api/applications/${id}` }),
    success: 200,
    writes: { notes: 0, statuses: 0, audit: ['view'] },
    role: 'viewer',
  },
  {
    name: 'GET a file',
    changes: false,
    prepare: sharedTarget,
    request: ({ id }) => ({ method: 'GET', path: `/team/api/applications/${id}/files/${shared.uploadId}` }),
    success: 200,
    writes: { notes: 0, statuses: 0, audit: [] },
    role: 'viewer',
  },
  {
    name: 'POST a note',
    changes: true,
    prepare: sharedTarget,
    request: ({ id }) => ({ method: 'POST', path: `/team/api/applications/${id}/notes`, body: { body: 'Lovely light in the living room.' } }),
    success: 201,
    writes: { notes: 1, statuses: 0, audit: ['note'] },
    role: 'reviewer',
  },
  {
    name: 'POST a decision',
    changes: true,
    prepare: freshTarget,
    request: ({ id, after }) => ({ method: 'POST', path: `/team/api/applications/${id}/decision`, body: { status: 'in-review', after } }),
    success: 200,
    writes: { notes: 0, statuses: 1, audit: ['decision'] },
    role: 'reviewer',
  },
  {
    name: 'GET the export',
    changes: false,
    prepare: sharedTarget,
    request: () => ({ method: 'GET', path: '/team/api/export' }),
    success: 200,
    writes: { notes: 0, statuses: 0, audit: ['export'] },
    role: 'reviewer',
  },
];
const RANK: Record<Role, number> = { viewer: 0, reviewer: 1, admin: 2 };

/** The contract's answer: 401 signed out, 403 below the endpoint's role, else its success. */
function expected(endpoint: Endpoint, who: Who): number {
  if (who === 'signed out') return 401;
  return RANK[who] < RANK[endpoint.role] ? 403 : endpoint.success;
}

describe('the inbox role matrix, through the real guard', () => {
  it('asks the receiver for what the matrix expects: viewers read, reviewers and admins also change and export', () => {
    expect(Object.fromEntries(ENDPOINTS.map((endpoint) => [endpoint.name, WHO.map((who) => expected(endpoint, who))]))).toEqual({
      'GET the list': [401, 200, 200, 200],
      'GET an application': [401, 200, 200, 200],
      'GET a file': [401, 200, 200, 200],
      'POST a note': [401, 403, 201, 201],
      'POST a decision': [401, 403, 200, 200],
      'GET the export': [401, 403, 200, 200],
    });
  });

  const cases = ENDPOINTS.flatMap((endpoint) => WHO.map((who) => ({ endpoint, who, label: `${endpoint.name} as ${who}` })));
  it.each(cases)('$label', async ({ endpoint, who }) => {
    const target = await endpoint.prepare();
    const before = await tally();
    const { method, path, body } = endpoint.request(target);
    const answer = await team.call(method, path, { cookie: cookies[who], body });
    const status = expected(endpoint, who);
    expect(answer.status).toBe(status);
    if (status === 401) expect(answer.json).toEqual({ error: 'signed-out' });
    if (status === 403) expect(answer.json).toEqual({ error: 'forbidden-role' });
    if (status >= 400) {
      expect(await tally()).toEqual(before);
      return;
    }
    const after = await tally();
    expect({ notes: after.notes - before.notes, statuses: after.statuses - before.statuses }).toEqual({
      notes: endpoint.writes.notes,
      statuses: endpoint.writes.statuses,
    });
    // Each audit row names who did it and, but for an export, the application.
    expect((await auditSince(before.audit)).map((row) => [row.actor, row.action, row.applicationId])).toEqual(
      endpoint.writes.audit.map((action) => [`${who}@example.com`, action, action === 'export' ? null : target.id]),
    );
    if (endpoint.name === 'GET a file') {
      expect(answer.headers['content-type']).toBe('image/jpeg');
      // The answer's text is decoded as UTF-8, the same lossy way for both.
      expect([answer.headers['content-length'], answer.text]).toEqual([String(PHOTO.length), PHOTO.toString('utf8')]);
    }
    if (endpoint.name === 'GET the export') expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    if (endpoint.name === 'POST a decision') expect(answer.json).toMatchObject({ status: { status: 'in-review' } });
  });

  it.each(ENDPOINTS.filter((endpoint) => endpoint.changes))(
    '$name from another site or without Origin changes nothing, even for an admin',
    async (endpoint) => {
      const target = await endpoint.prepare();
      const before = await tally();
      for (const origin of ['https://evil.example', null, 'null', `${team.origin}.evil.example`]) {
        const { method, path, body } = endpoint.request(target);
        expect(await team.call(method, path, { cookie: cookies.admin, body, origin })).toMatchObject({ status: 403, json: { error: 'forbidden-origin' } });
      }
      expect(await tally()).toEqual(before);
      // The same request from the site itself is taken: the refusals were the Origin's.
      const { method, path, body } = endpoint.request(target);
      expect((await team.call(method, path, { cookie: cookies.admin, body })).status).toBe(endpoint.success);
    },
  );
});

describe('a change of membership applies at the next request', () => {
  it('a removed member is signed out at once, with the cookie they hold', async () => {
    const email = `${unique('gone')}@example.com`;
    await member(email, 'reviewer');
    const cookie = await team.signIn(email);
    expect((await team.call('GET', '/team/api/applications', { cookie })).status).toBe(200);
    expect((await team.call('DELETE', `/team/api/members/${encodeURIComponent(email)}`, { cookie: cookies.admin })).status).toBe(204);
    const before = await tally();
    expect(await team.call('GET', '/team/api/applications', { cookie })).toMatchObject({ status: 401, json: { error: 'signed-out' } });
    expect(await team.call('POST', `/team/api/applications/${shared.id}/notes`, { cookie, body: { body: 'Still here?' } })).toMatchObject({
      status: 401,
      json: { error: 'signed-out' },
    });
    expect(await tally()).toEqual(before);
  });

  it('a reviewer demoted to viewer may no longer decide, at once, and still reads', async () => {
    const email = `${unique('demoted')}@example.com`;
    await member(email, 'reviewer');
    const cookie = await team.signIn(email);
    const { id, after } = await freshTarget();
    expect((await team.call('PATCH', `/team/api/members/${encodeURIComponent(email)}`, { cookie: cookies.admin, body: { role: 'viewer' } })).status).toBe(200);
    const before = await tally();
    expect(await team.call('POST', `/team/api/applications/${id}/decision`, { cookie, body: { status: 'accepted', after } })).toMatchObject({
      status: 403,
      json: { error: 'forbidden-role' },
    });
    expect(await tally()).toEqual(before);
    expect(await latestSeq(id)).toBe(after);
    expect((await team.call('GET', '/team/api/applications', { cookie })).status).toBe(200);
  });
});
