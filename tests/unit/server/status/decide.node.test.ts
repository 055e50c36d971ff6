// @vitest-environment node
// Decisions on both stores: a new row each (never an update), refused for an unknown id, a status
// that is not a decision, a message where none goes, too long or unstorable, and the status the
// application has already; mailed and announced by webhook in the same transaction; two at once
// ordered (PostgreSQL). And an application stored before links gets its link and its `received`
// row, dated at its first revision, with its next revision.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiveApplication, type Received } from '../../../../server/applications/applications-table.mjs';
import { claimDueDeliveries } from '../../../../server/webhooks/webhook-deliveries.mjs';
import { webhookPayload } from '../../../../server/webhooks/webhook-message.mjs';
import { DecisionRefused, decide, messageRefusal } from '../../../../server/status/decide.mjs';
import { createStatusLinks } from '../../../../server/status/status-links.mjs';
import { standingOf } from '../../../../server/status/status-history.mjs';
import { openStore } from '../../../../server/store/open-store.mjs';
import type { Store } from '../../../../server/store/store-types.mjs';
import { isStorableText } from '../../../../src/application/values/storable-text';
import { freshPostgresDatabase } from '../../../support/local-postgres.mjs';
import { sampleBody } from '../../../support/sample-application.mjs';
import { preparedDataDir } from '../../../support/prepared-data-dir';

const postgres = await freshPostgresDatabase();
if ('reason' in postgres) process.stderr.write(`Skipping the decisions' PostgreSQL tests: ${postgres.reason}.\n`);
afterAll(async () => {
  if (!('reason' in postgres)) await postgres.stop();
});

const stores = [
  { name: 'embedded (PGlite)', databaseUrl: undefined, skip: false },
  { name: 'PostgreSQL', databaseUrl: 'url' in postgres ? postgres.url : undefined, skip: 'reason' in postgres },
];
const links = createStatusLinks(Buffer.alloc(32, 3));
let counter = 0;
const unique = (prefix: string) => `${prefix}-${String(Date.now())}-${String((counter += 1))}`;

function received(applicationId: string, clientRevision: number, receivedAt = new Date()): Received {
  return {
    key: unique('key'),
    applicationId,
    clientRevision,
    fingerprint: unique('fingerprint'),
    body: sampleBody({ variant: clientRevision }),
    email: 'ada@example.com',
    language: 'fr',
    receivedAt,
    pageOrigin: 'https://apply.example.com',
  };
}

describe('messageRefusal', () => {
  it('says the same as the page of text no store keeps', () => {
    for (const text of ['fine', 'tab\there', 'nul\u0000', 'lone \ud800', 'pair 😀', 'non-character \ufdd0', 'plane end \u{1fffe}']) {
      expect(messageRefusal('accepted', text) === null).toBe(isStorableText(text));
    }
  });
});

describe.each(stores)('decisions on the $name store', ({ databaseUrl, skip }) => {
  let store: Store;
  let dataDir: string;
  beforeAll(async () => {
    if (skip) return;
    dataDir = await (databaseUrl ? mkdtemp(join(tmpdir(), 'decide-')) : preparedDataDir('decide-'));
    store = await openStore({ databaseUrl, dataDir });
  });
  afterAll(async () => {
    if (skip) return;
    await store.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it.skipIf(skip)('appends a row per decision, mailed when the creator is told of it, and refuses what is not a decision', async () => {
    const id = unique('app');
    await receiveApplication(store, received(id, 1), { links, mail: false });
    await expect(decide(store, { applicationId: 'nobody', status: 'accepted', by: 'cli', mail: true })).rejects.toThrow(/no application nobody/);
    await expect(decide(store, { applicationId: id, status: 'received', by: 'cli', mail: true })).rejects.toBeInstanceOf(DecisionRefused);
    await expect(decide(store, { applicationId: id, status: 'withdrawn', by: 'cli', mail: true })).rejects.toThrow(/not a decision/);
    await expect(decide(store, { applicationId: id, status: 'in-review', message: 'Soon', by: 'cli', mail: true })).rejects.toThrow(
      /only with accepted or declined/,
    );
    await expect(decide(store, { applicationId: id, status: 'accepted', message: 'x'.repeat(2001), by: 'cli', mail: true })).rejects.toThrow(/2001 characters/);
    await expect(decide(store, { applicationId: id, status: 'accepted', message: 'bad \u0000', by: 'cli', mail: true })).rejects.toThrow(/cannot be stored/);
    const review = await decide(store, { applicationId: id, status: 'in-review', by: 'cli', mail: true });
    expect(review).toMatchObject({ applicationId: id, status: 'in-review' });
    expect(review.reference).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    await expect(decide(store, { applicationId: id, status: 'in-review', by: 'cli', mail: true })).rejects.toThrow('already in-review');
    await decide(store, { applicationId: id, status: 'accepted', message: '😀'.repeat(2000), by: 'cli', mail: true });
    await decide(store, { applicationId: id, status: 'declined', by: 'cli', mail: false });
    const { rows } = await store.query(
      'SELECT status, changed_by, mail_status, mail_next_attempt_at IS NOT NULL AS due FROM application_statuses WHERE application_id = $1 ORDER BY seq',
      [id],
    );
    expect(rows).toEqual([
      { status: 'received', changed_by: 'receiver', mail_status: 'none', due: false },
      { status: 'in-review', changed_by: 'cli', mail_status: 'none', due: false },
      { status: 'accepted', changed_by: 'cli', mail_status: 'pending', due: true },
      { status: 'declined', changed_by: 'cli', mail_status: 'none', due: false },
    ]);
  });

  it.skipIf(skip)("writes application.status_changed into the webhooks' outbox with the decision, carrying its change only", async () => {
    const id = unique('hooked');
    const at = new Date('2026-05-01T10:00:00.000Z');
    await receiveApplication(store, received(id, 1, new Date('2026-04-01T10:00:00.000Z')), { links, webhooks: true, giveUpAfterMs: 60_000 });
    await decide(store, { applicationId: id, status: 'accepted', by: 'cli', mail: false, webhooks: { giveUpAfterMs: 60_000 }, now: at });
    const { rows } = await store.query('SELECT type FROM webhook_deliveries WHERE application_id = $1 ORDER BY seq', [id]);
    expect(rows.map((row) => row.type)).toEqual(['application.received', 'application.status_changed']);
    const claimed = [];
    for (let round = 0; round < 2; round += 1) {
      const batch = (await claimDueDeliveries(store, { now: new Date('2026-06-01T00:00:00.000Z'), limit: 100, leaseMs: 1 })).filter(
        (delivery) => delivery.applicationId === id,
      );
      claimed.push(...batch);
      await store.query(`UPDATE webhook_deliveries SET status = 'delivered' WHERE seq = ANY($1::bigint[])`, [batch.map((delivery) => delivery.seq)]);
    }
    const change = claimed.find((delivery) => delivery.type === 'application.status_changed');
    expect(change?.superseded).toBe(false);
    expect(JSON.parse(webhookPayload(change as NonNullable<typeof change>))).toEqual({
      type: 'application.status_changed',
      timestamp: at.toISOString(),
      data: { id, status: 'accepted', changedAt: at.toISOString() },
    });
  });

  it.skipIf(skip)('orders two decisions at once: one is stored, the other is told it is already so', async () => {
    const id = unique('race');
    await receiveApplication(store, received(id, 1), { links });
    const results = await Promise.allSettled([1, 2, 3].map(() => decide(store, { applicationId: id, status: 'accepted', by: 'cli', mail: false })));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results) if (result.status === 'rejected') expect(String(result.reason)).toMatch(/already accepted/);
  });

  it.skipIf(skip)('gives an application stored before links its link and its received row with its next revision, once', async () => {
    const id = unique('legacy');
    const first = new Date('2026-01-02T03:04:05.000Z');
    const stored = await receiveApplication(store, received(id, 1, first));
    expect(stored).toMatchObject({ outcome: 'created', receipt: { id } });
    expect(stored.outcome === 'created' && 'reference' in stored.receipt).toBe(false);
    // As a store migrated to version 8 holds it: no history, no link.
    await store.query('DELETE FROM application_statuses WHERE application_id = $1', [id]);
    expect((await standingOf(store, id))?.history).toEqual([{ status: 'received', changedAt: first.toISOString(), changedBy: 'receiver', message: null }]);
    const next = await receiveApplication(store, received(id, 2), { links, mail: true });
    expect(next).toMatchObject({
      outcome: 'created',
      receipt: { id, statusUrl: `https://apply.example.com/status/#${links.urlFor('', id).split('#')[1] ?? ''}` },
    });
    await receiveApplication(store, received(id, 3), { links, mail: true });
    const { rows } = await store.query('SELECT status, changed_at FROM application_statuses WHERE application_id = $1', [id]);
    expect(rows.map((row) => [row.status, new Date(String(row.changed_at)).toISOString()])).toEqual([['received', first.toISOString()]]);
    expect((await store.query('SELECT count(*) AS n FROM application_status_links WHERE application_id = $1', [id])).rows[0]?.n).toEqual(
      store.kind === 'postgres' ? '1' : 1,
    );
  });
});
