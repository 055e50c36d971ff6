// @vitest-environment node
// Erasing a creator keeps the team's audit log whole and holding nothing of theirs: the rows of the
// team's view, note and decision stay, naming the application by id only, while the notes, the
// inbox's summary and everything else of the application go with it.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eraseByEmail } from '../../../../server/applications/erasure.mjs';
import { openStore } from '../../../../server/store/open-store.mjs';
import type { Store } from '../../../../server/store/store-types.mjs';
import { preparedDataDir } from '../../../support/prepared-data-dir';
import { startInbox, storeApplication } from '../../../support/inbox-server';

let store: Store;
let inbox: Awaited<ReturnType<typeof startInbox>>;
beforeAll(async () => {
  store = await openStore({ dataDir: await preparedDataDir('inbox-erasure-') });
  inbox = await startInbox(store, { current: () => ({ digest: 'none', text: '{}' }) });
});
afterAll(async () => {
  await inbox.close();
  await store.close();
});

it("keeps the audit log's rows of an erased application, without the creator's data", async () => {
  const email = 'grace.erased@example.com';
  const id = await storeApplication(store, { firstName: 'Grace', lastName: 'Erasedperson', email, handle: 'grace.erased' });
  expect((await inbox.as('rita.reviewer@team.example', `/team/api/applications/${id}`)).status).toBe(200);
  expect(
    (await inbox.as('rita.reviewer@team.example', `/team/api/applications/${id}/notes`, { method: 'POST', body: { body: 'Grace Erasedperson writes well.' } }))
      .status,
  ).toBe(201);
  const detail = (await (await inbox.as('rita.reviewer@team.example', `/team/api/applications/${id}`)).json()) as { status: { seq: number } };
  expect(
    (
      await inbox.as('rita.reviewer@team.example', `/team/api/applications/${id}/decision`, {
        method: 'POST',
        body: { status: 'accepted', message: 'Welcome, Grace', after: detail.status.seq },
      })
    ).status,
  ).toBe(200);
  const audited = async () =>
    (await store.query('SELECT actor, action, application_id, detail::text AS detail FROM audit_log WHERE application_id = $1 ORDER BY seq', [id])).rows;
  const before = await audited();
  expect(before.map((row) => row.action)).toEqual(['view', 'note', 'decision']);

  await eraseByEmail(store, email);

  expect(await audited()).toEqual(before);
  const kept = JSON.stringify(await audited());
  for (const personal of ['Grace', 'Erasedperson', email, 'grace.erased', 'Welcome, Grace', 'writes well']) expect(kept, personal).not.toContain(personal);
  for (const table of ['team_notes', 'application_summaries', 'application_statuses', 'revisions']) {
    expect(Number((await store.query(`SELECT count(*) AS n FROM ${table} WHERE application_id = $1`, [id])).rows[0]?.n), table).toBe(0);
  }
  expect((await inbox.as('rita.reviewer@team.example', `/team/api/applications/${id}`)).status).toBe(404);
});
