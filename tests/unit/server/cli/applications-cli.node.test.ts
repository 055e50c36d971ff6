// @vitest-environment node
import { execFile as execFileCallback, spawn } from 'node:child_process';
import { chown, mkdir, mkdtemp, readdir, rm, stat, symlink } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { applicationsCsv } from '../../../../server/applications/applications-csv.mjs';
import { rawRequest } from '../../../support/http-request';
import { freshPostgresDatabase } from '../../../support/local-postgres.mjs';
import { spawnReceiver } from '../../../support/receiver-process';
import { servedRoot } from '../../../support/receiver-fixture';
import { sampleBody } from '../../../support/sample-application.mjs';
import { preparedDataDir } from '../../../support/prepared-data-dir';

const execFile = promisify(execFileCallback);
const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));

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
    headers: [
      ['Content-Type', 'application/json'],
      ['Idempotency-Key', key],
      ['Application-Id', id],
      ['Application-Revision', String(revision)],
    ],
    body: JSON.stringify(body),
  });
  expect(answer.status).toBe(201);
}

const stores = [
  { name: 'embedded store, through the running receiver', databaseUrl: undefined, skip: false },
  { name: 'PostgreSQL store', databaseUrl: 'url' in postgres ? postgres.url : undefined, skip: 'reason' in postgres },
];

describe.each(stores)('npm run applications on the $name', ({ databaseUrl, skip }) => {
  it.skipIf(skip)(
    'exports the latest revision of each application as JSON lines or CSV, limits by date, and erases a creator',
    async () => {
      const root = await servedRoot();
      const dataDir = await preparedDataDir('receiver-cli-');
      const receiver = await spawnReceiver({ root, dataDir, databaseUrl });
      try {
        await send(receiver.url, sampleBody({ email: 'ada@example.com', variant: 1 }), 'k1', 'app-ada', 1);
        await send(receiver.url, sampleBody({ email: 'ada@example.com', variant: 2 }), 'k2', 'app-ada', 2);
        await send(receiver.url, sampleBody({ email: 'grace@example.com', firstName: '=HYPERLINK("x")' }), 'k3', 'app-grace', 1);

        const lines = (await cli(['export'], { DATA_DIR: dataDir, DATABASE_URL: databaseUrl }))
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as { id: string; revisions: number; body: unknown });
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
        const revisions = (await cli(['export', '--revisions'], { DATA_DIR: dataDir, DATABASE_URL: databaseUrl }))
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as { id: string; revision: number; latest: boolean; language: string; body: unknown });
        expect(revisions.map(({ id, revision, latest, language }) => [id, revision, latest, language])).toEqual([
          ['app-ada', 1, false, 'en'],
          ['app-ada', 2, true, 'en'],
          ['app-grace', 1, true, 'en'],
        ]);
        expect(revisions[0]?.body).toEqual(sampleBody({ email: 'ada@example.com', variant: 1 }));
        const revisionRows = (await cli(['export', '--revisions', '--csv'], { DATA_DIR: dataDir, DATABASE_URL: databaseUrl })).trim().split('\r\n');
        expect(revisionRows).toHaveLength(4);
        expect(revisionRows[0]).toMatch(/^"id","revision","receivedAt","latest","language","firstName",/);

        expect(await cli(['erase', '--email', 'ADA@example.com'], { DATA_DIR: dataDir, DATABASE_URL: databaseUrl })).toContain(
          'Erased 1 application(s), 2 revision(s)',
        );
        const left = (await cli(['export'], { DATA_DIR: dataDir, DATABASE_URL: databaseUrl }))
          .trim()
          .split('\n')
          .map((line) => (JSON.parse(line) as { id: string }).id);
        expect(left).toEqual(['app-grace']);
      } finally {
        await receiver.stop();
      }
      // With no receiver running, the command opens the embedded store itself.
      if (!databaseUrl) expect(await cli(['export'], { DATA_DIR: dataDir })).toContain('app-grace');
      await rm(root, { recursive: true, force: true });
      await rm(dataDir, { recursive: true, force: true });
    },
    180_000,
  );

  it.skipIf(skip || databaseUrl !== undefined)(
    'exports and erases while the receiver listens on one specific address (HOST)',
    async () => {
      const root = await servedRoot();
      const dataDir = await preparedDataDir('receiver-cli-host-');
      // Another address of this machine than 127.0.0.1, as a deployer's HOST=192.0.2.2 would be.
      const receiver = await spawnReceiver({ root, dataDir, extraEnv: { HOST: '127.0.0.2' } });
      try {
        expect(receiver.url).toMatch(/^http:\/\/127\.0\.0\.2:/);
        await send(receiver.url, sampleBody({ email: 'host@example.com' }), 'k-host', 'app-host', 1);
        expect(
          (await cli(['export'], { DATA_DIR: dataDir }))
            .trim()
            .split('\n')
            .map((line) => (JSON.parse(line) as { id: string }).id),
        ).toEqual(['app-host']);
        expect(await cli(['erase', '--email', 'host@example.com'], { DATA_DIR: dataDir })).toBe(
          'Erased 1 application(s), 1 revision(s), of host@example.com.\n',
        );
      } finally {
        await receiver.stop();
        await rm(root, { recursive: true, force: true });
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    120_000,
  );

  it.skipIf(skip)(
    'writes only data to stdout through `npm run -s`, and stops quietly when the reader closes the pipe',
    async () => {
      const root = await servedRoot();
      const dataDir = await preparedDataDir('receiver-cli-pipe-');
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
        expect(stderr).toMatch(
          /^Store: (PGlite in \/\S+, through the receiver running on it \(process \d+\)|PostgreSQL database "\w+" at 127\.0\.0\.1:\d+)\n$/,
        );
        expect(code).toBe(0);
      } finally {
        await receiver.stop();
        await rm(root, { recursive: true, force: true });
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});

describe('applicationsCsv', () => {
  it('quotes every cell, doubles quotes and defuses formulas', () => {
    const csv = applicationsCsv([
      {
        id: 'a',
        createdAt: 't0',
        updatedAt: 't1',
        revisions: 1,
        receivedAt: 't1',
        language: 'fr-CA',
        status: 'accepted',
        statusChangedAt: 't2',
        reference: '=K7QM-4XTR',
        body: { personalInfo: { firstName: '+1 "x"', city: '@SUM(A1)' }, platforms: {}, fields: [{ key: 'niche', value: '-2' }] },
      },
    ]);
    const [header, row] = csv.split('\r\n');
    expect(header).toMatch(/^"id","createdAt","updatedAt","revisions","language","status","statusChangedAt","reference",/);
    expect(row).toMatch(/^"a","t0","t1","1","fr-CA","accepted","t2","'=K7QM-4XTR",/);
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

/** The CLI's answer whatever it is: exit code, stdout and stderr. */
async function run(
  args: string[],
  env: Record<string, string | undefined>,
  options: { user?: string; cwd?: string } = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  delete childEnv.DATABASE_URL;
  delete childEnv.DATA_DIR;
  for (const [name, value] of Object.entries(env)) if (value !== undefined) childEnv[name] = value;
  const command = options.user
    ? ([
        'runuser',
        [
          '-u',
          options.user,
          '--',
          'env',
          ...Object.entries(env)
            .filter(([, value]) => value !== undefined)
            .map(([name, value]) => `${name}=${value ?? ''}`),
          process.execPath,
          join(ROOT, 'server/cli/applications-cli.mjs'),
          ...args,
        ],
      ] as const)
    : ([process.execPath, [join(ROOT, 'server/cli/applications-cli.mjs'), ...args]] as const);
  try {
    const { stdout, stderr } = await execFile(command[0], [...command[1]], { cwd: options.cwd ?? ROOT, env: childEnv });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const ALL_COMMANDS = [
  ['export'],
  ['export', '--csv'],
  ['erase', '--email', 'ada@example.com'],
  ['deliveries'],
  ['redeliver', '--failed'],
  ['backup', 'never.gz'],
];

describe("a CLI that cannot mislead about the store it opened, the restored files' owner, or a redelivery", () => {
  it('refuses a DATA_DIR that does not exist, or holds no database, making nothing; says which store it opened', async () => {
    const work = await mkdtemp(join(tmpdir(), 'cli-mislead-'));
    try {
      const misspelt = join(work, 'dta');
      for (const args of ALL_COMMANDS) {
        const answer = await run(args, { DATA_DIR: misspelt }, { cwd: work });
        expect(answer.code, args.join(' ')).not.toBe(0);
        expect(answer.stdout).toBe('');
        expect(answer.stderr).toContain(`DATA_DIR ${misspelt} does not exist: no receiver has kept applications there, and nothing was read or changed.`);
        expect(existsSync(misspelt)).toBe(false);
        expect(existsSync(join(work, 'never.gz'))).toBe(false);
      }
      const empty = join(work, 'empty');
      await mkdir(empty);
      const answer = await run(['erase', '--email', 'ada@example.com'], { DATA_DIR: empty });
      expect(answer).toMatchObject({ code: 1, stdout: '' });
      expect(answer.stderr).toContain(`DATA_DIR ${empty} holds no receiver's database (it is empty)`);
      expect(await readdir(empty)).toEqual([]);

      // The default, ./data, resolved where the command runs: named in full.
      expect((await run(['export'], {}, { cwd: work })).stderr).toContain(`DATA_DIR ${join(work, 'data')} does not exist`);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });

  it.skipIf('reason' in postgres)('names the PostgreSQL database it opened, never the password, and refuses one no receiver has used', async () => {
    const url = new URL('url' in postgres ? postgres.url : 'postgres://x');
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    const name = `cli_unused_${String(process.pid)}`;
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      const unused = new URL(url);
      unused.pathname = `/${name}`;
      unused.password = 'hunter2-secret';
      const answer = await run(['erase', '--email', 'ada@example.com'], { DATABASE_URL: unused.toString() });
      expect(answer.code).toBe(1);
      expect(answer.stdout).toBe('');
      expect(answer.stderr).toContain(`Store: PostgreSQL database "${name}" at ${url.hostname}:${url.port}\n`);
      expect(answer.stderr).toContain(`The PostgreSQL database "${name}" at ${url.hostname}:${url.port} holds no receiver's tables`);
      expect(answer.stderr).not.toContain('hunter2');
      const { rows } = await admin.query(`SELECT count(*)::int AS count FROM pg_database WHERE datname = $1`, [name]);
      expect(rows[0]).toEqual({ count: 1 });
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });

  it('redeliver refuses while webhooks are off: through the running receiver, and with none running', async () => {
    const root = await servedRoot();
    const dataDir = await preparedDataDir('cli-redeliver-');
    try {
      // A webhook that cannot be delivered (nothing listens on port 9), then a receiver with webhooks off.
      const sending = await spawnReceiver({
        root,
        dataDir,
        extraEnv: { WEBHOOK_URL: 'http://127.0.0.1:9/hook', WEBHOOK_SECRET: `whsec_${Buffer.from('0123456789abcdef0123456789abcdef').toString('base64')}` },
      });
      try {
        await send(sending.url, sampleBody({ email: 'hook@example.com' }), 'k-hook', 'app-hook', 1);
      } finally {
        await sending.stop();
      }
      const quiet = await spawnReceiver({ root, dataDir });
      let id = '';
      try {
        const listed = await run(['deliveries', '--json'], { DATA_DIR: dataDir });
        expect(listed.stderr).toMatch(/^Store: PGlite in \S+, through the receiver running on it \(process \d+\)\n$/);
        id = (JSON.parse(listed.stdout.trim()) as { id: string }).id;
        const refused = await run(['redeliver', id], { DATA_DIR: dataDir });
        expect(refused).toMatchObject({ code: 1, stdout: '' });
        expect(refused.stderr).toContain('Webhooks are off on the running receiver');
        expect(refused.stderr).toContain('WEBHOOK_URL and WEBHOOK_SECRET');
      } finally {
        await quiet.stop();
      }
      const alone = await run(['redeliver', id], { DATA_DIR: dataDir });
      expect(alone).toMatchObject({ code: 1, stdout: '' });
      expect(alone.stderr).toContain('(no receiver running on it: opened by this command)');
      expect(alone.stderr).toContain('No receiver is running on this folder, so nothing would send the webhook now; nothing was changed.');
    } finally {
      await rm(root, { recursive: true, force: true });
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 180_000);

  it.skipIf('reason' in postgres)(
    'redeliver on PostgreSQL says when no receiver sends webhooks',
    async () => {
      const root = await servedRoot();
      const dataDir = await preparedDataDir('cli-redeliver-pg-');
      const databaseUrl = 'url' in postgres ? postgres.url : '';
      try {
        const sending = await spawnReceiver({
          root,
          dataDir,
          databaseUrl,
          extraEnv: { WEBHOOK_URL: 'http://127.0.0.1:9/hook', WEBHOOK_SECRET: `whsec_${Buffer.from('0123456789abcdef0123456789abcdef').toString('base64')}` },
        });
        try {
          await send(sending.url, sampleBody({ email: 'hook-pg@example.com' }), 'k-hook-pg', 'app-hook-pg', 1);
        } finally {
          await sending.stop();
        }
        const quiet = await spawnReceiver({ root, dataDir, databaseUrl });
        try {
          const listed = await run(['deliveries', '--json'], { DATABASE_URL: databaseUrl });
          const ids = listed.stdout
            .trim()
            .split('\n')
            .map((line) => JSON.parse(line) as { id: string; applicationId: string })
            .filter((delivery) => delivery.applicationId === 'app-hook-pg')
            .map((delivery) => delivery.id);
          expect(ids).toHaveLength(1);
          const refused = await run(['redeliver', ids[0] ?? ''], { DATABASE_URL: databaseUrl });
          expect(refused).toMatchObject({ code: 1, stdout: '' });
          expect(refused.stderr).toContain(
            '1 webhook(s) are marked to be sent again, but no receiver on this database took them within 5 s: webhooks look off on every receiver here.',
          );
        } finally {
          await quiet.stop();
        }
      } finally {
        await rm(root, { recursive: true, force: true });
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    180_000,
  );

  const isRoot = process.getuid?.() === 0;
  it.skipIf(!isRoot)(
    "backup makes its folder; as root, restore fills only a folder made for the receiver's user and gives it the files; as that user, the CLI writes nothing in a project folder root owns",
    async () => {
      const root = await servedRoot();
      const work = await mkdtemp(join(tmpdir(), 'cli-owner-'));
      const dataDir = join(work, 'data');
      await mkdir(dataDir, { mode: 0o700 });
      try {
        const receiver = await spawnReceiver({ root, dataDir });
        try {
          await send(receiver.url, sampleBody({ email: 'owned@example.com' }), 'k-owned', 'app-owned', 1);
        } finally {
          await receiver.stop();
        }
        // `backup backups/x.gz` on a fresh clone: the folder is made.
        const backedUp = await run(['backup', 'backups/nightly/x.gz'], { DATA_DIR: dataDir }, { cwd: work });
        expect(backedUp.code, backedUp.stderr).toBe(0);
        expect((await stat(join(work, 'backups/nightly/x.gz'))).mode & 0o777).toBe(0o600);

        const missing = join(work, 'restored-missing');
        const refused = await run(['restore', join(work, 'backups/nightly/x.gz')], { DATA_DIR: missing });
        expect(refused.code).toBe(1);
        expect(refused.stderr).toContain(`Run as root, restore would make ${missing} and leave every file in it root's`);
        expect(existsSync(missing)).toBe(false);

        // The service's user (nobody here) owns the folder made for it: the restored files are its.
        const { uid, gid } = { uid: 65534, gid: 65534 };
        const restored = join(work, 'restored');
        await mkdir(restored, { mode: 0o700 });
        await chown(restored, uid, gid);
        await chown(work, uid, gid);
        const answer = await run(['restore', join(work, 'backups/nightly/x.gz')], { DATA_DIR: restored });
        expect(answer.code, answer.stderr).toBe(0);
        expect(answer.stdout).toContain("its files given to the folder's owner (user 65534)");
        for (const entry of await readdir(restored, { recursive: true })) expect((await stat(join(restored, entry))).uid, entry).toBe(uid);

        // As that user, from the project folder root owns: it reads the restored store, and writes nowhere else.
        const asService = await run(['export'], { DATA_DIR: restored }, { user: 'nobody', cwd: ROOT });
        expect(asService.code, asService.stderr).toBe(0);
        expect(asService.stdout).toContain('owned@example.com');
        // Without DATA_DIR, it names ./data of the project folder, rather than failing to make it (EACCES).
        const withoutDataDir = await run(['export'], {}, { user: 'nobody', cwd: ROOT });
        expect(withoutDataDir.code).toBe(1);
        expect(withoutDataDir.stderr).not.toContain('EACCES');
        expect(withoutDataDir.stderr).toMatch(/DATA_DIR \S+\/data (does not exist|cannot be read by this user)/);
      } finally {
        await rm(root, { recursive: true, force: true });
        await rm(work, { recursive: true, force: true });
      }
    },
    240_000,
  );
});
