// @vitest-environment node
// What becomes of an application's files once it is stored: export lists their facts
// (never their upload ids), webhooks carry the list, `files ID FOLDER` writes them out under safe
// names, backups carry their bytes and restore them, and erasure and retention remove them from the disk.
import { execFile as execFileCallback } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationsCsv } from '../../../../server/applications/applications-csv.mjs';
import { receiveApplication } from '../../../../server/applications/applications-table.mjs';
import { latestApplications } from '../../../../server/applications/stored-applications.mjs';
import { bindingsOf } from '../../../../server/applications/application-files-table.mjs';
import { restoreBackup, writeBackup } from '../../../../server/backup/backup.mjs';
import { writeFileAtomically } from '../../../../server/backup/backup-file.mjs';
import { eraseOlderThan } from '../../../../server/applications/retention.mjs';
import { openPgliteStore } from '../../../../server/store/pglite-store.mjs';
import { migrate } from '../../../../server/store/schema.mjs';
import type { Store } from '../../../../server/store/store-types.mjs';
import { claimDueDeliveries } from '../../../../server/webhooks/webhook-deliveries.mjs';
import { createFileChecks, type FileFieldRules } from '../../../../server/applications/named-files-checks.mjs';
import { readStoredUpload } from '../../../../server/uploads/stored-uploads.mjs';
import { webhookPayload } from '../../../../server/webhooks/webhook-message.mjs';
import { startTestReceiver, stopTestReceiver } from '../../../support/receiver-fixture';
import { jpeg, png, storeUpload } from '../uploads/stored-upload-fixture';

const execFile = promisify(execFileCallback);
const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));

const FIELDS: FileFieldRules[] = [
  { key: 'roomPhotos', accept: ['image/*'], maxFiles: 6, maxBytes: 1024 * 1024, required: false, imageMaxEdge: 2560 },
  { key: 'mediaKit', accept: ['application/pdf'], maxFiles: 1, maxBytes: 1024 * 1024, required: false, imageMaxEdge: 2560 },
];
const PHOTO = png(40, 30);
const SECOND_PHOTO = jpeg(1024, 768);
// A PDF with a line before its header, as some generators write: still a PDF by its content.
const KIT = Buffer.from('\uFEFF\n%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const OTHER = png(5, 5);

const work = await mkdtemp(join(tmpdir(), 'receiver-files-after-'));
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

async function cli(args: string[], dataDir: string): Promise<{ stdout: string; stderr: string; code: number }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  delete env.UPLOADS_DIR;
  try {
    const { stdout, stderr } = await execFile(process.execPath, ['server/cli/applications-cli.mjs', ...args], { cwd: ROOT, env });
    return { stdout, stderr, code: 0 };
  } catch (error) {
    const failed = error as { stdout: string; stderr: string; code: number };
    return { stdout: failed.stdout, stderr: failed.stderr, code: failed.code };
  }
}

/** Stores an application naming these uploads, checked as the receiver checks them. */
async function storeWithFiles(
  store: Store,
  folder: string,
  applicationId: string,
  email: string,
  uploads: Array<{ key: string; uploadId: string; sha256: string }>,
  receivedAt = new Date(),
) {
  const body = { personalInfo: { emailAddress: email, firstName: 'Ada' }, files: uploads };
  const checked = await createFileChecks({ store, folder, fileFields: () => FIELDS })(body, applicationId);
  expect(checked.issues).toEqual([]);
  const result = await receiveApplication(
    store,
    { key: `${applicationId}-1`, applicationId, clientRevision: 1, fingerprint: 'f', body, email, language: 'en', receivedAt, files: checked.files },
    { webhooks: true, giveUpAfterMs: 60_000 },
  );
  expect(result.outcome).toBe('created');
}

describe("an application's files after it is stored (embedded store, and the CLI on it)", () => {
  const dataDir = join(work, 'data');
  const folder = join(dataDir, 'uploads');
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const store = await openPgliteStore(dataDir);
    try {
      await migrate(store);
      const photo = await storeUpload(folder, PHOTO, { filename: '../../etc/passwd\u202Egpj.png', filetype: 'image/png', field: 'roomPhotos' });
      const second = await storeUpload(folder, SECOND_PHOTO, { filename: 'kitchen.jpg', filetype: 'image/jpeg', field: 'roomPhotos' });
      const kit = await storeUpload(folder, KIT, { filename: '=HYPERLINK("x").pdf', filetype: 'application/pdf', field: 'mediaKit' });
      const other = await storeUpload(folder, OTHER, { filename: 'other.png', filetype: 'image/png', field: 'roomPhotos' });
      Object.assign(ids, { photo: photo.id, second: second.id, kit: kit.id, other: other.id });
      await storeWithFiles(store, folder, 'app-ada', 'ada@example.com', [
        { key: 'roomPhotos', uploadId: photo.id, sha256: photo.sha256 },
        { key: 'roomPhotos', uploadId: second.id, sha256: second.sha256 },
        { key: 'mediaKit', uploadId: kit.id, sha256: kit.sha256 },
      ]);
      await storeWithFiles(store, folder, 'app-grace', 'grace@example.com', [{ key: 'roomPhotos', uploadId: other.id, sha256: other.sha256 }]);

      // Webhooks carry the list, no bytes and no upload id.
      const claimed = await claimDueDeliveries(store, { now: new Date(Date.now() + 1000), limit: 10, leaseMs: 60_000 });
      const payload = webhookPayload(claimed.find((delivery) => delivery.applicationId === 'app-ada') ?? claimed[0]!);
      expect(payload).not.toContain(photo.id);
      const message = JSON.parse(payload) as { data: { files: unknown[]; body: { files: unknown[] } } };
      expect(message.data.files).toEqual([
        { field: 'roomPhotos', name: '../../etc/passwd\u202Egpj.png', type: 'image/png', size: PHOTO.length, sha256: photo.sha256, width: 40, height: 30 },
        { field: 'roomPhotos', name: 'kitchen.jpg', type: 'image/jpeg', size: SECOND_PHOTO.length, sha256: second.sha256, width: 1024, height: 768 },
        { field: 'mediaKit', name: '=HYPERLINK("x").pdf', type: 'application/pdf', size: KIT.length, sha256: kit.sha256, width: null, height: null },
      ]);
      expect(message.data.body.files).toEqual([
        { key: 'roomPhotos', sha256: photo.sha256 },
        { key: 'roomPhotos', sha256: second.sha256 },
        { key: 'mediaKit', sha256: kit.sha256 },
      ]);

      // Export: the facts beside the body, the body without upload ids; the CSV a column per file field.
      const exported = await latestApplications(store);
      const ada = exported.find((application) => application.id === 'app-ada');
      expect(ada?.files?.map((file) => [file.field, file.type, file.width, file.height])).toEqual([
        ['roomPhotos', 'image/png', 40, 30],
        ['roomPhotos', 'image/jpeg', 1024, 768],
        ['mediaKit', 'application/pdf', null, null],
      ]);
      expect(JSON.stringify(exported)).not.toContain(photo.id);
      const csv = applicationsCsv(exported);
      expect(csv).toContain('"files.roomPhotos","files.mediaKit"');
      expect(csv).toContain(`(image/png, ${String(PHOTO.length)} bytes, 40×30, sha256 ${photo.sha256})`);
      // The creator's names are defused as any answer is: a formula gets its apostrophe, a bidi control is shown.
      expect(csv).toContain('"\'=HYPERLINK(""x"").pdf (application/pdf');
      expect(csv).toContain('<U+202E>');
    } finally {
      await store.close();
    }
  }, 60_000);

  it("writes an application's files into a folder under names of its own, and never over an existing file", async () => {
    const out = join(work, 'out');
    const written = await cli(['files', 'app-ada', out], dataDir);
    expect(written.code, written.stderr).toBe(0);
    expect((await readdir(out)).sort()).toEqual(['mediaKit-1.pdf', 'roomPhotos-1.png', 'roomPhotos-2.jpg']);
    expect(await readFile(join(out, 'roomPhotos-1.png'))).toEqual(PHOTO);
    expect(await readFile(join(out, 'roomPhotos-2.jpg'))).toEqual(SECOND_PHOTO);
    expect(await readFile(join(out, 'mediaKit-1.pdf'))).toEqual(KIT);
    expect(written.stdout).toContain('Wrote 3 file(s) of application app-ada');
    expect(written.stdout).toContain('"../../etc/passwd\\u202egpj.png"');
    const again = await cli(['files', 'app-ada', out], dataDir);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already holds roomPhotos-1.png, roomPhotos-2.jpg, mediaKit-1.pdf: nothing was written');
    const none = await cli(['files', 'app-nobody', join(work, 'none')], dataDir);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('No files are stored for application "app-nobody"');
  }, 60_000);

  it('backs up the files with the rows and restores them, byte for byte, into a new folder', async () => {
    const backup = join(work, 'backup.gz');
    const taken = await cli(['backup', backup], dataDir);
    expect(taken.code, taken.stderr).toBe(0);
    expect(taken.stdout).toContain('and 4 files');
    const restoredDir = join(work, 'restored');
    // Made first, as docs/receiver.md says (the tests may run as root, whose new folders the receiver could not open).
    await mkdir(restoredDir);
    const restored = await cli(['restore', backup], restoredDir);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain(`and 4 files (into ${join(restoredDir, 'uploads')})`);
    for (const [id, bytes] of [
      [ids.photo, PHOTO],
      [ids.kit, KIT],
      [ids.other, OTHER],
    ] as const) {
      expect(await readFile(join(restoredDir, 'uploads', id!))).toEqual(bytes);
      // A complete upload the tus endpoint and the checks read as they read the original.
      expect(await readStoredUpload(join(restoredDir, 'uploads'), id!)).toMatchObject({ size: bytes.length, offset: bytes.length });
    }
    const store = await openPgliteStore(restoredDir);
    try {
      expect((await bindingsOf(store, [ids.photo!])).get(ids.photo!)).toMatchObject({ applicationId: 'app-ada', width: 40, height: 30 });
    } finally {
      await store.close();
    }
    // A file whose bytes were changed in the backup is refused whole: no row, no file restored.
    const lines = gunzipSync(await readFile(backup))
      .toString('utf8')
      .split('\n');
    const bytesLine = lines.findIndex((line) => line.startsWith('{"bytes":'));
    lines[bytesLine] = JSON.stringify({ bytes: Buffer.from('not the photo').toString('base64') });
    const damaged = join(work, 'damaged.gz');
    await writeFile(damaged, gzipSync(lines.join('\n')));
    await mkdir(join(work, 'never'));
    const refused = await cli(['restore', damaged], join(work, 'never'));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('are not the');
    expect(existsSync(join(work, 'never', 'uploads')) ? await readdir(join(work, 'never', 'uploads')) : []).toEqual([]);
  }, 120_000);

  it('erasure removes the files of the applications it erases from the disk, and only theirs', async () => {
    const erased = await cli(['erase', '--email', 'ada@example.com'], dataDir);
    expect(erased.code, erased.stderr).toBe(0);
    expect(erased.stdout).toBe('Erased 1 application(s), 1 revision(s) and 3 file(s), of ada@example.com.\n');
    for (const id of [ids.photo, ids.second, ids.kit]) {
      expect(existsSync(join(folder, id!))).toBe(false);
      expect(existsSync(join(folder, `${id!}.json`))).toBe(false);
    }
    expect(await readFile(join(folder, ids.other!))).toEqual(OTHER);
  }, 60_000);
});

describe('files in retention and in older backups', () => {
  it('retention removes the files of the applications it erases', async () => {
    const dataDir = join(work, 'retention');
    const folder = join(dataDir, 'uploads');
    const store = await openPgliteStore(dataDir);
    try {
      await migrate(store);
      const old = await storeUpload(folder, PHOTO, { filetype: 'image/png', field: 'roomPhotos' });
      const recent = await storeUpload(folder, OTHER, { filetype: 'image/png', field: 'roomPhotos' });
      await storeWithFiles(
        store,
        folder,
        'app-old',
        'old@example.com',
        [{ key: 'roomPhotos', uploadId: old.id, sha256: old.sha256 }],
        new Date('2020-01-01T00:00:00Z'),
      );
      await storeWithFiles(store, folder, 'app-recent', 'new@example.com', [{ key: 'roomPhotos', uploadId: recent.id, sha256: recent.sha256 }]);
      const erased = await eraseOlderThan(store, new Date('2021-01-01T00:00:00Z'), { uploadsFolder: folder });
      expect(erased).toMatchObject({ applications: 1, files: 1 });
      expect(existsSync(join(folder, old.id))).toBe(false);
      expect(existsSync(join(folder, recent.id))).toBe(true);
    } finally {
      await store.close();
    }
  }, 60_000);

  it('restores a backup of format 1, taken by a receiver before files', async () => {
    const dataDir = join(work, 'format-1');
    const store = await openPgliteStore(dataDir);
    const backup = join(work, 'format-1.gz');
    try {
      await migrate(store);
      await receiveApplication(store, {
        key: 'k',
        applicationId: 'app-1',
        clientRevision: 1,
        fingerprint: 'f',
        body: { personalInfo: {} },
        email: null,
        language: null,
        receivedAt: new Date(),
      });
      await writeFileAtomically(backup, async (sink) => {
        await writeBackup(store, sink, { uploadsFolder: join(dataDir, 'uploads') });
      });
    } finally {
      await store.close();
    }
    // As a receiver before files wrote it: format 1, an end without a count of files.
    const lines = gunzipSync(await readFile(backup))
      .toString('utf8')
      .trim()
      .split('\n');
    const header = JSON.parse(lines[0]!) as Record<string, unknown>;
    const end = JSON.parse(lines[lines.length - 1]!) as { end: true; rows: Record<string, number> };
    lines[0] = JSON.stringify({ ...header, formatVersion: 1 });
    lines[lines.length - 1] = JSON.stringify({ end: true, rows: end.rows });
    await writeFile(backup, gzipSync(`${lines.join('\n')}\n`));
    const target = await openPgliteStore(join(work, 'format-1-restored'));
    try {
      const restored = await restoreBackup(target, backup, undefined, { uploadsFolder: join(work, 'format-1-restored', 'uploads') });
      expect(restored.files).toBe(0);
      expect((await latestApplications(target)).map((application) => application.id)).toEqual(['app-1']);
    } finally {
      await target.close();
    }
  }, 60_000);
});

describe('the commands through a running receiver (embedded store)', () => {
  it("writes, backs up and erases an application's files through the admin endpoints, with the receiver's uploads folder", async () => {
    const receiver = await startTestReceiver();
    const folder = join(receiver.dataDir, 'uploads');
    try {
      const photo = await storeUpload(folder, PHOTO, { filename: 'room.png', filetype: 'image/png', field: 'roomPhotos' });
      await storeWithFiles(receiver.store, folder, 'app-running', 'running@example.com', [{ key: 'roomPhotos', uploadId: photo.id, sha256: photo.sha256 }]);
      const out = join(work, 'running-out');
      const written = await cli(['files', 'app-running', out], receiver.dataDir);
      expect(written.code, written.stderr).toBe(0);
      expect(written.stderr).toContain('through the receiver running on it');
      expect(await readFile(join(out, 'roomPhotos-1.png'))).toEqual(PHOTO);
      const backup = join(work, 'running.gz');
      const taken = await cli(['backup', backup], receiver.dataDir);
      expect(taken.stdout, taken.stderr).toContain('and 1 files');
      const erased = await cli(['erase', '--email', 'running@example.com'], receiver.dataDir);
      expect(erased.stdout, erased.stderr).toBe('Erased 1 application(s), 1 revision(s) and 1 file(s), of running@example.com.\n');
      expect(existsSync(join(folder, photo.id))).toBe(false);
    } finally {
      await stopTestReceiver(receiver);
    }
  }, 120_000);
});
