// @vitest-environment node
import { execFile as execFileCallback } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eraseByEmail } from '../../../../server/applications/erasure.mjs';
import { redeliver, undeliveredDeliveries } from '../../../../server/webhooks/webhook-deliveries.mjs';
import { FIRST_RETRY_MS } from '../../../../server/webhooks/retry-schedule.mjs';
import type { WebhookSettings } from '../../../../server/webhooks/webhook-settings.mjs';
import { rawRequest } from '../../../support/http-request';
import { freshPostgresDatabase } from '../../../support/local-postgres.mjs';
import { spawnReceiver } from '../../../support/receiver-process';
import { servedRoot, startTestReceiver, stopTestReceiver, type StartedReceiver } from '../../../support/receiver-fixture';
import { sampleBody } from '../../../support/sample-application.mjs';
import { startWebhookEndpoint, type ReceivedWebhook, type WebhookEndpoint } from '../../../support/webhook-endpoint';
import { preparedDataDir } from '../../../support/prepared-data-dir';

const postgres = await freshPostgresDatabase();
if ('reason' in postgres) process.stderr.write(`Skipping the webhooks' PostgreSQL tests: ${postgres.reason}.\n`);
afterAll(async () => {
  if (!('reason' in postgres)) await postgres.stop();
});

const SECRET = `whsec_${randomBytes(32).toString('base64')}`;
const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
const execFile = promisify(execFileCallback);

/** `npm run applications -- …` as a deployer runs it, in its own process. */
async function cli(args: string[], env: Record<string, string>): Promise<string> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  const { stdout } = await execFile(process.execPath, ['server/cli/applications-cli.mjs', ...args], { cwd: ROOT, env: childEnv });
  return stdout;
}
let counter = 0;
const unique = (prefix: string) => `${prefix}-${String(Date.now())}-${String((counter += 1))}`;

interface Payload {
  type: string;
  timestamp: string;
  data: { id: string; revision: number; receivedAt: string; language: string | null; body: unknown; files: unknown[] };
}

function settings(endpoint: WebhookEndpoint, overrides: Partial<WebhookSettings> = {}): WebhookSettings {
  return { url: new URL(endpoint.url), secret: SECRET, timeoutMs: 1_000, giveUpAfterMs: 60_000, firstRetryMs: 100, ...overrides };
}

/** The payload, after checking the signature as the team's side would, with the standardwebhooks verifier. */
function verified(webhook: ReceivedWebhook): Payload {
  return new Webhook(SECRET).verify(webhook.body, webhook.headers as Record<string, string>) as Payload;
}

function put(url: string, body: unknown, headers: Record<string, string>) {
  return rawRequest(`${url}/api/applications`, { headers: [['Content-Type', 'application/json'], ...Object.entries(headers)], body: JSON.stringify(body) });
}

const stores = [
  { name: 'embedded (PGlite)', databaseUrl: undefined, skip: false },
  { name: 'PostgreSQL', databaseUrl: 'url' in postgres ? postgres.url : undefined, skip: 'reason' in postgres },
];

describe.each(stores)('webhooks on the $name store', ({ databaseUrl, skip }) => {
  let endpoint: WebhookEndpoint;
  let receiver: StartedReceiver | null = null;

  async function start(overrides: Partial<WebhookSettings> = {}, webhookPollMs = 50) {
    endpoint = await startWebhookEndpoint();
    receiver = await startTestReceiver({ databaseUrl, webhooks: settings(endpoint, overrides), webhookPollMs });
    return receiver;
  }

  afterEach(async () => {
    if (receiver) await stopTestReceiver(receiver);
    receiver = null;
    await endpoint.close();
    // One PostgreSQL database for the whole file: each test starts from an empty outbox.
    if (databaseUrl && !skip) {
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query('DELETE FROM webhook_deliveries');
      await client.end();
    }
  });

  it.skipIf(skip)(
    'POSTs each stored application and each new revision, signed, with the revision and its answers',
    async () => {
      const { url } = await start();
      const id = unique('app');
      const first = sampleBody({ email: `${id}@example.com` });
      const second = sampleBody({ email: `${id}@example.com`, variant: 1 });
      const answered = await put(url, first, {
        'Idempotency-Key': unique('k'),
        'Application-Id': id,
        'Application-Revision': '1',
        'Content-Language': 'fr-ca',
      });
      expect(answered.status).toBe(201);
      await endpoint.waitFor(1);
      expect((await put(url, second, { 'Idempotency-Key': unique('k'), 'Application-Id': id, 'Application-Revision': '2' })).status).toBe(201);
      const webhooks = await endpoint.waitFor(2);

      const [received, revised] = webhooks.map(verified);
      expect(received).toEqual({
        type: 'application.received',
        timestamp: (answered.json as { receivedAt: string }).receivedAt,
        data: { id, revision: 1, receivedAt: (answered.json as { receivedAt: string }).receivedAt, language: 'fr-CA', body: first, files: [] },
      });
      // Without Content-Language the programme's language.
      expect(revised).toMatchObject({ type: 'application.revised', data: { id, revision: 2, language: 'en', body: second } });
      expect(webhooks[0]?.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
      expect(webhooks[1]?.headers['webhook-id']).not.toBe(webhooks[0]?.headers['webhook-id']);
      expect(webhooks[0]?.headers['content-type']).toBe('application/json');
      // A signature made with another secret is refused by the same verifier: the check is real.
      expect(() =>
        new Webhook(`whsec_${randomBytes(32).toString('base64')}`).verify(webhooks[0]?.body ?? '', webhooks[0]?.headers as Record<string, string>),
      ).toThrow();
    },
    60_000,
  );

  it.skipIf(skip)(
    'sends nothing for a refused body or a repeated request',
    async () => {
      const { url } = await start();
      const id = unique('app');
      const key = unique('k');
      expect((await put(url, sampleBody({ email: 'not an address' }), { 'Idempotency-Key': unique('k'), 'Application-Id': unique('refused') })).status).toBe(
        422,
      );
      expect((await put(url, sampleBody(), { 'Idempotency-Key': key, 'Application-Id': id })).status).toBe(201);
      expect((await put(url, sampleBody(), { 'Idempotency-Key': key, 'Application-Id': id })).headers['idempotent-replayed']).toBe('true');
      await endpoint.waitFor(1);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(endpoint.received.map((webhook) => verified(webhook).data.id)).toEqual([id]);
    },
    60_000,
  );

  it.skipIf(skip)(
    'retries after a 500, a timeout and a dropped connection, with the same webhook-id, in order per application',
    async () => {
      const { url, store } = await start({ timeoutMs: 300 });
      endpoint.script(['fail', 'hang', 'close']);
      const id = unique('app');
      for (const revision of [1, 2, 3]) {
        expect(
          (
            await put(url, sampleBody({ variant: revision }), {
              'Idempotency-Key': unique('k'),
              'Application-Id': id,
              'Application-Revision': String(revision),
            })
          ).status,
        ).toBe(201);
      }
      const webhooks = await endpoint.waitFor(6);
      expect(webhooks.map((webhook) => webhook.answered)).toEqual(['fail', 'hang', 'close', 'accept', 'accept', 'accept']);
      const ids = webhooks.map((webhook) => webhook.headers['webhook-id']);
      expect(new Set(ids.slice(0, 4)).size).toBe(1);
      expect(webhooks.slice(3).map((webhook) => verified(webhook).data.revision)).toEqual([1, 2, 3]);
      // The first retry came soon after the failure (within 10 s with the real schedule; here 100 ms doubled).
      expect((webhooks[1]?.at ?? 0) - (webhooks[0]?.at ?? 0)).toBeLessThan(2_000);
      await expect.poll(async () => undeliveredDeliveries(store)).toEqual([]);
    },
    60_000,
  );

  it.skipIf(skip)(
    "delivers and retries other applications' webhooks while one attempt hangs, holding back only its application",
    async () => {
      // As deployed: the default poll and retry schedule, and an attempt allowed to hang for 30 s.
      const { url } = await start({ timeoutMs: 30_000, firstRetryMs: FIRST_RETRY_MS }, 1_000);
      const [hung, prompt, failing] = [unique('hung'), unique('prompt'), unique('failing')];
      endpoint.scriptFor(hung, ['hang']);
      endpoint.scriptFor(failing, ['fail']);
      const store = (id: string, revision: number) =>
        put(url, sampleBody({ email: `${id}@example.com`, variant: revision }), {
          'Idempotency-Key': unique('k'),
          'Application-Id': id,
          'Application-Revision': String(revision),
        });
      const sentFor = (id: string) => endpoint.received.filter((webhook) => verified(webhook).data.id === id);

      expect((await store(hung, 1)).status).toBe(201);
      await endpoint.waitFor(1);
      expect((await store(hung, 2)).status).toBe(201);
      const storedAt = Date.now();
      expect((await store(prompt, 1)).status).toBe(201);
      expect((await store(failing, 1)).status).toBe(201);

      await expect.poll(() => sentFor(prompt).length, { timeout: 15_000 }).toBe(1);
      await expect.poll(() => sentFor(failing).length, { timeout: 15_000 }).toBe(2);
      const [failure, retry] = sentFor(failing);
      expect((sentFor(prompt)[0]?.at ?? Infinity) - storedAt).toBeLessThan(2_000);
      expect((failure?.at ?? Infinity) - storedAt).toBeLessThan(2_000);
      expect(retry?.answered).toBe('accept');
      expect((retry?.at ?? Infinity) - (failure?.at ?? 0)).toBeLessThan(10_000);
      // In order per application: revision 2 of the hung one waits for revision 1's answer.
      expect(sentFor(hung).map((webhook) => verified(webhook).data.revision)).toEqual([1]);
    },
    60_000,
  );

  it.skipIf(skip)(
    'answers the creator at once while the endpoint hangs',
    async () => {
      const { url } = await start({ timeoutMs: 5_000 });
      endpoint.script([], 'hang');
      const id = unique('app');
      expect((await put(url, sampleBody(), { 'Idempotency-Key': unique('k'), 'Application-Id': id })).status).toBe(201);
      await endpoint.waitFor(1);
      const started = Date.now();
      const answer = await put(url, sampleBody(), { 'Idempotency-Key': unique('k'), 'Application-Id': unique('app') });
      expect(answer.status).toBe(201);
      expect(Date.now() - started).toBeLessThan(1_000);
    },
    60_000,
  );

  it.skipIf(skip)(
    'marks a message failed when its time runs out, lists it with the last answer, and sends it again on request',
    async () => {
      // Room for a few attempts 100-200 ms apart even when a loaded machine delays the first one.
      const { url, store } = await start({ giveUpAfterMs: 1_500 });
      endpoint.script([], 'fail');
      const id = unique('app');
      expect((await put(url, sampleBody(), { 'Idempotency-Key': unique('k'), 'Application-Id': id })).status).toBe(201);
      await expect.poll(async () => (await undeliveredDeliveries(store)).map((delivery) => delivery.status), { timeout: 10_000 }).toEqual(['failed']);
      const [failed] = await undeliveredDeliveries(store);
      expect(failed).toMatchObject({
        applicationId: id,
        type: 'application.received',
        lastStatus: 500,
        lastError: 'HTTP 500: Internal Server Error: the CRM is down',
        nextAttemptAt: null,
      });
      expect(failed?.attempts).toBeGreaterThan(1);
      const attemptsBefore = endpoint.received.length;
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(endpoint.received.length).toBe(attemptsBefore);

      endpoint.script([], 'accept');
      expect(await redeliver(store, { failed: true }, { now: new Date(), giveUpAfterMs: 60_000 })).toBe(1);
      // A redelivery is picked up by the next poll.
      await endpoint.waitFor(attemptsBefore + 1);
      expect(endpoint.received.at(-1)?.headers['webhook-id']).toBe(failed?.id);
      await expect.poll(async () => undeliveredDeliveries(store)).toEqual([]);
      expect(await redeliver(store, { id: 'msg_nothing' }, { now: new Date(), giveUpAfterMs: 60_000 })).toBe(0);
    },
    60_000,
  );

  it.skipIf(skip)(
    'lists failed webhooks and sends them again from the command line, while the receiver runs',
    async () => {
      const { url, dataDir } = await start({ giveUpAfterMs: 300 });
      endpoint.script([], 'fail');
      const id = unique('app');
      expect((await put(url, sampleBody(), { 'Idempotency-Key': unique('k'), 'Application-Id': id })).status).toBe(201);
      const env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '' };
      await expect.poll(async () => cli(['deliveries'], env), { timeout: 10_000 }).toMatch(/^msg_[0-9a-f]{32} {2}failed {2}/m);
      const listed = await cli(['deliveries'], env);
      expect(listed).toMatch(
        new RegExp(
          `^msg_[0-9a-f]{32}  failed  application\\.received of application ${id}, received .*; last answer: HTTP 500: Internal Server Error: the CRM is down`,
          'm',
        ),
      );
      expect(listed).toContain('0 pending, 1 failed (npm run -s applications -- redeliver --failed sends them again)');
      const [record] = (await cli(['deliveries', '--json'], env))
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { id: string; status: string });
      expect(record?.status).toBe('failed');

      endpoint.script([], 'accept');
      const before = endpoint.received.length;
      expect(await cli(['redeliver', record?.id ?? ''], env)).toBe(`Sending webhook ${record?.id ?? ''} again now.\n`);
      await endpoint.waitFor(before + 1);
      expect(endpoint.received.at(-1)?.answered).toBe('accept');
      await expect.poll(async () => cli(['deliveries'], env)).toBe('Every webhook has been delivered.\n');
      expect(await cli(['redeliver', '--failed'], env)).toBe('No failed webhooks to send again.\n');
      await expect(cli(['redeliver', 'msg_unknown'], env)).rejects.toThrow(/No webhook msg_unknown/);
      await expect(cli(['redeliver'], env)).rejects.toThrow(/needs one webhook id/);
    },
    60_000,
  );

  it.skipIf(skip)(
    'sends nothing for an older revision arriving after a newer one: it is refused (409), not stored',
    async () => {
      const { url } = await start();
      const id = unique('app');
      expect((await put(url, sampleBody({ variant: 2 }), { 'Idempotency-Key': unique('k'), 'Application-Id': id, 'Application-Revision': '2' })).status).toBe(
        201,
      );
      await endpoint.waitFor(1);
      // A slow retry of revision 1 arrives late: refused, so the team's copy stays at revision 2.
      expect((await put(url, sampleBody({ variant: 1 }), { 'Idempotency-Key': unique('k'), 'Application-Id': id, 'Application-Revision': '1' })).status).toBe(
        409,
      );
      expect((await put(url, sampleBody({ variant: 3 }), { 'Idempotency-Key': unique('k'), 'Application-Id': id, 'Application-Revision': '3' })).status).toBe(
        201,
      );
      const webhooks = await endpoint.waitFor(2);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(endpoint.received.map((webhook) => verified(webhook).data.revision)).toEqual([2, 3]);
      expect(webhooks.map((webhook) => verified(webhook).type)).toEqual(['application.received', 'application.revised']);
    },
    60_000,
  );

  it.skipIf(skip)(
    'does not send an older revision stored before such bodies were refused, once a newer one was delivered',
    async () => {
      const { url, store } = await start();
      const id = unique('app');
      const answered = await put(url, sampleBody({ variant: 2 }), { 'Idempotency-Key': unique('k'), 'Application-Id': id, 'Application-Revision': '2' });
      expect(answered.status).toBe(201);
      await endpoint.waitFor(1);
      // Revision 1 as a receiver of an earlier version stored it late, its webhook still pending.
      await store.transaction(async (tx) => {
        const { rows } = await tx.query(
          `INSERT INTO revisions (application_id, idempotency_key, fingerprint, client_revision, body, received_at)
         VALUES ($1, $2, 'fingerprint', 1, $3::jsonb, now()) RETURNING seq`,
          [id, unique('k'), JSON.stringify(sampleBody({ variant: 1 }))],
        );
        await tx.query(
          `INSERT INTO webhook_deliveries (id, revision_seq, application_id, type, created_at, give_up_at, next_attempt_at)
         VALUES ($1, $2, $3, 'application.revised', now(), now() + interval '1 minute', now())`,
          [`msg_${randomBytes(16).toString('hex')}`, rows[0]?.seq, id],
        );
      });
      await expect
        .poll(async () => (await store.query("SELECT status FROM webhook_deliveries WHERE application_id = $1 AND type = 'application.revised'", [id])).rows)
        .toEqual([{ status: 'superseded' }]);
      expect(endpoint.received.map((webhook) => verified(webhook).data.revision)).toEqual([2]);
    },
    60_000,
  );

  it.skipIf(skip)(
    'forgets the undelivered webhooks of an erased creator',
    async () => {
      const { url, store } = await start();
      endpoint.script([], 'fail');
      const email = `${unique('erase')}@example.com`;
      expect((await put(url, sampleBody({ email }), { 'Idempotency-Key': unique('k'), 'Application-Id': unique('app') })).status).toBe(201);
      await endpoint.waitFor(1);
      expect(await undeliveredDeliveries(store)).toHaveLength(1);
      await eraseByEmail(store, email);
      expect(await undeliveredDeliveries(store)).toEqual([]);
    },
    60_000,
  );

  it.skipIf(skip)(
    'delivers after a SIGKILL between the commit and the delivery, with the same webhook-id',
    async () => {
      endpoint = await startWebhookEndpoint('hang');
      const root = await servedRoot();
      const dataDir = await preparedDataDir('webhook-kill-');
      const env = { WEBHOOK_URL: endpoint.url, WEBHOOK_SECRET: SECRET, WEBHOOK_TIMEOUT_MS: '1000' };
      try {
        let child = await spawnReceiver({ root, dataDir, databaseUrl, extraEnv: env });
        const id = unique('app');
        expect((await put(child.url, sampleBody(), { 'Idempotency-Key': unique('k'), 'Application-Id': id })).status).toBe(201);
        // The webhook is on its way, unanswered, when the process dies.
        const [inFlight] = await endpoint.waitFor(1);
        await child.kill();
        endpoint.script([], 'accept');
        child = await spawnReceiver({ root, dataDir, databaseUrl, extraEnv: env });
        try {
          // On PostgreSQL another receiver could hold the lease, so it is waited out (2 x 1 s + 5 s).
          const webhooks = await endpoint.waitFor(2, 15_000);
          expect(webhooks[1]?.headers['webhook-id']).toBe(inFlight?.headers['webhook-id']);
          expect(verified(webhooks[1] as ReceivedWebhook).data.id).toBe(id);
          expect(webhooks[1]?.answered).toBe('accept');
        } finally {
          await child.stop();
        }
      } finally {
        await rm(root, { recursive: true, force: true });
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    60_000,
  );
});

describe.skipIf('reason' in postgres)('two receivers on one PostgreSQL', () => {
  let endpoint: WebhookEndpoint;
  let receivers: StartedReceiver[] = [];
  beforeAll(async () => {
    endpoint = await startWebhookEndpoint();
  });
  afterAll(async () => {
    for (const receiver of receivers) await stopTestReceiver(receiver);
    await endpoint.close();
  });

  it('send each webhook once per attempt, not once per receiver', async () => {
    const databaseUrl = 'url' in postgres ? postgres.url : '';
    receivers = [
      await startTestReceiver({ databaseUrl, webhooks: settings(endpoint), webhookPollMs: 20 }),
      await startTestReceiver({ databaseUrl, webhooks: settings(endpoint), webhookPollMs: 20 }),
    ];
    // Every fifth attempt fails, so retries are shared between the receivers too.
    endpoint.script(
      Array.from({ length: 200 }, (_, index) => (index % 5 === 4 ? 'fail' : 'accept')),
      'accept',
    );
    const ids = Array.from({ length: 60 }, () => unique('pair'));
    await Promise.all(
      ids.map(async (id, index) => {
        const receiver = receivers[index % 2] as StartedReceiver;
        expect((await put(receiver.url, sampleBody({ email: `${id}@example.com` }), { 'Idempotency-Key': unique('k'), 'Application-Id': id })).status).toBe(
          201,
        );
      }),
    );
    await expect.poll(async () => undeliveredDeliveries((receivers[0] as StartedReceiver).store), { timeout: 20_000 }).toEqual([]);
    const { rows } = await (receivers[0] as StartedReceiver).store.query(
      `SELECT d.id, d.attempts FROM webhook_deliveries d JOIN revisions r ON r.seq = d.revision_seq WHERE r.application_id = ANY($1::text[])`,
      [ids],
    );
    expect(rows).toHaveLength(ids.length);
    const sent = new Map<string, number>();
    for (const webhook of endpoint.received) sent.set(String(webhook.headers['webhook-id']), (sent.get(String(webhook.headers['webhook-id'])) ?? 0) + 1);
    for (const row of rows) expect(sent.get(String(row.id))).toBe(Number(row.attempts));
    expect(endpoint.received.filter((webhook) => webhook.answered === 'accept')).toHaveLength(ids.length);
  }, 60_000);
});
