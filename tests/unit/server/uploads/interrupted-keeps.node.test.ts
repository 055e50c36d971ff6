// @vitest-environment node
// A receiver stopped between the two renames of a photo kept without its location (its bytes, then
// its record) leaves the new bytes under the old record, where the upload looks unfinished. At its
// next start the keep is finished or undone, under the upload's lock, before any request.
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryLocker } from '@tus/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { finishInterruptedKeeps, keptCopyPath } from '../../../../server/uploads/interrupted-keeps.mjs';
import { readStoredUpload, uploadBytesPath, uploadInfoPath } from '../../../../server/uploads/stored-uploads.mjs';
import { storeUpload } from './stored-upload-fixture';
import { DEFAULT_LIMITS } from '../../../../server/limits/limit-settings.mjs';
import { createUploads } from '../../../../server/uploads/tus-endpoint.mjs';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const ORIGINAL = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe1]), Buffer.alloc(2000, 7), Buffer.from([0xff, 0xd9])]);
const KEPT = Buffer.concat([Buffer.from([0xff, 0xd8]), Buffer.alloc(500, 7), Buffer.from([0xff, 0xd9])]);

/** The record kept-without-location.mjs writes for the copy: the new size and the hash of what is kept. */
async function keptRecord(folder: string, id: string): Promise<string> {
  const info = JSON.parse(await readFile(uploadInfoPath(folder, id), 'utf8')) as { size: number; metadata: Record<string, string> };
  return JSON.stringify({ ...info, size: KEPT.length, metadata: { ...info.metadata, keptsha256: sha256(KEPT) } });
}

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'interrupted-keeps-'));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('a photo whose location removal a stop cut short', () => {
  it('stopped after its bytes were renamed: the record follows, and the upload is whole with the hash of what is kept', async () => {
    const { id } = await storeUpload(folder, ORIGINAL, { filetype: 'image/jpeg', field: 'roomPhotos' });
    await writeFile(`${keptCopyPath(folder, id)}.json`, await keptRecord(folder, id));
    await writeFile(uploadBytesPath(folder, id), KEPT);
    const before = await readStoredUpload(folder, id);
    expect(before?.offset, 'the new bytes under the old record look unfinished').not.toBe(before?.size);

    expect(await finishInterruptedKeeps(folder, new MemoryLocker())).toEqual({ finished: 1, undone: 0 });
    const after = await readStoredUpload(folder, id);
    expect(after).toMatchObject({ size: KEPT.length, offset: KEPT.length, metadata: { sha256: sha256(ORIGINAL), keptSha256: sha256(KEPT) } });
    expect((await readdir(folder)).filter((name) => name.startsWith('.'))).toEqual([]);
  });

  it('stopped before its bytes were renamed (the copy half written, or written with its record): the upload stays as it came', async () => {
    const first = await storeUpload(folder, ORIGINAL, { filetype: 'image/jpeg', field: 'roomPhotos' });
    await writeFile(keptCopyPath(folder, first.id), KEPT.subarray(0, 100));
    const second = await storeUpload(folder, ORIGINAL, { filetype: 'image/jpeg', field: 'roomPhotos' });
    await writeFile(`${keptCopyPath(folder, second.id)}.json`, await keptRecord(folder, second.id));
    await writeFile(keptCopyPath(folder, second.id), KEPT);

    expect(await finishInterruptedKeeps(folder, new MemoryLocker())).toEqual({ finished: 0, undone: 2 });
    for (const { id } of [first, second]) {
      expect(await readStoredUpload(folder, id)).toMatchObject({ size: ORIGINAL.length, offset: ORIGINAL.length, metadata: { keptSha256: '' } });
      expect(await readFile(uploadBytesPath(folder, id))).toEqual(ORIGINAL);
    }
    expect((await readdir(folder)).filter((name) => name.startsWith('.'))).toEqual([]);
  });

  it("waits for the upload's lock: another instance keeping the same photo at that moment is not undone", async () => {
    const { id } = await storeUpload(folder, ORIGINAL, { filetype: 'image/jpeg', field: 'roomPhotos' });
    await writeFile(keptCopyPath(folder, id), KEPT);
    const locker = new MemoryLocker();
    const held = locker.newLock(id);
    await held.lock(AbortSignal.timeout(1000), () => undefined);
    let done = false;
    const finishing = finishInterruptedKeeps(folder, locker).then((counts) => {
      done = true;
      return counts;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(done).toBe(false);
    expect(await readFile(keptCopyPath(folder, id))).toEqual(KEPT);
    await held.unlock();
    expect(await finishing).toEqual({ finished: 0, undone: 1 });
  });

  it('is finished as the uploads endpoint starts, before it can answer a request', async () => {
    const { id } = await storeUpload(folder, ORIGINAL, { filetype: 'image/jpeg', field: 'roomPhotos' });
    await writeFile(`${keptCopyPath(folder, id)}.json`, await keptRecord(folder, id));
    await writeFile(uploadBytesPath(folder, id), KEPT);
    const logged: string[] = [];
    const uploads = await createUploads({
      prefix: '/api/uploads',
      folder,
      fileFields: () => [],
      isBound: () => Promise.resolve(false),
      limits: DEFAULT_LIMITS,
      log: (line) => logged.push(line),
    });
    try {
      expect(await readStoredUpload(folder, id)).toMatchObject({ size: KEPT.length, offset: KEPT.length });
      expect(logged).toContain('uploads: 1 photo(s) whose location removal was cut by a stop finished, 0 left as they came');
    } finally {
      await uploads.close();
    }
  });
});
