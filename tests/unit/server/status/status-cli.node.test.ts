// @vitest-environment node
// `decide` and `show` from the applications CLI, through the running receiver (embedded store) and
// on PostgreSQL directly: the new status and reference printed, refusals as errors (exit 1), the
// history shown without the link's secret, and the export carrying status, its time and reference.
import { execFile as execFileCallback } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../../../support/http-request';
import { freshPostgresDatabase } from '../../../support/local-postgres.mjs';
import { spawnReceiver } from '../../../support/receiver-process';
import { servedRoot } from '../../../support/receiver-fixture';
import { sampleBody } from '../../../support/sample-application.mjs';

const execFile = promisify(execFileCallback);
const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));

const postgres = await freshPostgresDatabase();
if ('reason' in postgres) process.stderr.write(`Skipping the status CLI on PostgreSQL: ${postgres.reason}.\n`);
afterAll(async () => {
  if (!('reason' in postgres)) await postgres.stop();
});

async function cli(args: string[], dataDir: string, databaseUrl: string | undefined) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  delete env.WEBHOOK_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  return execFile(process.execPath, ['server/cli/applications-cli.mjs', ...args], { cwd: ROOT, env });
}

const stores = [
  { name: 'embedded store, through the running receiver', databaseUrl: undefined, skip: false },
  { name: 'PostgreSQL store', databaseUrl: 'url' in postgres ? postgres.url : undefined, skip: 'reason' in postgres },
];

describe.each(stores)('decide and show on the $name', ({ databaseUrl, skip }) => {
  it.skipIf(skip)(
    'decides, refuses what is not a decision, shows the history without the secret, exports the status',
    async () => {
      const root = await servedRoot();
      const dataDir = await mkdtemp(join(tmpdir(), 'status-cli-'));
      const receiver = await spawnReceiver({ root, dataDir, databaseUrl });
      try {
        const answered = await rawRequest(`${receiver.url}/api/applications`, {
          headers: [
            ['Content-Type', 'application/json'],
            ['Idempotency-Key', 'k1'],
            ['Application-Id', 'app-cli'],
            ['Application-Revision', '1'],
          ],
          body: JSON.stringify(sampleBody({ email: 'cli@example.com' })),
        });
        expect(answered.status).toBe(201);
        const { reference, statusUrl } = answered.json as { reference: string; statusUrl: string };
        const secret = statusUrl.split('#')[1] ?? '';

        const decided = await cli(['decide', 'app-cli', 'accepted', '--message', 'Welcome!\nSee you soon.'], dataDir, databaseUrl);
        expect(decided.stdout).toMatch(new RegExp(`^Application app-cli \\(${reference}\\) is now accepted, since \\d{4}-`));
        await expect(cli(['decide', 'app-cli', 'accepted'], dataDir, databaseUrl)).rejects.toMatchObject({
          code: 1,
          stderr: expect.stringMatching(/already accepted/) as unknown,
        });
        await expect(cli(['decide', 'app-cli', 'in-review', '--message', 'x'], dataDir, databaseUrl)).rejects.toMatchObject({ code: 1 });
        await expect(cli(['decide', 'nobody', 'declined'], dataDir, databaseUrl)).rejects.toMatchObject({
          code: 1,
          stderr: expect.stringMatching(/no application nobody/) as unknown,
        });
        await expect(cli(['decide', 'app-cli'], dataDir, databaseUrl)).rejects.toMatchObject({ code: 1 });

        const shown = (await cli(['show', 'app-cli'], dataDir, databaseUrl)).stdout;
        expect(shown).toContain(`Reference: ${reference}`);
        expect(shown).toMatch(/Revisions: 1\n {2}revision 1 {2}\d{4}-/);
        expect(shown).toMatch(/Status: accepted, since/);
        expect(shown).toMatch(/received {2}by receiver\n.*accepted {2}by cli\n {4}Welcome!\n {4}See you soon\./);
        expect(shown).not.toContain(secret);
        await expect(cli(['show', 'nobody'], dataDir, databaseUrl)).rejects.toMatchObject({
          code: 1,
          stderr: expect.stringMatching(/No application nobody/) as unknown,
        });

        const exported = JSON.parse((await cli(['export'], dataDir, databaseUrl)).stdout.trim()) as Record<string, unknown>;
        expect(exported).toMatchObject({ id: 'app-cli', status: 'accepted', reference });
        expect(String(exported.statusChangedAt)).toMatch(/^\d{4}-\d\d-\d\dT/);
        const csv = (await cli(['export', '--csv'], dataDir, databaseUrl)).stdout.split('\r\n');
        expect(csv[1]).toMatch(new RegExp(`^"app-cli","[^"]+","[^"]+","1","en","accepted","[^"]+","${reference}",`));
      } finally {
        await receiver.stop();
        await rm(root, { recursive: true, force: true });
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
