// @vitest-environment node
// What a reviewer changes from the inbox, behind the TEST GUARD, on both stores: two decisions
// made at once on one reading (one 200, one 409 decided-meanwhile with the current standing, one
// new history row); a decision's limits; notes; the export of the filtered list with its status
// column and a formula defused; a viewer's decision refused (403) with nothing written; a change
// without the site's Origin refused (403) with nothing written.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../../../server/store/open-store.mjs';
import type { Store } from '../../../../server/store/store-types.mjs';
import { freshPostgresDatabase } from '../../../support/local-postgres.mjs';
import { preparedDataDir } from '../../../support/prepared-data-dir';
import { startInbox, storeApplication } from '../../../support/inbox-server';

const postgres = await freshPostgresDatabase();
if ('reason' in postgres) process.stderr.write(`Skipping the inbox's PostgreSQL tests: ${postgres.reason}.\n`);
afterAll(async () => {
  if (!('reason' in postgres)) await postgres.stop();
});

const stores = [
  { name: 'embedded (PGlite)', databaseUrl: undefined, skip: false },
  { name: 'PostgreSQL', databaseUrl: 'url' in postgres ? postgres.url : undefined, skip: 'reason' in postgres },
];

type Standing = {
  error?: string;
  status: { status: string; seq: number };
  history: Array<{ seq: number; status: string; message: string | null; changedBy: string }>;
};

describe.each(stores)('changes on the $name store', ({ databaseUrl, skip }) => {
  let store: Store;
  let inbox: Awaited<ReturnType<typeof startInbox>>;
  beforeAll(async () => {
    if (skip) return;
    const dataDir = await (databaseUrl ? mkdtemp(join(tmpdir(), 'inbox-changes-')) : preparedDataDir('inbox-changes-'));
    store = await openStore({ databaseUrl, dataDir });
    inbox = await startInbox(store, { current: () => ({ digest: 'none', text: '{}' }), mail: true });
  });
  afterAll(async () => {
    if (skip) return;
    await inbox.close();
    await store.close();
  });

  const count = async (sql: string, params: unknown[]) => Number((await store.query(sql, params)).rows[0]?.count);

  it.skipIf(skip)('of two decisions at once on one reading, the second is told and writes nothing', async () => {
    const id = await storeApplication(store);
    const seen = (await (await inbox.as('rita.reviewer@team.example', `/team/api/applications/${id}`)).json()) as Standing;
    const after = seen.status.seq;
    const [one, two] = await Promise.all([
      inbox.as('rita.reviewer@team.example', `/team/api/applications/${id}/decision`, {
        method: 'POST',
        body: { status: 'accepted', message: 'Welcome aboard', after },
      }),
      inbox.as('rob.reviewer@team.example', `/team/api/applications/${id}/decision`, {
        method: 'POST',
        body: { status: 'declined', message: 'Not this time', after },
      }),
    ]);
    expect([one.status, two.status].sort()).toEqual([200, 409]);
    const [won, lost] = one.status === 200 ? [one, two] : [two, one];
    const decided = (await won.json()) as Standing;
    const refused = (await lost.json()) as Standing;
    expect(refused.error).toBe('decided-meanwhile');
    expect(refused.status).toEqual(decided.status);
    expect(refused.history).toEqual(decided.history);
    expect(decided.history).toHaveLength(2);
    expect(decided.history[1]).toMatchObject({ status: decided.status.status, changedBy: expect.stringMatching(/reviewer@team\.example$/) as string });
    expect(await count('SELECT count(*) AS count FROM application_statuses WHERE application_id = $1', [id])).toBe(2);
    expect(await count("SELECT count(*) AS count FROM audit_log WHERE action = 'decision' AND application_id = $1", [id])).toBe(1);
    // Mail is on: the decision's e-mail waits in the outbox, once.
    expect(
      await count("SELECT count(*) AS count FROM application_statuses WHERE application_id = $1 AND mail_status = 'pending' AND status <> 'received'", [id]),
    ).toBe(1);
    // The list shows the new status at once.
    const listed = (await (await inbox.as('ada.viewer@team.example', `/team/api/applications?status=${decided.status.status}`)).json()) as {
      items: Array<{ id: string }>;
    };
    expect(listed.items.map((item) => item.id)).toContain(id);
    // Deciding again on the fresh reading works; the same status again is no change.
    const again = await inbox.as('rob.reviewer@team.example', `/team/api/applications/${id}/decision`, {
      method: 'POST',
      body: { status: 'in-review', after: decided.status.seq },
    });
    expect(again.status).toBe(200);
    const same = await inbox.as('rob.reviewer@team.example', `/team/api/applications/${id}/decision`, {
      method: 'POST',
      body: { status: 'in-review', after: ((await again.json()) as Standing).status.seq },
    });
    expect(same.status).toBe(409);
    expect(((await same.json()) as Standing).error).toBe('status-unchanged');
  });

  it.skipIf(skip)('refuses a decision out of its rules with 400, and one on no application with 404', async () => {
    const id = await storeApplication(store);
    const decision = (body: unknown) => inbox.as('rita.reviewer@team.example', `/team/api/applications/${id}/decision`, { method: 'POST', body });
    const cases: Array<[unknown, string]> = [
      [{ status: 'received', after: 0 }, 'invalid-status'],
      [{ status: 'accepted' }, 'invalid-after'],
      [{ status: 'accepted', after: -1 }, 'invalid-after'],
      [{ status: 'in-review', message: 'A message goes only with accepted or declined', after: 0 }, 'invalid-message'],
      [{ status: 'accepted', message: 'x'.repeat(2001), after: 0 }, 'invalid-message'],
      [{ status: 'accepted', message: 'nul \u0000', after: 0 }, 'invalid-message'],
      [[1, 2], 'invalid-json'],
    ];
    for (const [body, error] of cases) {
      const response = await decision(body);
      expect([JSON.stringify(body).slice(0, 40), response.status, await response.json()]).toEqual([JSON.stringify(body).slice(0, 40), 400, { error }]);
    }
    const huge = await decision({ status: 'accepted', message: 'x'.repeat(40_000), after: 0 });
    expect(huge.status).toBe(413);
    expect(
      (await inbox.as('rita.reviewer@team.example', '/team/api/applications/nobody/decision', { method: 'POST', body: { status: 'accepted', after: 0 } }))
        .status,
    ).toBe(404);
    expect(await count('SELECT count(*) AS count FROM application_statuses WHERE application_id = $1', [id])).toBe(1);
  });

  it.skipIf(skip)("refuses a viewer's decision, and any change without the site's Origin, writing nothing", async () => {
    const id = await storeApplication(store);
    const viewer = await inbox.as('ada.viewer@team.example', `/team/api/applications/${id}/decision`, {
      method: 'POST',
      body: { status: 'accepted', after: 0 },
    });
    expect(viewer.status).toBe(403);
    expect(await viewer.json()).toEqual({ error: 'forbidden-role' });
    for (const origin of [null, 'https://elsewhere.example']) {
      const decision = await inbox.as('alan.admin@team.example', `/team/api/applications/${id}/decision`, {
        method: 'POST',
        body: { status: 'accepted', after: 0 },
        origin,
      });
      expect(decision.status).toBe(403);
      expect(await decision.json()).toEqual({ error: 'forbidden-origin' });
      const note = await inbox.as('alan.admin@team.example', `/team/api/applications/${id}/notes`, { method: 'POST', body: { body: 'A note' }, origin });
      expect(note.status).toBe(403);
    }
    expect((await inbox.as(null, `/team/api/applications/${id}/notes`, { method: 'POST', body: { body: 'A note' } })).status).toBe(401);
    expect(await count('SELECT count(*) AS count FROM application_statuses WHERE application_id = $1', [id])).toBe(1);
    expect(await count('SELECT count(*) AS count FROM team_notes WHERE application_id = $1', [id])).toBe(0);
    expect(await count('SELECT count(*) AS count FROM audit_log WHERE application_id = $1', [id])).toBe(0);
  });

  it.skipIf(skip)("keeps a reviewer's notes, with their author, refusing empty, long or unstorable ones", async () => {
    const id = await storeApplication(store);
    const note = (body: unknown) => inbox.as('rita.reviewer@team.example', `/team/api/applications/${id}/notes`, { method: 'POST', body });
    const created = await note({ body: 'Lovely rooms — ask for the hallway too.' });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ author: 'rita.reviewer@team.example', body: 'Lovely rooms — ask for the hallway too.' });
    for (const body of [{ body: '' }, { body: '   ' }, { body: 'x'.repeat(5001) }, { body: 'lone \ud800' }, { body: 42 }, {}]) {
      const response = await note(body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: 'invalid-body' });
    }
    expect((await note({ body: '😀'.repeat(5000) })).status).toBe(201);
    const read = (await (await inbox.as('ada.viewer@team.example', `/team/api/applications/${id}`)).json()) as {
      notes: Array<{ author: string; body: string }>;
    };
    expect(read.notes.map((each) => each.body.slice(0, 12))).toEqual(['Lovely rooms', '😀'.repeat(6)]);
    expect(await count("SELECT count(*) AS count FROM audit_log WHERE action = 'note' AND application_id = $1", [id])).toBe(2);
    expect((await inbox.as('rita.reviewer@team.example', '/team/api/applications/nobody/notes', { method: 'POST', body: { body: 'x' } })).status).toBe(404);
  });

  it.skipIf(skip)('exports the filtered list as CSV with the status, formulas defused, for reviewers', async () => {
    const language = 'nl';
    const id = await storeApplication(store, { language, firstName: '=HYPERLINK("http://evil.example","click")', lastName: 'Formula' });
    await storeApplication(store, { language: 'sv' });
    const decided = await inbox.as('rita.reviewer@team.example', `/team/api/applications/${id}/decision`, {
      method: 'POST',
      body: {
        status: 'in-review',
        after: Number((await store.query('SELECT max(seq) AS seq FROM application_statuses WHERE application_id = $1', [id])).rows[0]?.seq),
      },
    });
    expect(decided.status).toBe(200);
    expect((await inbox.as('ada.viewer@team.example', `/team/api/export?language=${language}`)).status).toBe(403);
    const response = await inbox.as('rita.reviewer@team.example', `/team/api/export?language=${language}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="applications.csv"');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const [header, ...rows] = (await response.text()).trimEnd().split('\r\n');
    const columns = header?.split(',') ?? [];
    expect(columns).toContain('"status"');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.split(',')[columns.indexOf('"status"')]).toBe('"in-review"');
    expect(rows[0]).toContain(`"'=HYPERLINK(""http://evil.example""`);
    expect(await count("SELECT count(*) AS count FROM audit_log WHERE action = 'export' AND actor = 'rita.reviewer@team.example'", [])).toBeGreaterThan(0);
    expect((await inbox.as('rita.reviewer@team.example', '/team/api/export?limit=5')).status).toBe(400);
  });
});
