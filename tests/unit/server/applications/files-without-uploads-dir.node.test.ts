// @vitest-environment node
// On PostgreSQL the applications' files live in UPLOADS_DIR, set in the receivers' environment and
// easily missing from the shell that runs `npm run -s applications`. Without it, every command that
// needs the files refuses in one sentence naming UPLOADS_DIR, changing nothing: `backup` used to
// write a file without them and exit 0, its restore "succeeded", `erase --email` left the photos in
// the shared folder and `files` failed on a raw ENOENT.
import { execFile as execFileCallback } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiveApplication } from '../../../../server/applications/applications-table.mjs';
import { latestApplications } from '../../../../server/applications/stored-applications.mjs';
import { writeBackup } from '../../../../server/backup/backup.mjs';
import { writeFileAtomically } from '../../../../server/backup/backup-file.mjs';
import { openPostgresStore } from '../../../../server/store/postgres-store.mjs';
import { migrate } from '../../../../server/store/schema.mjs';
import { createFileChecks, type FileFieldRules } from '../../../../server/applications/named-files-checks.mjs';
import { freshPostgresDatabase } from '../../../support/local-postgres.mjs';
import { png, storeUpload } from '../uploads/stored-upload-fixture';

const execFile = promisify(execFileCallback);
const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
const FIELDS: FileFieldRules[] = [{ key: 'roomPhotos', accept: ['image/*'], maxFiles: 6, maxBytes: 1024 * 1024, required: false, imageMaxEdge: 2560 }];
const PHOTO = png(40, 30);

const postgres = await freshPostgresDatabase();
if ('reason' in postgres) process.stderr.write(`Skipping the files-without-UPLOADS_DIR tests: ${postgres.reason}.\n`);
const work = await mkdtemp(join(tmpdir(), 'files-no-uploads-dir-'));
const uploads = join(work, 'uploads');
const spare = `restore_target_${String(process.pid)}`;
let photoId = '';

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
  if (!('reason' in postgres)) await postgres.stop();
});

function urlOf(database?: string): string {
  const url = new URL('url' in postgres ? postgres.url : 'postgres://x');
  if (database) url.pathname = `/${database}`;
  return url.toString();
}

async function cli(args: string[], env: { DATABASE_URL: string; UPLOADS_DIR?: string }): Promise<{ stdout: string; stderr: string; code: number }> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: join(work, 'unused'), DATABASE_URL: env.DATABASE_URL };
  delete childEnv.UPLOADS_DIR;
  if (env.UPLOADS_DIR) childEnv.UPLOADS_DIR = env.UPLOADS_DIR;
  try {
    const { stdout, stderr } = await execFile(process.execPath, [join(ROOT, 'server/cli/applications-cli.mjs'), ...args], { cwd: work, env: childEnv });
    return { stdout, stderr, code: 0 };
  } catch (error) {
    const failed = error as { stdout: string; stderr: string; code: number };
    return { stdout: failed.stdout, stderr: failed.stderr, code: failed.code };
  }
}

/** The one sentence each refusal ends with: names UPLOADS_DIR, says nothing changed. */
function expectRefusal(answer: { stdout: string; stderr: string; code: number }, command: string) {
  expect(answer.code, answer.stderr).not.toBe(0);
  expect(answer.stdout).toBe('');
  const last = answer.stderr.trim().split('\n').at(-1) ?? '';
  expect(last).toMatch(/holds 1 file\(s\) of applications, kept in UPLOADS_DIR on PostgreSQL, and UPLOADS_DIR is not set here/);
  expect(last).toContain(`run \`${command}\` again with UPLOADS_DIR set`);
  expect(last).toContain('nothing was written or changed.');
  expect(last).not.toMatch(/ENOENT|EACCES|at .*\.mjs/);
}

describe.skipIf('reason' in postgres)('the applications CLI on PostgreSQL without UPLOADS_DIR', () => {
  beforeAll(async () => {
    const store = await openPostgresStore(urlOf());
    try {
      await migrate(store);
      const photo = await storeUpload(uploads, PHOTO, { filename: 'room.png', filetype: 'image/png', field: 'roomPhotos' });
      photoId = photo.id;
      const body = { personalInfo: { emailAddress: 'ada@example.com' }, files: [{ key: 'roomPhotos', uploadId: photo.id, sha256: photo.sha256 }] };
      const checked = await createFileChecks({ store, folder: uploads, fileFields: () => FIELDS })(body, 'app-ada');
      expect(checked.issues).toEqual([]);
      await receiveApplication(
        store,
        {
          key: 'k1',
          applicationId: 'app-ada',
          clientRevision: 1,
          fingerprint: 'f',
          body,
          email: 'ada@example.com',
          language: 'en',
          receivedAt: new Date(),
          files: checked.files,
        },
        { webhooks: false, giveUpAfterMs: 60_000 },
      );
    } finally {
      await store.close();
    }
    const admin = new pg.Client({ connectionString: urlOf() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${spare}`);
    await admin.end();
  }, 60_000);

  it('backup refuses and writes no file', async () => {
    const answer = await cli(['backup', 'backup.gz'], { DATABASE_URL: urlOf() });
    expectRefusal(answer, 'backup backup.gz');
    expect(existsSync(join(work, 'backup.gz'))).toBe(false);
  }, 60_000);

  it('erase --email refuses, erasing neither the application nor its file', async () => {
    const answer = await cli(['erase', '--email', 'ada@example.com'], { DATABASE_URL: urlOf() });
    expectRefusal(answer, 'erase --email ada@example.com');
    expect(await readFile(join(uploads, photoId))).toEqual(PHOTO);
    const store = await openPostgresStore(urlOf());
    try {
      expect((await latestApplications(store)).map((application) => application.id)).toEqual(['app-ada']);
    } finally {
      await store.close();
    }
  }, 60_000);

  it('files refuses, naming UPLOADS_DIR rather than a missing path', async () => {
    const answer = await cli(['files', 'app-ada', 'out'], { DATABASE_URL: urlOf() });
    expectRefusal(answer, 'files app-ada out');
    expect(existsSync(join(work, 'out'))).toBe(false);
  }, 60_000);

  it('with UPLOADS_DIR the backup carries the file; restoring it without UPLOADS_DIR refuses, leaving the database empty', async () => {
    const taken = await cli(['backup', 'backup.gz'], { DATABASE_URL: urlOf(), UPLOADS_DIR: uploads });
    expect(taken.code, taken.stderr).toBe(0);
    expect(taken.stdout).toContain('and 1 files');
    const restored = await cli(['restore', 'backup.gz'], { DATABASE_URL: urlOf(spare) });
    expectRefusal(restored, `restore ${join(work, 'backup.gz')}`);
    expect(restored.stderr).toContain('The backup holds 1 file(s)');
    const admin = new pg.Client({ connectionString: urlOf(spare) });
    await admin.connect();
    try {
      const { rows } = await admin.query(`SELECT to_regclass('public.applications') IS NULL AS empty`);
      expect(rows[0]).toEqual({ empty: true });
    } finally {
      await admin.end();
    }
    // With UPLOADS_DIR it restores, the file with the rows.
    const target = join(work, 'restored-uploads');
    const done = await cli(['restore', 'backup.gz'], { DATABASE_URL: urlOf(spare), UPLOADS_DIR: target });
    expect(done.code, done.stderr).toBe(0);
    expect(await readFile(join(target, photoId))).toEqual(PHOTO);
  }, 120_000);

  it('a backup an older version took without the files restores its rows, saying which files it lacks', async () => {
    const old = join(work, 'old.gz');
    const store = await openPostgresStore(urlOf());
    try {
      await writeFileAtomically(old, async (sink) => {
        await writeBackup(store, sink, { uploadsFolder: null });
      });
    } finally {
      await store.close();
    }
    const admin = new pg.Client({ connectionString: urlOf() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${spare}_old`);
    await admin.end();
    const done = await cli(['restore', 'old.gz'], { DATABASE_URL: urlOf(`${spare}_old`), UPLOADS_DIR: join(work, 'old-uploads') });
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toContain('1 file(s) its rows name are not in the backup (taken without UPLOADS_DIR, or erased while it was taken)');
  }, 60_000);
});
