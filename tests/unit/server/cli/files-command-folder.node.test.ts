// @vitest-environment node
// `applications files ID FOLDER` says in one sentence why it could not write, as `backup` does:
// a folder the user may not write in used to end the command on a raw `EACCES: permission denied,
// mkdir '…'`, and a file missing from the uploads folder on a raw ENOENT.
import { execFile as execFileCallback } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { writeApplicationFiles } from '../../../../server/cli/application-files-command.mjs';
import type { Binding } from '../../../../server/applications/application-files-table.mjs';
import { png, storeUpload } from '../uploads/stored-upload-fixture';

const execFile = promisify(execFileCallback);
const COMMAND = fileURLToPath(new URL('../../../../server/cli/application-files-command.mjs', import.meta.url));
const PHOTO = png(4, 3);
const isRoot = process.getuid?.() === 0;

const work = await mkdtemp(join(tmpdir(), 'files-command-folder-'));
await chmod(work, 0o755);
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

async function binding(uploads: string): Promise<Binding> {
  const upload = await storeUpload(uploads, PHOTO, { filename: 'room.png', filetype: 'image/png', field: 'roomPhotos' });
  return {
    applicationId: 'app-ada',
    uploadId: upload.id,
    field: 'roomPhotos',
    name: 'room.png',
    type: 'image/png',
    size: PHOTO.length,
    sha256: upload.sha256,
    width: 4,
    height: 3,
  };
}

/**
 * writeApplicationFiles's refusal, as a user who may not write into `closed`: nobody, when the test
 * runs as root (whom permissions do not stop), else this user with the folder made read-only.
 */
async function refusalAsOtherUser(files: Binding[], uploads: string, folder: string, closed: string): Promise<string> {
  if (!isRoot) {
    await chmod(closed, 0o500);
    try {
      await writeApplicationFiles({ applicationId: 'app-ada', files, uploadsFolder: uploads, folder });
      return 'written';
    } catch (error) {
      return (error as Error).message;
    } finally {
      await chmod(closed, 0o700);
    }
  }
  const script = `import(${JSON.stringify(COMMAND)}).then((m) => m.writeApplicationFiles(${JSON.stringify({ applicationId: 'app-ada', files, uploadsFolder: uploads, folder })})).then(() => console.log('written'), (e) => console.log(e.message))`;
  const { stdout } = await execFile('runuser', ['-u', 'nobody', '--', process.execPath, '-e', script]);
  return stdout.trim();
}

describe('files into a folder the user may not write in', () => {
  it('refuses in one sentence naming the folder, whether the folder is to be made or is there', async () => {
    const uploads = join(work, 'uploads');
    const files = [await binding(uploads)];
    // The uploads readable by that user: only the target is closed to it.
    await chmod(uploads, 0o755);
    for (const name of await readdir(uploads)) await chmod(join(uploads, name), 0o644);
    const closed = join(work, 'closed');
    await mkdir(closed, { mode: 0o755 });

    const toMake = join(closed, 'out');
    expect(await refusalAsOtherUser(files, uploads, toMake, closed)).toBe(
      `${toMake} could not be written for the files (permission denied): write them into a folder this user may write in (as the receiver's user, a folder made for it), or run the command as a user who may write there.`,
    );
    expect(await refusalAsOtherUser(files, uploads, closed, closed)).toBe(
      `${closed} could not be written for the files (permission denied): write them into a folder this user may write in (as the receiver's user, a folder made for it), or run the command as a user who may write there.`,
    );
  }, 30_000);

  it('says a file in the way, and a file missing from the uploads folder, in words', async () => {
    const uploads = join(work, 'uploads-2');
    const files = [await binding(uploads)];
    const inTheWay = join(work, 'a-file');
    await writeFile(inTheWay, 'x');
    await expect(writeApplicationFiles({ applicationId: 'app-ada', files, uploadsFolder: uploads, folder: join(inTheWay, 'out') })).rejects.toThrow(
      `${join(inTheWay, 'out')} could not be written for the files (a file is in the way)`,
    );
    const elsewhere = join(work, 'not-the-uploads');
    await expect(writeApplicationFiles({ applicationId: 'app-ada', files, uploadsFolder: elsewhere, folder: join(work, 'out-2') })).rejects.toThrow(
      `roomPhotos-1.png could not be read from the uploads folder ${elsewhere} (no such file there): set UPLOADS_DIR (on PostgreSQL) or DATA_DIR as in the receiver's environment, and run the command as its user; nothing was written.`,
    );
  });
});
