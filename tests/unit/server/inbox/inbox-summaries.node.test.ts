// @vitest-environment node
// What the inbox reads is written where the receiver stores: a PUT through the whole receiver
// records the digest of the programme that judged it and the application's summary; migration
// 11 makes the summaries of applications stored before it, with their latest revision and status.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import APPLICATION_SUMMARIES from '../../../../server/store/migrations/0010-application-summaries.mjs';
import { decide } from '../../../../server/status/decide.mjs';
import { rawRequest } from '../../../support/http-request';
import { startTestReceiver, stopTestReceiver, type StartedReceiver } from '../../../support/receiver-fixture';
import { sampleBody } from '../../../support/sample-application.mjs';
import { storeApplication } from '../../../support/inbox-server';

let receiver: StartedReceiver;
beforeAll(async () => {
  receiver = await startTestReceiver();
});
afterAll(async () => {
  await stopTestReceiver(receiver);
});

const summaryOf = async (id: string) =>
  (
    await receiver.store.query('SELECT status, language, name, email, handle, search, latest_revision FROM application_summaries WHERE application_id = $1', [
      id,
    ])
  ).rows[0];

describe("the inbox's summaries", () => {
  it('are written with each revision the receiver stores, beside the digest of the programme that judged it', async () => {
    const put = (revision: number, firstName: string) =>
      rawRequest(`${receiver.url}${receiver.path}`, {
        headers: [
          ['Content-Type', 'application/json'],
          ['Idempotency-Key', `summary-${String(revision)}`],
          ['Application-Id', 'summary-app'],
          ['Application-Revision', String(revision)],
          ['Content-Language', 'fr'],
        ],
        body: JSON.stringify(sampleBody({ email: 'Ada.L@Example.com', firstName })),
      });
    expect((await put(1, 'Ada')).status).toBe(201);
    expect((await put(2, 'ÁDA')).status).toBe(201);
    const { rows } = await receiver.store.query("SELECT programme_digest FROM revisions WHERE application_id = 'summary-app'", []);
    expect(rows.map((row) => row.programme_digest)).toEqual([receiver.programme.digest, receiver.programme.digest]);
    expect(await summaryOf('summary-app')).toEqual({
      status: 'received',
      language: 'fr',
      name: 'ÁDA Lovelace',
      email: 'ada.l@example.com',
      handle: 'ada.at.home',
      search: 'áda lovelace\nada.l@example.com\nada.at.home',
      latest_revision: 2,
    });
    await decide(receiver.store, { applicationId: 'summary-app', status: 'declined', by: 'test', mail: false });
    expect(await summaryOf('summary-app')).toMatchObject({ status: 'declined' });
  });

  it('are made by migration 10 for the applications stored before it, from their latest revision and status', async () => {
    const id = await storeApplication(receiver.store, { firstName: 'Grace', handle: 'first' });
    await storeApplication(receiver.store, { applicationId: id, revision: 3, firstName: 'Grace', lastName: 'Hopper', handle: 'latest', language: 'es' });
    await decide(receiver.store, { applicationId: id, status: 'accepted', by: 'test', mail: false });
    const made = await summaryOf(id);
    await receiver.store.transaction(async (tx) => {
      await tx.query('DELETE FROM application_summaries', []);
      await APPLICATION_SUMMARIES.run?.(tx);
    });
    expect(await summaryOf(id)).toEqual(made);
    expect(made).toMatchObject({ status: 'accepted', name: 'Grace Hopper', handle: 'latest', language: 'es', latest_revision: 3 });
    expect(await summaryOf('summary-app')).toMatchObject({ status: 'declined', name: 'ÁDA Lovelace' });
  });
});
