// @vitest-environment node
// Where an application stands, end to end on both stores: the 201 carries a reference and a status
// link (the same on a replay and on a later revision), the lookup answers the link's holder as
// docs/receiver.md says (200, 400, 404, 405, 410 after erasure, CORS with Authorization), and the
// link's secret is in no log line and no stored row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eraseByEmail } from '../../../../server/applications/erasure.mjs';
import { decide } from '../../../../server/status/decide.mjs';
import { secretHash } from '../../../../server/status/status-link-key.mjs';
import { rawRequest, type RawAnswer } from '../../../support/http-request';
import { freshPostgresDatabase } from '../../../support/local-postgres.mjs';
import { startTestReceiver, stopTestReceiver, type StartedReceiver } from '../../../support/receiver-fixture';
import { sampleBody } from '../../../support/sample-application.mjs';
import { mailSettings } from '../../../../server/mail/mail-settings.mjs';

const postgres = await freshPostgresDatabase();
if ('reason' in postgres) process.stderr.write(`Skipping the status lookup's PostgreSQL tests: ${postgres.reason}.\n`);
afterAll(async () => {
  if (!('reason' in postgres)) await postgres.stop();
});

const stores = [
  { name: 'embedded (PGlite)', databaseUrl: undefined, skip: false },
  { name: 'PostgreSQL', databaseUrl: 'url' in postgres ? postgres.url : undefined, skip: 'reason' in postgres },
];

interface Receipt {
  id: string;
  receivedAt: string;
  reference?: string;
  statusUrl?: string;
}

describe.each(stores)('the status link on the $name store', ({ databaseUrl, skip }) => {
  let receiver: StartedReceiver;
  const lines: string[] = [];
  beforeAll(async () => {
    if (skip) return;
    receiver = await startTestReceiver({
      databaseUrl,
      corsOrigins: 'https://apply.example.com',
      // Mail on, to an address where nothing answers: each receipt waits in the outbox.
      mail: mailSettings({ SMTP_URL: 'smtp://127.0.0.1:9', MAIL_FROM: 'team@example.com', PUBLIC_ORIGIN: 'http://127.0.0.1' }),
      log: (line) => lines.push(line),
      logRequest: (entry) => lines.push(JSON.stringify(entry)),
    });
  });
  afterAll(async () => {
    if (!skip) await stopTestReceiver(receiver);
  });

  const put = (id: string, revision: number, email: string, origin?: string) =>
    rawRequest(`${receiver.url}/api/applications`, {
      headers: [
        ['Content-Type', 'application/json'],
        ['Idempotency-Key', `${id}-${String(revision)}`],
        ['Application-Id', id],
        ['Application-Revision', String(revision)],
        ...(origin ? [['Origin', origin] as [string, string]] : []),
      ],
      body: JSON.stringify(sampleBody({ email, variant: revision })),
    });
  const lookUp = (headers: Array<[string, string]>, method = 'GET'): Promise<RawAnswer> => rawRequest(`${receiver.url}/api/status`, { method, headers });
  const secretOf = (receipt: Receipt) => (receipt.statusUrl ?? '').split('#')[1] ?? '';

  it.skipIf(skip)('gives the first revision a reference and a link, the same on a replay and on the next revision', async () => {
    const id = `app-${String(Date.now())}`;
    const first = await put(id, 1, 'first@example.com', 'https://apply.example.com');
    expect(first.status).toBe(201);
    const receipt = first.json as Receipt;
    expect(receipt.reference).toMatch(/^[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}$/);
    expect(receipt.statusUrl).toMatch(/^https:\/\/apply\.example\.com\/status\/#[A-Za-z0-9_-]{43}$/);
    const replay = await put(id, 1, 'first@example.com', 'https://apply.example.com');
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json).toEqual(receipt);
    // Sent from the site itself this time: the link still points where the first revision came from.
    const second = await put(id, 2, 'first@example.com');
    expect(second.status).toBe(201);
    expect(second.json).toMatchObject({ id, reference: receipt.reference, statusUrl: receipt.statusUrl });
    const { rows } = await receiver.store.query('SELECT status, changed_by, mail_status FROM application_statuses WHERE application_id = $1', [id]);
    expect(rows).toMatchObject([{ status: 'received', changed_by: 'receiver' }]);
    // In the outbox: waiting, or being tried against the silent address.
    expect(['pending', 'sending']).toContain(rows[0]?.mail_status);
  });

  it.skipIf(skip)('points a link at the site itself when the PUT came from it', async () => {
    const answered = await put(`site-${String(Date.now())}`, 1, 'site@example.com', receiver.url);
    expect((answered.json as Receipt).statusUrl?.startsWith(`${receiver.url}/status/#`)).toBe(true);
  });

  it.skipIf(skip)('answers where the application stands, with nothing personal, never cached, and follows decisions', async () => {
    const id = `look-${String(Date.now())}`;
    const receipt = (await put(id, 1, 'look@example.com')).json as Receipt;
    const secret = secretOf(receipt);
    const answered = await lookUp([['Authorization', `Bearer ${secret}`]]);
    expect(answered.status).toBe(200);
    expect(answered.headers['cache-control']).toBe('no-store');
    expect(answered.headers['referrer-policy']).toBe('no-referrer');
    expect(answered.headers['x-content-type-options']).toBe('nosniff');
    expect(answered.json).toEqual({
      reference: receipt.reference,
      receivedAt: receipt.receivedAt,
      status: 'received',
      changedAt: receipt.receivedAt,
      message: null,
      language: 'en',
      history: [{ status: 'received', changedAt: receipt.receivedAt }],
    });
    expect(answered.text).not.toContain('look@example.com');
    await decide(receiver.store, { applicationId: id, status: 'in-review', by: 'cli', mail: true });
    await decide(receiver.store, { applicationId: id, status: 'accepted', message: 'Welcome aboard!', by: 'cli', mail: true });
    const after = (await lookUp([['Authorization', `Bearer ${secret}`]])).json as { status: string; message: string; history: Array<{ status: string }> };
    expect(after.status).toBe('accepted');
    expect(after.message).toBe('Welcome aboard!');
    expect(after.history.map((change) => change.status)).toEqual(['received', 'in-review', 'accepted']);
    expect(after.history.every((change) => !('message' in change))).toBe(true);
  });

  it.skipIf(skip)('refuses a malformed bearer (400), an unknown link (404), another method (405); allows Authorization cross-origin', async () => {
    expect((await lookUp([])).status).toBe(400);
    expect((await lookUp([['Authorization', 'Bearer short']])).status).toBe(400);
    expect((await lookUp([['Authorization', `Basic ${'a'.repeat(43)}`]])).status).toBe(400);
    const unknown = await lookUp([['Authorization', `Bearer ${'a'.repeat(43)}`]]);
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ code: 'unknown-status-link' });
    const posted = await lookUp([['Authorization', `Bearer ${'a'.repeat(43)}`]], 'POST');
    expect(posted.status).toBe(405);
    expect(posted.headers.allow).toBe('GET');
    const preflight = await lookUp(
      [
        ['Origin', 'https://apply.example.com'],
        ['Access-Control-Request-Method', 'GET'],
        ['Access-Control-Request-Headers', 'authorization'],
      ],
      'OPTIONS',
    );
    expect(preflight.status).toBe(204);
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('Authorization');
    expect(
      (
        await lookUp([
          ['Origin', 'https://evil.example.com'],
          ['Authorization', `Bearer ${'a'.repeat(43)}`],
        ])
      ).status,
    ).toBe(403);
  });

  it.skipIf(skip)('answers 410 withdrawn once the application is erased, its history and link gone with it', async () => {
    const id = `erase-${String(Date.now())}`;
    const receipt = (await put(id, 1, 'erase-me@example.com')).json as Receipt;
    const secret = secretOf(receipt);
    await decide(receiver.store, { applicationId: id, status: 'declined', message: 'Not this time.', by: 'cli', mail: false });
    expect((await lookUp([['Authorization', `Bearer ${secret}`]])).status).toBe(200);
    expect((await eraseByEmail(receiver.store, 'erase-me@example.com')).applications).toBe(1);
    const gone = await lookUp([['Authorization', `Bearer ${secret}`]]);
    expect(gone.status).toBe(410);
    expect(gone.json).toMatchObject({ code: 'application-erased', status: 'withdrawn' });
    for (const table of ['application_statuses', 'application_status_links']) {
      expect((await receiver.store.query(`SELECT 1 FROM ${table} WHERE application_id = $1`, [id])).rows).toEqual([]);
    }
  });

  it.skipIf(skip)('never logs the secret nor stores it: every log line and every stored row searched', async () => {
    const id = `quiet-${String(Date.now())}`;
    const receipt = (await put(id, 1, 'quiet@example.com')).json as Receipt;
    const secret = secretOf(receipt);
    expect(secret).toHaveLength(43);
    await lookUp([['Authorization', `Bearer ${secret}`]]);
    await lookUp([
      ['Authorization', `Bearer ${secret}`],
      ['Authorization', 'Bearer twice'],
    ]);
    await lookUp([['Authorization', `Bearer ${secret}x`]]);
    // The test can fail: the lookups were logged, and the hash of the secret is stored.
    expect(lines.some((line) => line.includes('/api/status'))).toBe(true);
    const { rows: tables } = await receiver.store.query(
      `SELECT table_schema, table_name FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema') AND table_type = 'BASE TABLE'`,
    );
    let stored = '';
    for (const table of tables) {
      const { rows } = await receiver.store.query(`SELECT * FROM "${String(table.table_schema)}"."${String(table.table_name)}"`);
      stored += JSON.stringify(rows, (_key, value: unknown) => (value instanceof Uint8Array ? Buffer.from(value).toString('latin1') : value));
    }
    expect(stored).toContain(secretHash(secret));
    expect(stored).not.toContain(secret);
    for (const line of lines) expect(line).not.toContain(secret);
  });
});
