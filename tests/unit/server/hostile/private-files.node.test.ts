// @vitest-environment node
// The data folder's files were -rw-rw-rw- whatever the umask (PGlite's filesystem
// layer chmods them to 0666), and a folder made beforehand with 0755 exposed every application to
// every local user without a word. Now: files 0600 and folders 0700 under umask 0, the open folder
// closed with a WARNING, an older receiver's wide files repaired at the next start, and backups
// (with the folders made for them) private too, on both stores.
import { execFile as execFileCallback } from 'node:child_process';
import { chmod, lstat, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
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
/** Runs what follows under umask 0, the widest a deployer's shell could have. */
const UMASK_0 = { command: 'sh', args: ['-c', 'umask 000; exec "$@"', 'sh'] };

const postgres = await freshPostgresDatabase();
if ('reason' in postgres) process.stderr.write(`Skipping the private-files test on PostgreSQL: ${postgres.reason}.\n`);
afterAll(async () => {
  if (!('reason' in postgres)) await postgres.stop();
});

/** Every entry under dir whose mode is not 0600 (files) or 0700 (folders), with that mode. */
async function notPrivate(dir: string): Promise<string[]> {
  const found: string[] = [];
  const own = (await lstat(dir)).mode & 0o7777;
  if (own !== 0o700) found.push(`${dir} ${own.toString(8)}`);
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    const path = join(entry.parentPath, entry.name);
    const mode = (await lstat(path)).mode & 0o7777;
    if (entry.isDirectory() ? mode !== 0o700 : entry.isFile() && mode !== 0o600) found.push(`${path} ${mode.toString(8)}`);
  }
  return found;
}

async function put(url: string, key: string) {
  const answer = await rawRequest(`${url}/api/applications`, {
    headers: [
      ['Content-Type', 'application/json'],
      ['Idempotency-Key', key],
      ['Application-Id', `app-${key}`],
    ],
    body: JSON.stringify(sampleBody({ email: `${key}@example.com` })),
  });
  expect(answer.status).toBe(201);
}

/** The CLI's backup under umask 0, into a folder that does not exist yet. */
async function backupUnderUmask0(file: string, env: { DATA_DIR: string; DATABASE_URL?: string | undefined }) {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: env.DATA_DIR };
  delete childEnv.DATABASE_URL;
  if (env.DATABASE_URL) childEnv.DATABASE_URL = env.DATABASE_URL;
  return execFile(UMASK_0.command, [...UMASK_0.args, process.execPath, 'server/cli/applications-cli.mjs', 'backup', file], { cwd: ROOT, env: childEnv });
}

describe('the data folder', () => {
  it('holds files 0600 and folders 0700 under umask 0, and a folder made 0755 is closed with a WARNING, then repaired after an older receiver', async () => {
    const root = await servedRoot();
    const work = await mkdtemp(join(tmpdir(), 'private-files-'));
    const dataDir = join(work, 'data');
    await mkdir(dataDir);
    await chmod(dataDir, 0o755);
    try {
      const receiver = await spawnReceiver({ root, dataDir, wrapper: UMASK_0 });
      try {
        await put(receiver.url, 'first');
        expect(receiver.output()).toMatch(/WARNING: the data folder \S+ was open to other users of this machine \(mode 0755\): it is now 0700/);
        expect(await notPrivate(dataDir)).toEqual([]);

        // A backup through the running receiver, into folders made for it.
        const backups = join(work, 'backups', 'daily');
        await backupUnderUmask0(join(backups, 'receiver.gz'), { DATA_DIR: dataDir });
        expect(await notPrivate(join(work, 'backups'))).toEqual([]);
      } finally {
        await receiver.stop();
      }

      // What a receiver before this change left: files 0666, folders 0755. The next start repairs them.
      const wide = join(dataDir, 'PG_VERSION');
      await chmod(wide, 0o666);
      await chmod(join(dataDir, 'base'), 0o755);
      const again = await spawnReceiver({ root, dataDir, wrapper: UMASK_0 });
      try {
        await put(again.url, 'second');
        expect(again.output()).toMatch(/Made 2 files and folders of \S+ readable by their owner only/);
        expect(again.output()).not.toContain('WARNING: the data folder');
        expect(await notPrivate(dataDir)).toEqual([]);
      } finally {
        await again.stop();
      }
    } finally {
      await rm(root, { recursive: true, force: true });
      await rm(work, { recursive: true, force: true });
    }
  }, 240_000);

  it.skipIf('reason' in postgres)(
    'on PostgreSQL, a backup and the folders made for it are private under umask 0',
    async () => {
      const root = await servedRoot();
      const work = await mkdtemp(join(tmpdir(), 'private-files-pg-'));
      const databaseUrl = 'url' in postgres ? postgres.url : undefined;
      const receiver = await spawnReceiver({ root, dataDir: join(work, 'unused'), databaseUrl });
      try {
        await put(receiver.url, 'pg');
        await backupUnderUmask0(join(work, 'backups', 'receiver.gz'), { DATA_DIR: join(work, 'unused'), DATABASE_URL: databaseUrl });
        expect(await notPrivate(join(work, 'backups'))).toEqual([]);
      } finally {
        await receiver.stop();
        await rm(root, { recursive: true, force: true });
        await rm(work, { recursive: true, force: true });
      }
    },
    180_000,
  );
});
