// @vitest-environment node
// GET /team/api/applications/<id> and its files, behind the TEST GUARD: each revision's answers
// labelled as the programme in force when it was sent asked them (by the digest the receiver
// stored; by the span of the programmes table for a revision stored before digests; else the
// current one), in the application's language; an edit of the programme afterwards changes no
// label already given; files with their field's label, served with the contract's headers, only
// to the application they are bound to; a view is audited once in ten minutes.
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoundFile } from '../../../../server/applications/applications-table.mjs';
import { openStore } from '../../../../server/store/open-store.mjs';
import type { Store } from '../../../../server/store/store-types.mjs';
import { preparedDataDir } from '../../../support/prepared-data-dir';
import { recordProgramme, startInbox, storeApplication, unique } from '../../../support/inbox-server';

type Answer = { section: string | null; label: string; value: string };
type Detail = {
  id: string;
  language: string;
  status: { status: string; seq: number };
  history: unknown[];
  programme: { title: string; digest: string };
  revisions: Array<{ seq: number; clientRevision: number; answers: Answer[] }>;
  files: Array<{ uploadId: string; field: string; label: string; name: string; type: string; url: string }>;
  notes: unknown[];
};

function programme(labels: { firstName: Record<string, string> | string; pronouns: string; title: string }) {
  return {
    lang: 'en',
    languages: ['en', 'fr'],
    title: 'Apply',
    programmeTitle: { en: labels.title, fr: `${labels.title} (fr)` },
    steps: [
      {
        name: 'Details',
        blocks: [
          {
            component: 'FormSection',
            data: {
              title: { en: 'About you', fr: 'À propos de vous' },
              fields: [
                { kind: 'text', path: 'personalInfo.firstName', label: labels.firstName },
                { kind: 'select', path: 'fields.single.pronouns', label: labels.pronouns, options: [{ name: 'She / her', value: 'She/her' }] },
                {
                  kind: 'select',
                  multiple: true,
                  path: 'fields.single.windowTreatments',
                  label: 'Window treatments',
                  options: [
                    { name: 'Roller shades', value: 'Shades' },
                    { name: 'Wood shutters', value: 'Shutters' },
                  ],
                },
                { kind: 'yesNo', path: 'fields.single.children', label: 'Children at home?', explanationLabel: 'How old are they?' },
                { kind: 'platforms', label: 'Platforms' },
                { kind: 'file', path: 'fields.single.roomPhotos', label: 'Photos of your rooms', accept: ['image/*'], maxFiles: 5, maxBytes: 1000000 },
                { kind: 'file', path: 'fields.single.mediaKit', label: 'Media kit', accept: ['application/pdf'], maxFiles: 1, maxBytes: 1000000 },
              ],
            },
          },
        ],
      },
    ],
  };
}

const fields = [
  { key: 'pronouns', value: 'She/her' },
  { key: 'windowTreatments', value: 'Shades, Shutters' },
  { key: 'children.value', value: 'Yes' },
  { key: 'children.explanation', value: 'Two, aged 4 and 7' },
  { key: 'niche', value: 'Home décor' },
];

let store: Store;
let inbox: Awaited<ReturnType<typeof startInbox>>;
let before: { digest: string; text: string };
let after: { digest: string; text: string };
let current: { digest: string; text: string };
const t0 = new Date('2025-01-01T00:00:00Z');
const t1 = new Date('2025-06-01T00:00:00Z');

beforeAll(async () => {
  store = await openStore({ dataDir: await preparedDataDir('inbox-detail-') });
  before = await recordProgramme(store, programme({ firstName: { en: 'First name', fr: 'Prénom' }, pronouns: 'Pronouns', title: 'Creators 2025' }), t0, t1);
  after = await recordProgramme(store, programme({ firstName: 'Given name', pronouns: 'Your pronouns', title: 'Creators 2026' }), t1);
  current = after;
  inbox = await startInbox(store, { current: () => current });
});
afterAll(async () => {
  await inbox.close();
  await store.close();
});

async function detail(id: string): Promise<Detail> {
  const response = await inbox.as('ada.viewer@team.example', `/team/api/applications/${encodeURIComponent(id)}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Detail;
}

async function bound(field: string, name: string, type: string, bytes: Buffer): Promise<BoundFile> {
  const uploadId = createHash('md5').update(unique('upload')).digest('hex');
  await writeFile(join(inbox.uploadsFolder, uploadId), bytes);
  return { uploadId, field, name, type, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'), width: null, height: null };
}

describe('an application as the team reads it', () => {
  it("labels each answer as the programme that judged it asked, in the application's language, even after an edit", async () => {
    const id = await storeApplication(store, {
      digest: before.digest,
      language: 'fr',
      firstName: 'Émile',
      fields,
      receivedAt: new Date('2025-03-01T00:00:00Z'),
    });
    const read = await detail(id);
    expect(read.programme).toEqual({ title: 'Creators 2025 (fr)', digest: before.digest });
    const answers = read.revisions[0]?.answers ?? [];
    expect(answers).toContainEqual({ section: 'À propos de vous', label: 'Prénom', value: 'Émile' });
    expect(answers).toContainEqual({ section: 'À propos de vous', label: 'Pronouns', value: 'She / her' });
    expect(answers).toContainEqual({ section: 'À propos de vous', label: 'Window treatments', value: 'Roller shades, Wood shutters' });
    expect(answers).toContainEqual({ section: 'À propos de vous', label: 'Children at home?', value: 'Yes' });
    expect(answers).toContainEqual({ section: 'À propos de vous', label: 'How old are they?', value: 'Two, aged 4 and 7' });
    expect(answers).toContainEqual({ section: 'À propos de vous', label: 'Platforms: Instagram', value: 'ada.at.home (12000 followers)' });
    // An answer the programme does not ask is still shown, under its key.
    expect(answers).toContainEqual({ section: null, label: 'niche', value: 'Home décor' });
    // A new revision sent under the edited programme reads with its labels; the first keeps its own.
    await storeApplication(store, { applicationId: id, revision: 2, digest: after.digest, language: 'en', firstName: 'Emile', fields });
    const again = await detail(id);
    expect(again.revisions.map((revision) => revision.clientRevision)).toEqual([2, 1]);
    expect(again.revisions[0]?.answers).toContainEqual({ section: 'About you', label: 'Given name', value: 'Emile' });
    expect(again.revisions[0]?.answers).toContainEqual({ section: 'About you', label: 'Your pronouns', value: 'She / her' });
    expect(again.revisions[1]?.answers).toContainEqual({ section: 'À propos de vous', label: 'Prénom', value: 'Émile' });
    expect(again.programme.digest).toBe(after.digest);
  });

  it('reads a revision stored without a digest with the programme in force when it arrived, else the current one', async () => {
    const inSpan = await storeApplication(store, { digest: null, language: 'en', receivedAt: new Date('2025-02-01T00:00:00Z') });
    expect((await detail(inSpan)).revisions[0]?.answers).toContainEqual({ section: 'About you', label: 'First name', value: 'Ada' });
    const beforeAll = await storeApplication(store, { digest: null, language: 'en', receivedAt: new Date('2024-01-01T00:00:00Z') });
    expect((await detail(beforeAll)).revisions[0]?.answers).toContainEqual({ section: 'About you', label: 'Given name', value: 'Ada' });
  });

  it('gives the status, its history and the view to the audit log once in ten minutes', async () => {
    const id = await storeApplication(store, { digest: after.digest });
    const read = await detail(id);
    expect(read.status).toMatchObject({ status: 'received' });
    expect(read.history).toHaveLength(1);
    expect(read.notes).toEqual([]);
    await detail(id);
    const { rows } = await store.query("SELECT actor FROM audit_log WHERE action = 'view' AND application_id = $1", [id]);
    expect(rows).toEqual([{ actor: 'ada.viewer@team.example' }]);
    expect((await inbox.as('ada.viewer@team.example', '/team/api/applications/no-such-application')).status).toBe(404);
  });

  it("serves a file bound to the application with the contract's headers, and no other application's", async () => {
    const photo = await bound('roomPhotos', 'living\u202Eroom"/../x.jpg', 'image/jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]));
    const kit = await bound('mediaKit', 'média kit.pdf', 'application/pdf', Buffer.from('%PDF-1.7\n<script>alert(1)</script>'));
    const id = await storeApplication(store, { digest: after.digest, files: [photo, kit] });
    const other = await storeApplication(store, { digest: after.digest });
    const read = await detail(id);
    expect(read.files.map(({ field, label, type }) => ({ field, label, type }))).toEqual([
      { field: 'roomPhotos', label: 'Photos of your rooms', type: 'image/jpeg' },
      { field: 'mediaKit', label: 'Media kit', type: 'application/pdf' },
    ]);
    const image = await inbox.as('ada.viewer@team.example', read.files[0]?.url ?? '');
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer())).toEqual(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]));
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect(image.headers.get('content-disposition')).toBe(`inline; filename="living_room__.._x.jpg"; filename*=UTF-8''living_room__.._x.jpg`);
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(image.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(image.headers.get('cache-control')).toBe('private, no-store');
    const pdf = await inbox.as('ada.viewer@team.example', read.files[1]?.url ?? '');
    expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="m_dia kit.pdf"; filename*=UTF-8''m%C3%A9dia%20kit.pdf`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(await pdf.text()).toContain('%PDF-1.7');
    // The same upload asked under another application, an id that is no upload's, signed out.
    expect((await inbox.as('ada.viewer@team.example', `/team/api/applications/${other}/files/${photo.uploadId}`)).status).toBe(404);
    expect((await inbox.as('ada.viewer@team.example', `/team/api/applications/${id}/files/..%2F..%2Fetc`)).status).toBe(404);
    expect((await inbox.as(null, read.files[0]?.url ?? '')).status).toBe(401);
    // The upload's id owns the upload: no log line names it.
    await expect.poll(() => inbox.loggedPaths.filter((path) => path.endsWith('/files/(id)')).length).toBeGreaterThanOrEqual(5);
    expect(inbox.loggedPaths.filter((path) => path.includes(photo.uploadId) || path.includes(kit.uploadId))).toEqual([]);
  });
});
