// @vitest-environment node
// Applications were kept forever unless erased by hand. With RETENTION_DAYS
// the receiver erases, at start and daily, the applications (with their revisions), webhook
// messages and drafts in transit older than that, says so in one log line of counts, and leaves the
// tombstones an erasure leaves, so a device still holding an application erased by age is told
// 410 too. The real receiver (node server/serve.mjs) on both stores, with data made old beforehand.
import { execFile as execFileCallback } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { receiveApplication } from '../../../../server/applications/applications-table.mjs';
import { storeDraft } from '../../../../server/drafts/drafts-table.mjs';
import { openStore } from '../../../../server/store/open-store.mjs';
import { MAX_RETENTION_DAYS, retentionDays, startRetention } from '../../../../server/applications/retention-schedule.mjs';
import { rawRequest } from '../../../support/http-request';
import { freshPostgresDatabase } from '../../../support/local-postgres.mjs';
import { spawnReceiver } from '../../../support/receiver-process';
import { servedRoot } from '../../../support/receiver-fixture';
import { sampleBody } from '../../../support/sample-application.mjs';
import { preparedDataDir } from '../../../support/prepared-data-dir';

const postgres = await freshPostgresDatabase();
if ('reason' in postgres) process.stderr.write(`Skipping the PostgreSQL retention tests: ${postgres.reason}.\n`);
afterAll(async () => {
  if (!('reason' in postgres)) await postgres.stop();
});

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
const execFile = promisify(execFileCallback);
const DAY = 24 * 3600 * 1000;

async function cli(args: string[], { dataDir, databaseUrl }: { dataDir: string; databaseUrl: string | undefined }): Promise<string> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  return (await execFile(process.execPath, ['server/cli/applications-cli.mjs', ...args], { cwd: ROOT, env })).stdout;
}

const draftId = () => randomBytes(16).toString('base64url');

describe('RETENTION_DAYS', () => {
  it('is off unless set, and a whole number of days', () => {
    expect(retentionDays({})).toBe(0);
    expect(retentionDays({ RETENTION_DAYS: ' ' })).toBe(0);
    expect(retentionDays({ RETENTION_DAYS: '0' })).toBe(0);
    expect(retentionDays({ RETENTION_DAYS: '90' })).toBe(90);
    for (const bad of ['-1', '1.5', '90d', 'ninety', String(MAX_RETENTION_DAYS + 1)])
      expect(() => retentionDays({ RETENTION_DAYS: bad })).toThrow(/RETENTION_DAYS must be a whole number of days/);
  });

  it('runs at start and again at each interval, one line each time', async () => {
    const dataDir = await preparedDataDir('retention-schedule-');
    const store = await openStore({ dataDir });
    const lines: string[] = [];
    const retention = startRetention(store, { days: 30, log: (line) => lines.push(line), intervalMs: 200 });
    try {
      await expect.poll(() => lines.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
      expect(lines[0]).toBe(
        'retention: erased 0 application(s), 0 revision(s), 0 file(s), 0 webhook message(s) and 0 draft(s) in transit older than 30 day(s)',
      );
    } finally {
      await retention.stop();
      await store.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});

const stores = [
  { name: 'embedded (PGlite)', databaseUrl: undefined, skip: false },
  { name: 'PostgreSQL', databaseUrl: 'url' in postgres ? postgres.url : undefined, skip: 'reason' in postgres },
];

describe.each(stores)('retention on the $name store', ({ databaseUrl, skip }) => {
  it.skipIf(skip)(
    'erases what is older than RETENTION_DAYS at start, with one line of counts, and leaves tombstones',
    async () => {
      const root = await servedRoot();
      const dataDir = await preparedDataDir('retention-');
      const where = { dataDir, databaseUrl };
      const now = Date.now();
      const ago = (days: number) => new Date(now - days * DAY);
      const received = (applicationId: string, revision: number, email: string, at: Date) => ({
        key: `${applicationId}-${String(revision)}`,
        applicationId,
        clientRevision: revision,
        fingerprint: `f-${applicationId}-${String(revision)}`,
        body: sampleBody({ email, variant: revision }),
        email,
        language: 'en',
        receivedAt: at,
      });
      const oldDraft = draftId();
      const newDraft = draftId();
      // Made beforehand, as a receiver running for weeks would have: webhook messages in the outbox with each revision.
      const store = await openStore({ databaseUrl, dataDir });
      try {
        const options = { webhooks: true, giveUpAfterMs: 20 * DAY };
        await receiveApplication(store, received('old', 1, 'old-creator@example.com', ago(10)), options);
        await receiveApplication(store, received('old', 2, 'old-creator@example.com', ago(9)), options);
        // Begun long ago, revised yesterday: kept whole, but its old webhook message goes.
        await receiveApplication(store, received('revised', 1, 'revised@example.com', ago(10)), options);
        await receiveApplication(store, received('revised', 2, 'revised@example.com', ago(1)), options);
        await receiveApplication(store, received('fresh', 1, 'fresh@example.com', ago(0)), options);
        await storeDraft(store, { id: oldDraft, content: randomBytes(64), now: ago(8), expiresAt: new Date(now + 20 * DAY) });
        await storeDraft(store, { id: newDraft, content: randomBytes(64), now: ago(1), expiresAt: new Date(now + 20 * DAY) });
      } finally {
        await store.close();
      }

      const receiver = await spawnReceiver({ root, dataDir, databaseUrl, extraEnv: { RETENTION_DAYS: '7' } });
      try {
        await expect.poll(() => receiver.output(), { timeout: 30_000 }).toMatch(/retention: erased/);
        const lines = receiver
          .output()
          .split('\n')
          .filter((line) => line.includes('retention: erased'));
        expect(lines).toHaveLength(1);
        expect(lines[0]).toMatch(
          /retention: erased 1 application\(s\), 2 revision\(s\), 0 file\(s\), 3 webhook message\(s\) and 1 draft\(s\) in transit older than 7 day\(s\)"/,
        );
        expect(receiver.output()).not.toMatch(/old-creator|"old"| old /);

        expect(
          (await cli(['export'], where))
            .split('\n')
            .filter(Boolean)
            .map((line) => (JSON.parse(line) as { id: string }).id)
            .sort(),
        ).toEqual(['fresh', 'revised']);
        expect((await cli(['export', '--revisions'], where)).split('\n').filter(Boolean)).toHaveLength(3);
        const left = JSON.parse(await cli(['deliveries', '--json'], where).then((text) => `[${text.trim().split('\n').filter(Boolean).join(',')}]`)) as Array<{
          applicationId: string;
        }>;
        expect(left.map((delivery) => delivery.applicationId).sort()).toEqual(['fresh', 'revised']);

        // The tombstone: a phone still holding the old application is told it is gone, and nothing is stored.
        const retry = await rawRequest(`${receiver.url}/api/applications`, {
          headers: [
            ['Content-Type', 'application/json'],
            ['Idempotency-Key', 'old-2'],
            ['Application-Id', 'old'],
            ['Application-Revision', '2'],
          ],
          body: JSON.stringify(sampleBody({ email: 'old-creator@example.com', variant: 2 })),
        });
        expect(retry.status).toBe(410);
        expect(retry.json).toMatchObject({ code: 'application-erased' });
        expect(await cli(['erase', '--email', 'old-creator@example.com'], where)).toMatch(/^Erased 0 application/);

        // The old draft's link answers as a used one; the recent one is still there.
        expect((await rawRequest(`${receiver.url}/api/drafts/${oldDraft}`, { method: 'GET' })).status).toBe(410);
        expect((await rawRequest(`${receiver.url}/api/drafts/${newDraft}`, { method: 'GET' })).status).toBe(200);
      } finally {
        await receiver.stop();
        await rm(root, { recursive: true, force: true });
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
