// @vitest-environment node
// PUT with key K (201), `erase --email`, the identical PUT again was 201
// without Idempotent-Replayed, the creator was back in the export and the webhook went out again:
// a phone offline during the erasure undid it. Now the erasure leaves a tombstone (hashes of the
// application's id and keys, nothing personal), and any later retry, replay or revision of that
// application is 410 Gone with a JSON reason; nothing is stored, nothing announced. Both stores,
// the real receiver with webhooks on, the real CLI.
import { execFile as execFileCallback } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../../../support/http-request';
import { freshPostgresDatabase } from '../../../support/local-postgres.mjs';
import { startTestReceiver, stopTestReceiver } from '../../../support/receiver-fixture';
import { sampleBody } from '../../../support/sample-application.mjs';
import { startWebhookEndpoint } from '../../../support/webhook-endpoint';

const postgres = await freshPostgresDatabase();
if ('reason' in postgres) process.stderr.write(`Skipping the PostgreSQL tombstone tests: ${postgres.reason}.\n`);
afterAll(async () => {
  if (!('reason' in postgres)) await postgres.stop();
});

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
const execFile = promisify(execFileCallback);
const SECRET = `whsec_${randomBytes(32).toString('base64')}`;

async function cli(args: string[], { dataDir, databaseUrl }: { dataDir: string; databaseUrl: string | undefined }): Promise<string> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  return (await execFile(process.execPath, ['server/cli/applications-cli.mjs', ...args], { cwd: ROOT, env })).stdout;
}

let counter = 0;
const unique = (prefix: string) => `${prefix}-${String(Date.now())}-${String((counter += 1))}`;

const stores = [
  { name: 'embedded (PGlite)', databaseUrl: undefined, skip: false },
  { name: 'PostgreSQL', databaseUrl: 'url' in postgres ? postgres.url : undefined, skip: 'reason' in postgres },
];

describe.each(stores)('after an erasure on the $name store', ({ databaseUrl, skip }) => {
  it.skipIf(skip)(
    'a late retry, replay or revision of the erased application is 410 Gone, stored and sent nowhere',
    async () => {
      const endpoint = await startWebhookEndpoint();
      const receiver = await startTestReceiver({
        databaseUrl,
        webhookPollMs: 50,
        webhooks: { url: new URL(endpoint.url), secret: SECRET, timeoutMs: 1_000, giveUpAfterMs: 60_000, firstRetryMs: 100 },
      });
      const where = { dataDir: receiver.dataDir, databaseUrl };
      try {
        const email = `${unique('gone')}@example.com`;
        const applicationId = unique('app');
        const key = unique('key');
        const headers = (idempotencyKey: string, revision: number, id: string | null = applicationId): Array<[string, string]> => [
          ['Content-Type', 'application/json'],
          ['Idempotency-Key', idempotencyKey],
          ['Application-Revision', String(revision)],
          ...(id === null ? [] : [['Application-Id', id] as [string, string]]),
        ];
        const body = JSON.stringify(sampleBody({ email }));
        const send = (idempotencyKey: string, revision: number, text = body, id: string | null = applicationId) =>
          rawRequest(`${receiver.url}/api/applications`, { headers: headers(idempotencyKey, revision, id), body: text });

        expect((await send(key, 1)).status).toBe(201);
        // A second application sent without Application-Id (an older wizard): its key is its id.
        const lone = unique('lone');
        expect((await send(lone, 1, body, null)).status).toBe(201);
        await endpoint.waitFor(2);

        expect(await cli(['erase', '--email', email], where)).toBe(`Erased 2 application(s), 2 revision(s), of ${email}.\n`);

        const replay = await send(key, 1);
        expect(replay.status).toBe(410);
        expect(replay.headers['content-type']).toMatch(/^application\/json/);
        expect(replay.json).toEqual({ error: expect.any(String) as string, code: 'application-erased' });
        // A retry with a new key (an edit queued on the phone), and a key reused for another body.
        expect((await send(unique('key'), 2, JSON.stringify(sampleBody({ email, variant: 1 })))).status).toBe(410);
        expect((await send(key, 1, JSON.stringify(sampleBody({ email, variant: 2 })))).status).toBe(410);
        expect((await send(lone, 1, body, null)).status).toBe(410);
        // The erased key under another Application-Id is still the erased body: refused too.
        expect((await send(key, 1, body, unique('app'))).status).toBe(410);

        expect(await cli(['export', '--revisions'], where)).toBe('');
        // The deliverer polls every 50 ms: a webhook stored by any of those would be out by now.
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(endpoint.received).toHaveLength(2);
        expect(await cli(['deliveries', '--json'], where)).toBe('');

        // The tombstones hold hashes only.
        const { rows } = await receiver.store.query('SELECT hash FROM erased');
        expect(rows.length).toBeGreaterThanOrEqual(3);
        for (const row of rows) expect(String(row.hash)).toMatch(/^[0-9a-f]{64}$/);

        // The same creator may apply again: a new application is no retry of the erased one.
        expect((await send(unique('key'), 1, body, unique('app'))).status).toBe(201);
        await endpoint.waitFor(3);
      } finally {
        await stopTestReceiver(receiver);
        await endpoint.close();
      }
    },
    120_000,
  );
});
