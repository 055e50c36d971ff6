// @vitest-environment node
// `npm run applications -- backup FILE` and `restore FILE` (server/backup/backup*.mjs), on both stores
// and from one to the other: a backup taken while the receiver runs (through its admin endpoint on
// the embedded store) or while it does not restores to the same applications and revisions; a
// backup taken while applications pour in holds every one acknowledged before it began; restore
// refuses a target that holds data, a receiver running on it, and a damaged file, touching nothing.
import { execFile as execFileCallback } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { latestApplications } from '../../../../server/applications/stored-applications.mjs';
import { openStore } from '../../../../server/store/open-store.mjs';
import { rawRequest } from '../../../support/http-request';
import { freshPostgresDatabase } from '../../../support/local-postgres.mjs';
import { spawnReceiver } from '../../../support/receiver-process';
import { servedRoot } from '../../../support/receiver-fixture';
import { sampleBody } from '../../../support/sample-application.mjs';

const execFile = promisify(execFileCallback);
const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));

const postgres = await freshPostgresDatabase();
if ('reason' in postgres) process.stderr.write(`Skipping the backup tests on PostgreSQL: ${postgres.reason}.\n`);

const work = await mkdtemp(join(tmpdir(), 'receiver-backup-'));
const databases: string[] = [];
afterAll(async () => {
  if (!('reason' in postgres)) {
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    for (const name of databases) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    await postgres.stop();
  }
  await rm(work, { recursive: true, force: true });
  // DROP DATABASE checkpoints the cluster: with the whole server suite fsyncing beside it, that
  // took over the default 10 s twice, though the file alone passes.
}, 60_000);

type Kind = 'embedded' | 'postgres';
interface Target {
  dataDir: string;
  databaseUrl?: string | undefined;
}

let targets = 0;
/** An empty target: a folder that does not exist yet, or a new database on the test's PostgreSQL server. */
async function emptyTarget(kind: Kind): Promise<Target> {
  targets += 1;
  const dataDir = join(work, `data-${String(targets)}`);
  if (kind === 'embedded') {
    // As root, restore fills only a folder made beforehand (for the receiver's user: restore-owner.mjs).
    if (process.getuid?.() === 0) await mkdir(dataDir, { mode: 0o700 });
    return { dataDir };
  }
  if ('reason' in postgres) throw new Error('no PostgreSQL');
  const name = `backup_target_${String(process.pid)}_${String(targets)}`;
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  databases.push(name);
  const url = new URL(postgres.url);
  url.pathname = `/${name}`;
  return { dataDir, databaseUrl: url.toString() };
}

function childEnv(target: Target): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: target.dataDir };
  delete env.DATABASE_URL;
  if (target.databaseUrl) env.DATABASE_URL = target.databaseUrl;
  return env;
}

async function cli(args: string[], target: Target): Promise<string> {
  const { stdout } = await execFile(process.execPath, ['server/cli/applications-cli.mjs', ...args], { cwd: ROOT, env: childEnv(target) });
  return stdout;
}

/** The message a refused command prints. */
async function cliRefusal(args: string[], target: Target): Promise<string> {
  try {
    await execFile(process.execPath, ['server/cli/applications-cli.mjs', ...args], { cwd: ROOT, env: childEnv(target) });
  } catch (error) {
    return (error as { stderr: string }).stderr;
  }
  throw new Error(`${args.join(' ')} succeeded`);
}

/** Everything a target holds, read in this process: the export and every revision in order. */
async function contents(target: Target) {
  const store = await openStore({ dataDir: target.dataDir, databaseUrl: target.databaseUrl });
  try {
    const { rows } = await store.query('SELECT seq, application_id, idempotency_key, client_revision, email, body, received_at FROM revisions ORDER BY seq');
    const revisions = rows.map((row) => ({
      seq: Number(row.seq),
      application_id: String(row.application_id),
      idempotency_key: String(row.idempotency_key),
      client_revision: row.client_revision,
      email: row.email,
      body: typeof row.body === 'string' ? (JSON.parse(row.body) as unknown) : row.body,
      received_at: new Date(row.received_at as string | Date).toISOString(),
    }));
    return { applications: await latestApplications(store), revisions };
  } finally {
    await store.close();
  }
}

async function put(url: string, body: unknown, key: string, id: string, revision: number) {
  return rawRequest(`${url}/api/applications`, {
    headers: [
      ['Content-Type', 'application/json'],
      ['Idempotency-Key', key],
      ['Application-Id', id],
      ['Application-Revision', String(revision)],
    ],
    body: JSON.stringify(body),
  });
}

const kinds: Array<{ kind: Kind; skip: boolean }> = [
  { kind: 'embedded', skip: false },
  { kind: 'postgres', skip: 'reason' in postgres },
];
/** Each store's backup from the first test, for the one restoring it into the other store. */
const backups = new Map<Kind, { file: string; contents: Awaited<ReturnType<typeof contents>> }>();

describe.each(kinds)('backup and restore on the $kind store', ({ kind, skip }) => {
  it.skipIf(skip)(
    'backs up while the receiver runs and while it does not, restores into an empty target only, and refuses a damaged file',
    async () => {
      const source = await emptyTarget(kind);
      const root = await servedRoot();
      const receiver = await spawnReceiver({ root, dataDir: source.dataDir, databaseUrl: source.databaseUrl });
      const running = join(work, `${kind}-running.gz`);
      const stopped = join(work, `${kind}-stopped.gz`);
      try {
        expect((await put(receiver.url, sampleBody({ email: 'ada@example.com', variant: 1 }), 'k1', 'app-ada', 1)).status).toBe(201);
        expect((await put(receiver.url, sampleBody({ email: 'ada@example.com', variant: 2 }), 'k2', 'app-ada', 2)).status).toBe(201);
        expect((await put(receiver.url, sampleBody({ email: 'grace@example.com', firstName: 'Grace "G" Hopper' }), 'k3', 'app-grace', 1)).status).toBe(201);
        expect((await put(receiver.url, sampleBody({ email: 'zoë@example.com', firstName: 'Zoë 🦋' }), 'k4', 'app-zoe', 1)).status).toBe(201);

        expect(await cli(['backup', running], source)).toMatch(/Backed up 3 applications, 4 revisions.* to .*-running\.gz/);
        if (kind === 'embedded') {
          // Restore never runs on a folder a receiver holds.
          expect(await cliRefusal(['restore', running], source)).toContain('is running on');
        }
      } finally {
        await receiver.stop();
        await rm(root, { recursive: true, force: true });
      }
      expect(await cli(['backup', stopped], source)).toContain('Backed up 3 applications, 4 revisions');
      // Personal data: readable by the owner only.
      expect((await stat(running)).mode & 0o777).toBe(0o600);
      const original = await contents(source);
      expect(original.revisions).toHaveLength(4);
      backups.set(kind, { file: running, contents: original });

      for (const file of [running, stopped]) {
        const target = await emptyTarget(kind);
        expect(await cli(['restore', file], target)).toContain('Restored 3 applications, 4 revisions');
        expect(await contents(target)).toEqual(original);
        // Into a target that holds applications, never.
        expect(await cliRefusal(['restore', file], target)).toContain('The target already holds data (applications: 3 rows');
      }

      // A damaged file is refused before the target is touched, and leaves it empty.
      const whole = await readFile(running);
      const damaged: Array<[string, Buffer, string]> = [
        ['truncated.gz', whole.subarray(0, whole.length - 30), 'is truncated or corrupt'],
        ['garbage.gz', Buffer.from('not a backup at all'), 'is truncated or corrupt'],
        ['cut-at-a-line.gz', gzipSync(gunzipLines(whole).slice(0, -1).join('\n') + '\n'), 'stops before its end'],
        [
          'a-row-short.gz',
          gzipSync(
            gunzipLines(whole)
              .filter((line) => !line.includes('"k3"'))
              .join('\n') + '\n',
          ),
          'has 3 rows where the end says 4',
        ],
        [
          'newer.gz',
          gzipSync(
            gunzipLines(whole)
              .map((line, index) => (index === 0 ? line.replace(/"schemaVersion":\d+/, '"schemaVersion":999') : line))
              .join('\n') + '\n',
          ),
          'was taken from a newer receiver',
        ],
      ];
      for (const [name, bytes, message] of damaged) {
        const file = join(work, `${kind}-${name}`);
        await writeFile(file, bytes);
        const target = await emptyTarget(kind);
        expect(await cliRefusal(['restore', file], target)).toContain(message);
        // Untouched: not made, or (made beforehand, as root must) still empty.
        if (kind === 'embedded') expect(existsSync(target.dataDir) ? await readdir(target.dataDir) : []).toEqual([]);
        else expect((await contents(target)).revisions).toEqual([]);
      }
      // A whole file the database refuses midway (a revision whose application is missing): the
      // rows loaded before are rolled back with the rest.
      const orphan = join(work, `${kind}-orphan.gz`);
      const lines = gunzipLines(whole);
      await writeFile(
        orphan,
        gzipSync(
          lines
            .filter((line) => !line.startsWith('{"id":"app-grace"'))
            .map((line) => line.replace('"applications":3', '"applications":2'))
            .join('\n') + '\n',
        ),
      );
      const orphaned = await emptyTarget(kind);
      expect(await cliRefusal(['restore', orphan], orphaned)).toMatch(/Nothing was restored: .*foreign key/);
      expect(await contents(orphaned)).toEqual({ applications: [], revisions: [] });

      // A restored store goes on receiving: its sequences were moved past the restored rows.
      const restored = await emptyTarget(kind);
      await cli(['restore', stopped], restored);
      const root2 = await servedRoot();
      const again = await spawnReceiver({ root: root2, dataDir: restored.dataDir, databaseUrl: restored.databaseUrl });
      try {
        expect((await put(again.url, sampleBody({ email: 'ada@example.com', variant: 3 }), 'k5', 'app-ada', 3)).status).toBe(201);
        expect((await put(again.url, sampleBody({ email: 'ada@example.com', variant: 2 }), 'k2', 'app-ada', 2)).headers['idempotent-replayed']).toBe('true');
      } finally {
        await again.stop();
        await rm(root2, { recursive: true, force: true });
      }
      const after = await contents(restored);
      expect(after.revisions.map((revision) => revision.idempotency_key)).toEqual(['k1', 'k2', 'k3', 'k4', 'k5']);
      expect(after.applications.find((application) => application.id === 'app-ada')?.revisions).toBe(3);
    },
    300_000,
  );

  it.skipIf(skip)(
    'a backup taken while applications pour in holds every one acknowledged before it began, with all its revisions',
    async () => {
      const source = await emptyTarget(kind);
      const root = await servedRoot();
      const receiver = await spawnReceiver({ root, dataDir: source.dataDir, databaseUrl: source.databaseUrl });
      const file = join(work, `${kind}-under-load.gz`);
      const acknowledged: Array<{ key: string; at: number }> = [];
      let stop = false;
      async function client(name: string) {
        for (let index = 0; !stop; index += 1) {
          const id = `${name}-${String(index)}`;
          for (const revision of [1, 2]) {
            const key = `${id}-r${String(revision)}`;
            const answer = await put(receiver.url, sampleBody({ email: `${id}@example.com`, variant: revision }), key, id, revision);
            if (answer.status !== 201) throw new Error(`${key}: ${String(answer.status)} ${answer.text}`);
            acknowledged.push({ key, at: performance.now() });
          }
        }
      }
      let began = 0;
      let ended = 0;
      try {
        const clients = Promise.all(['a', 'b', 'c', 'd'].map(client));
        while (acknowledged.length < 300) await new Promise((resolve) => setTimeout(resolve, 20));
        began = performance.now();
        await cli(['backup', file], source);
        ended = performance.now();
        await new Promise((resolve) => setTimeout(resolve, 200));
        stop = true;
        await clients;
      } finally {
        stop = true;
        await receiver.stop();
        await rm(root, { recursive: true, force: true });
      }
      const before = acknowledged.filter((ack) => ack.at < began).map((ack) => ack.key);
      // The load went on while the backup was taken.
      expect(acknowledged.filter((ack) => ack.at > began && ack.at < ended).length).toBeGreaterThan(0);

      const target = await emptyTarget(kind);
      await cli(['restore', file], target);
      const restored = await contents(target);
      const keys = new Set(restored.revisions.map((revision) => revision.idempotency_key));
      expect(before.filter((key) => !keys.has(key))).toEqual([]);
      // One snapshot: no revision without its application, and the counts agree with the revisions.
      const perApplication = new Map<string, number>();
      for (const revision of restored.revisions) perApplication.set(revision.application_id, (perApplication.get(revision.application_id) ?? 0) + 1);
      expect(restored.applications.map((application) => [application.id, application.revisions]).sort()).toEqual([...perApplication.entries()].sort());
    },
    300_000,
  );
});

describe('a backup moves between the stores', () => {
  it.skipIf('reason' in postgres)(
    'restores the embedded store into PostgreSQL and PostgreSQL into the embedded store',
    async () => {
      for (const [from, to] of [
        ['embedded', 'postgres'],
        ['postgres', 'embedded'],
      ] as const) {
        const backup = backups.get(from);
        if (!backup) throw new Error(`the ${from} store's test did not run`);
        const target = await emptyTarget(to);
        expect(await cli(['restore', backup.file], target)).toContain('Restored 3 applications, 4 revisions');
        expect(await contents(target)).toEqual(backup.contents);
      }
    },
    120_000,
  );
});

/** A backup file's lines, for making damaged copies. */
function gunzipLines(bytes: Buffer): string[] {
  return gunzipSync(bytes).toString('utf8').trimEnd().split('\n');
}
