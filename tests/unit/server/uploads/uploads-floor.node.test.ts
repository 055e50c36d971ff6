// @vitest-environment node
// Uploads never take the disk under the applications' floor (DISK_FLOOR_MB): the free space is read
// at most once a second, so bodies arriving together each reserve what they may still write; a
// chunked body, which announces no length, is counted as it arrives and cut at the floor (it used to
// be admitted as 0 bytes); the uploads no application holds are bounded all together
// (UPLOADS_MAX_MB); and an incomplete upload expires by its age since creation, so a byte a day
// cannot keep one alive.
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { limitSettings } from '../../../../server/limits/limit-settings.mjs';
import { createUploadsInTransit } from '../../../../server/uploads/uploads-in-transit.mjs';
import { createUpload, patchUpload, startUploadsReceiver, uploadOffset, type UploadsReceiver } from '../../../support/uploads-receiver';

const MiB = 1024 * 1024;
const FLOOR = 100 * MiB;
const nextReading = () => new Promise((resolve) => setTimeout(resolve, 1100));

const started: UploadsReceiver[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((receiver) => receiver.stop()));
});

/** A receiver whose disk reads `free()` bytes free, and `count` uploads of `size` bytes made while there was room. */
async function receiverWithUploads(count: number, size: number, options: Parameters<typeof startUploadsReceiver>[0] = {}) {
  let free = 100 * 1024 * MiB;
  const receiver = await startUploadsReceiver({ limits: { diskFloorBytes: FLOOR }, freeBytes: () => Promise.resolve(free), ...options });
  started.push(receiver);
  const endpoint = `${receiver.url}${receiver.uploadsPath}`;
  const content = randomBytes(size);
  const urls: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const made = await createUpload(endpoint, content);
    expect(made.status).toBe(201);
    urls.push(new URL(String(made.headers.location), receiver.url).href);
  }
  return {
    receiver,
    endpoint,
    content,
    urls,
    setFree: (bytes: number) => {
      free = bytes;
    },
  };
}

/** A chunked body: `total` bytes in 64 KiB pieces, a little apart, so it is still arriving while others are. */
async function* chunked(content: Buffer) {
  for (let at = 0; at < content.length; at += 64 * 1024) {
    yield content.subarray(at, at + 64 * 1024);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

const written = async (urls: string[]) =>
  (await Promise.all(urls.map(async (url) => (await uploadOffset(url)).offset ?? 0))).reduce((sum, bytes) => sum + bytes, 0);

describe('uploads against the disk floor', () => {
  it('lets concurrent bodies with a length take only the room above the floor: each reserves its length', async () => {
    const { content, urls, setFree } = await receiverWithUploads(8, 3 * MiB);
    setFree(FLOOR + 10 * MiB);
    await nextReading();
    const answers = await Promise.all(urls.map((url) => patchUpload(url, 0, content)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 204).length).toBe(3);
    expect(statuses.filter((status) => status === 503).length).toBe(5);
    expect(answers.filter((answer) => answer.status === 503).every((answer) => Number(answer.headers['retry-after']) > 0)).toBe(true);
    expect(await written(urls)).toBeLessThanOrEqual(10 * MiB);
  });

  it('counts a chunked body as it arrives and cuts it at the floor, keeping what came before', async () => {
    const { content, urls, setFree } = await receiverWithUploads(1, 6 * MiB);
    setFree(FLOOR + 3 * MiB);
    await nextReading();
    const answer = await patchUpload(urls[0] ?? '', 0, chunked(content));
    expect(answer.status).toBe(503);
    expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    const offset = await written(urls);
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(3 * MiB);
  });

  it('keeps concurrent chunked bodies and bodies with a length together above the floor', async () => {
    const { content, urls, setFree } = await receiverWithUploads(6, 2 * MiB);
    setFree(FLOOR + 5 * MiB);
    await nextReading();
    const answers = await Promise.all(urls.map((url, index) => patchUpload(url, 0, index % 2 === 0 ? chunked(content) : content)));
    expect(answers.some((answer) => answer.status === 503)).toBe(true);
    expect(answers.every((answer) => answer.status === 204 || answer.status === 503)).toBe(true);
    expect(await written(urls)).toBeLessThanOrEqual(5 * MiB);
  });
});

describe('uploads no application holds, all together', () => {
  it('refuses a creation past UPLOADS_MAX_MB with 503 and Retry-After, counting incomplete uploads by their declared length', async () => {
    expect(limitSettings({ UPLOADS_MAX_MB: '5' }).uploadsMaxBytes).toBe(5 * MiB);
    expect(limitSettings({}).uploadsMaxBytes).toBe(10_240 * MiB);
    expect(() => limitSettings({ UPLOADS_MAX_MB: 'lots' })).toThrow(/UPLOADS_MAX_MB/);
    const { endpoint, content } = await receiverWithUploads(2, 2 * MiB, { limits: { diskFloorBytes: FLOOR, uploadsMaxBytes: 5 * MiB } });
    const over = await createUpload(endpoint, content);
    expect(over.status).toBe(503);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await createUpload(endpoint, content.subarray(0, MiB))).status).toBe(201);
  });

  it("counts a folder not made yet, or one that cannot be read, as holding nothing: the upload's own write says what is wrong", async () => {
    const isBound = () => Promise.resolve(false);
    expect(await createUploadsInTransit({ folder: join(tmpdir(), `never-made-${randomBytes(8).toString('hex')}`), isBound }).bytes()).toBe(0);
    const notAFolder = join(tmpdir(), `not-a-folder-${randomBytes(8).toString('hex')}`);
    await writeFile(notAFolder, 'a file');
    expect(await createUploadsInTransit({ folder: notAFolder, isBound }).bytes()).toBe(0);
  });
});

describe('abandoned uploads', () => {
  it('removes an incomplete upload a day after its creation, however recently a byte came', async () => {
    const { receiver, content, urls } = await receiverWithUploads(2, 1000);
    const [trickled = '', fresh = ''] = urls;
    const id = trickled.split('/').at(-1) ?? '';
    const info = join(receiver.uploadsFolder, `${id}.json`);
    const upload = JSON.parse(await readFile(info, 'utf8')) as Record<string, unknown>;
    await writeFile(info, JSON.stringify({ ...upload, creation_date: new Date(Date.now() - 25 * 3600 * 1000).toISOString() }));
    // A byte now: the upload was touched this very moment.
    expect((await patchUpload(trickled, 0, content.subarray(0, 1))).status).toBe(204);
    expect((await patchUpload(fresh, 0, content.subarray(0, 1))).status).toBe(204);
    expect(await receiver.sweepUploads()).toEqual({ incomplete: 1, unbound: 0 });
    expect((await uploadOffset(trickled)).status).toBe(404);
    expect((await uploadOffset(fresh)).offset).toBe(1);
  });
});
