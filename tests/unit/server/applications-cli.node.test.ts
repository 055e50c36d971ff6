// @vitest-environment node
import { execFile as execFileCallback, spawn } from 'node:child_process';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { applicationsCsv } from '../../../server/cli/applications-csv.mjs';
import { rawRequest } from '../../support/http-request';
import { freshPostgresDatabase } from '../../support/local-postgres.mjs';
import { spawnReceiver } from '../../support/receiver-process';
import { servedRoot } from '../../support/receiver-fixture';
import { sampleBody } from '../../support/sample-application.mjs';

const execFile = promisify(execFileCallback);
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

const postgres = await freshPostgresDatabase();
if ('reason' in postgres) process.stderr.write(`Skipping the export and erase test on PostgreSQL: ${postgres.reason}.\n`);
afterAll(async () => {
  if (!('reason' in postgres)) await postgres.stop();
});

async function cli(args: string[], env: { DATA_DIR: string; DATABASE_URL?: string | undefined }): Promise<string> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: env.DATA_DIR };
  delete childEnv.DATABASE_URL;
  if (env.DATABASE_URL) childEnv.DATABASE_URL = env.DATABASE_URL;
  const { stdout } = await execFile(process.execPath, ['server/cli/applications-cli.mjs', ...args], { cwd: ROOT, env: childEnv });
  return stdout;
}

async function send(url: string, body: unknown, key: string, id: string, revision: number) {
  const answer = await rawRequest(`${url}/api/applications`, {
    headers: [['Content-Type', 'application/json'], ['Idempotency-Key', key], ['Application-Id', id], ['Application-Revision', String(revision)]],
    body: JSON.stringify(body),
  });
  expect(answer.status).toBe(201);
}

const stores = [
  { name: 'embedded store, through the running receiver', databaseUrl: undefined, skip: false },
  { name: 'PostgreSQL store', databaseUrl: 'url' in postgres ? postgres.url : undefined, skip: 'reason' in postgres },
];

describe.each(stores)('npm run applications on the $name', ({ databaseUrl, skip }) => {
  it.skipIf(skip)('exports the latest revision of each application as JSON lines or CSV, limits by date, and erases a creator', async () => {
    const root = await servedRoot();
    const dataDir = await mkdtemp(join(tmpdir(), 'receiver-cli-'));
    const receiver = await spawnReceiver({ root, dataDir, databaseUrl });
    try {
      await send(receiver.url, sampleBody({ email: 'ada@example.com', variant: 1 }), 'k1', 'app-ada', 1);
      await send(receiver.url, sampleBody({ email: 'ada@example.com', variant: 2 }), 'k2', 'app-ada', 2);
      await send(receiver.url, sampleBody({ email: 'grace@example.com', firstName: '=HYPERLINK("x")' }), 'k3', 'app-grace', 1);

      const lines = (await cli(['export'], { DATA_DIR: dataDir, DATABASE_URL: databaseUrl })).trim().split('\n').map((line) => JSON.parse(line) as { id: string; revisions: number; body: unknown });
      expect(lines.map((line) => [line.id, line.revisions])).toEqual([
        ['app-ada', 2],
        ['app-grace', 1],
      ]);
      expect(lines[0]?.body).toEqual(sampleBody({ email: 'ada@example.com', variant: 2 }));

      const csv = await cli(['export', '--csv'], { DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
      const rows = csv.trim().split('\r\n');
      expect(rows).toHaveLength(3);
      expect(rows[0]).toContain('"emailAddress"');
      expect(rows[0]).toContain('"fields.children.explanation"');
      expect(csv).toContain(`"'=HYPERLINK(""x"")"`);

      expect(await cli(['export', '--since', '2999-01-01'], { DATA_DIR: dataDir, DATABASE_URL: databaseUrl })).toBe('');

      // Every revision, for the team's records, the latest marked.
      const revisions = (await cli(['export', '--revisions'], { DATA_DIR: dataDir, DATABASE_URL: databaseUrl })).trim().split('\n').map((line) => JSON.parse(line) as { id: string; revision: number; latest: boolean; language: string; body: unknown });
      expect(revisions.map(({ id, revision, latest, language }) => [id, revision, latest, language])).toEqual([
        ['app-ada', 1, false, 'en'],
        ['app-ada', 2, true, 'en'],
        ['app-grace', 1, true, 'en'],
      ]);
      expect(revisions[0]?.body).toEqual(sampleBody({ email: 'ada@example.com', variant: 1 }));
      const revisionRows = (await cli(['export', '--revisions', '--csv'], { DATA_DIR: dataDir, DATABASE_URL: databaseUrl })).trim().split('\r\n');
      expect(revisionRows).toHaveLength(4);
      expect(revisionRows[0]).toMatch(/^"id","revision","receivedAt","latest","language","firstName",/);

      expect(await cli(['erase', '--email', 'ADA@example.com'], { DATA_DIR: dataDir, DATABASE_URL: databaseUrl })).toContain('Erased 1 application(s), 2 revision(s)');
      const left = (await cli(['export'], { DATA_DIR: dataDir, DATABASE_URL: databaseUrl })).trim().split('\n').map((line) => (JSON.parse(line) as { id: string }).id);
      expect(left).toEqual(['app-grace']);
    } finally {
      await receiver.stop();
    }
    // With no receiver running, the command opens the embedded store itself.
    if (!databaseUrl) expect(await cli(['export'], { DATA_DIR: dataDir })).toContain('app-grace');
    await rm(root, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  }, 180_000);

  it.skipIf(skip || databaseUrl !== undefined)('exports and erases while the receiver listens on one specific address (HOST)', async () => {
    const root = await servedRoot();
    const dataDir = await mkdtemp(join(tmpdir(), 'receiver-cli-host-'));
    // Another address of this machine than 127.0.0.1, as a deployer's HOST=192.0.2.2 would be.
    const receiver = await spawnReceiver({ root, dataDir, extraEnv: { HOST: '127.0.0.2' } });
    try {
      expect(receiver.url).toMatch(/^http:\/\/127\.0\.0\.2:/);
      await send(receiver.url, sampleBody({ email: 'host@example.com' }), 'k-host', 'app-host', 1);
      expect((await cli(['export'], { DATA_DIR: dataDir })).trim().split('\n').map((line) => (JSON.parse(line) as { id: string }).id)).toEqual(['app-host']);
      expect(await cli(['erase', '--email', 'host@example.com'], { DATA_DIR: dataDir })).toBe('Erased 1 application(s), 1 revision(s), of host@example.com.\n');
    } finally {
      await receiver.stop();
      await rm(root, { recursive: true, force: true });
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it.skipIf(skip)('writes only data to stdout through `npm run -s`, and stops quietly when the reader closes the pipe', async () => {
    const root = await servedRoot();
    const dataDir = await mkdtemp(join(tmpdir(), 'receiver-cli-pipe-'));
    const receiver = await spawnReceiver({ root, dataDir, databaseUrl });
    try {
      await send(receiver.url, sampleBody({ email: 'pipe@example.com' }), 'k-pipe', 'app-pipe', 1);
      const childEnv: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
      delete childEnv.DATABASE_URL;
      if (databaseUrl) childEnv.DATABASE_URL = databaseUrl;
      // As docs/receiver.md writes it: the CSV's first line is its header, not npm's banner.
      const { stdout } = await execFile('npm', ['run', '-s', 'applications', '--', 'export', '--csv'], { cwd: ROOT, env: childEnv });
      expect(stdout.split('\r\n')[0]).toMatch(/^"id","createdAt","updatedAt","revisions","language",/);
      // `export | head`: the reader is gone before the export writes.
      const child = spawn(process.execPath, ['server/cli/applications-cli.mjs', 'export'], { cwd: ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.destroy();
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString('utf8');
      });
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      // stderr says which store it read, and nothing else.
      expect(stderr).toMatch(/^Store: (PGlite in \/\S+, through the receiver running on it \(process \d+\)|PostgreSQL database "\w+" at 127\.0\.0\.1:\d+)\n$/);
      expect(code).toBe(0);
    } finally {
      await receiver.stop();
      await rm(root, { recursive: true, force: true });
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('applicationsCsv', () => {
  it('quotes every cell, doubles quotes and defuses formulas', () => {
    const csv = applicationsCsv([
      { id: 'a', createdAt: 't0', updatedAt: 't1', revisions: 1, receivedAt: 't1', language: 'fr-CA', body: { personalInfo: { firstName: '+1 "x"', city: '@SUM(A1)' }, platforms: {}, fields: [{ key: 'niche', value: '-2' }] } },
    ]);
    const [, row] = csv.split('\r\n');
    expect(row).toContain(`"'+1 ""x"""`);
    expect(row).toContain(`"'@SUM(A1)"`);
    expect(row).toContain(`"'-2"`);
  });
});

describe('npm run applications, wherever the project is', () => {
  it('runs when reached through a symlink (a release folder linked into place) or a path with a space', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cli path-'));
    try {
      await symlink(join(ROOT, 'server'), join(dir, 'server'));
      // No command: the usage on stderr and exit 1, rather than nothing at all.
      const run = execFile(process.execPath, [join(dir, 'server/cli/applications-cli.mjs')], { cwd: dir });
      await expect(run).rejects.toMatchObject({ code: 1, stderr: expect.stringMatching(/^usage: npm run -s applications -- export/) as unknown });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
