// @vitest-environment node
import { randomBytes } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createUploadQueue, type UploadFiles, type UploadQueue } from '../../../src/uploads/create-upload-queue';
import type { DeviceFile } from '../../../src/storage/device-files';
import { fetchHttpStack } from '../../../src/uploads/fetch-http-stack';
import { startTusReceiver as startReceiver, type TusReceiver as Receiver } from '../../support/tus-receiver';

/**
 * The queue against a real tus 1.0 receiver (tests/support/tus-receiver.ts), reached through a
 * relay that counts the bytes the page sends and can cut the connection mid-body, as a phone's
 * connection drops: resuming must go on from the receiver's offset, not from zero.
 */

const MIB = 1024 * 1024;
const SHA = (n: number) => n.toString(16).padStart(64, '0');
/** Every test file was chosen in the room-photos field. */
const FIELDS = Object.fromEntries(Array.from({ length: 12 }, (_, n) => [SHA(n), 'roomPhotos']));

function deviceFiles(kept: DeviceFile[]): UploadFiles & { kept: Map<string, DeviceFile> } {
  const map = new Map(kept.map((file) => [file.sha256, file]));
  return {
    kept: map,
    get: (sha256) => Promise.resolve(map.get(sha256)),
    list: () => Promise.resolve([...map.values()]),
    update(sha256, patch) {
      const file = map.get(sha256);
      if (file) map.set(sha256, { ...file, ...patch });
      return Promise.resolve();
    },
  };
}

function photo(sha256: string, bytes: Buffer, name = 'room.jpg'): DeviceFile {
  return { sha256, name, type: 'image/jpeg', size: bytes.length, blob: new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'image/jpeg' }) };
}

function queueFor(files: UploadFiles, more: { online?: () => boolean; retryDelays?: number[]; chunkSize?: number } = {}): UploadQueue {
  return createUploadQueue({
    files,
    isOnline: more.online ?? (() => true),
    httpStack: fetchHttpStack(),
    retryDelays: more.retryDelays ?? [0, 20, 50],
    waitAfterCut: 50,
    ...(more.chunkSize ? { chunkSize: more.chunkSize } : {}),
  });
}

/** The bytes the receiver stored for the upload at `url`. */
async function storedBytes(receiver: Receiver, url: string): Promise<Buffer> {
  const id = url.slice(url.lastIndexOf('/') + 1);
  return readFile(join(receiver.directory, id));
}

async function until(check: () => boolean, timeoutMs = 15_000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

let receiver: Receiver;

beforeEach(async () => {
  receiver = await startReceiver();
});

afterEach(async () => {
  await receiver.close();
});

describe('the upload queue against a real tus receiver', () => {
  it('uploads a kept file in 1 MiB chunks, keeps its address on the file and marks it uploaded', async () => {
    const bytes = randomBytes(9 * MIB);
    const files = deviceFiles([photo(SHA(1), bytes)]);
    const queue = queueFor(files);
    queue.uploadSoon(receiver.endpoint, FIELDS);
    await queue.settled();
    const kept = files.kept.get(SHA(1));
    expect(kept?.uploaded).toBe(true);
    expect(kept?.uploadUrl).toMatch(/\/api\/uploads\/[0-9a-f]{32}$/);
    expect((await storedBytes(receiver, kept?.uploadUrl ?? '')).equals(bytes)).toBe(true);
    expect(queue.statusOf(SHA(1))).toEqual({ state: 'done', bytesSent: bytes.length, bytesTotal: bytes.length });
    expect(receiver.created).toEqual([{ filename: 'room.jpg', filetype: 'image/jpeg', sha256: SHA(1), field: 'roomPhotos' }]);
    // One creation, nine PATCHes of at most 1 MiB.
    expect(receiver.requests.filter((method) => method === 'POST')).toHaveLength(1);
    expect(receiver.requests.filter((method) => method === 'PATCH')).toHaveLength(9);
  });

  it('resumes from the receiver offset after the connection is cut mid-body: bytes sent stay near bytes stored', async () => {
    const bytes = randomBytes(10 * MIB);
    const files = deviceFiles([photo(SHA(2), bytes)]);
    const queue = queueFor(files);
    // Cut in the middle of the second chunk.
    receiver.cutAfter(6 * MIB);
    queue.uploadSoon(receiver.endpoint, FIELDS);
    await queue.settled();
    const kept = files.kept.get(SHA(2));
    expect(kept?.uploaded).toBe(true);
    expect((await storedBytes(receiver, kept?.uploadUrl ?? '')).equals(bytes)).toBe(true);
    // A HEAD after the cut asked how far the receiver got: one upload, never started again from zero.
    expect(receiver.requests.filter((method) => method === 'POST')).toHaveLength(1);
    expect(receiver.requests).toContain('HEAD');
    const ratio = receiver.sent() / bytes.length;
    expect(ratio).toBeLessThan(1.1);
  });

  it('after a reload (a new queue), goes on from the offset the receiver holds, with the address kept on the file', async () => {
    const bytes = randomBytes(12 * MIB);
    const files = deviceFiles([photo(SHA(3), bytes)]);
    let online = true;
    const first = queueFor(files, { online: () => online });
    first.uploadSoon(receiver.endpoint, FIELDS);
    await until(() => (first.statusOf(SHA(3))?.bytesSent ?? 0) >= 4 * MIB);
    // The tab goes away mid-upload.
    online = false;
    first.offline();
    await first.settled();
    expect(first.statusOf(SHA(3))?.state).toBe('paused');
    const url = files.kept.get(SHA(3))?.uploadUrl ?? '';
    expect(url).not.toBe('');
    const storedBefore = (await stat(join(receiver.directory, url.slice(url.lastIndexOf('/') + 1)))).size;
    expect(storedBefore).toBeGreaterThanOrEqual(4 * MIB);
    const sentBefore = receiver.sent();

    const second = queueFor(files);
    second.uploadSoon(receiver.endpoint, FIELDS);
    await second.settled();
    expect(files.kept.get(SHA(3))?.uploaded).toBe(true);
    expect(files.kept.get(SHA(3))?.uploadUrl).toBe(url);
    expect((await storedBytes(receiver, url)).equals(bytes)).toBe(true);
    // Only what the receiver lacked went out again (and a few headers).
    expect(receiver.sent() - sentBefore).toBeLessThan(bytes.length - storedBefore + 64 * 1024);
    expect(receiver.requests.filter((method) => method === 'POST')).toHaveLength(1);
  });

  it('uploads each file once: a file already uploaded is not sent again, and two calls make one turn', async () => {
    const a = randomBytes(1000);
    const b = randomBytes(2000);
    const files = deviceFiles([photo(SHA(4), a), { ...photo(SHA(5), b), uploaded: true, uploadUrl: `${receiver.endpoint}/${'a'.repeat(32)}` }]);
    const queue = queueFor(files);
    queue.uploadSoon(receiver.endpoint, FIELDS);
    queue.uploadSoon(receiver.endpoint, FIELDS);
    await queue.settled();
    queue.uploadSoon(receiver.endpoint, FIELDS);
    await queue.settled();
    expect(receiver.requests.filter((method) => method === 'POST')).toHaveLength(1);
    expect(queue.statusOf(SHA(4))?.state).toBe('done');
    expect(queue.statusOf(SHA(5))?.state).toBe('done');
  });

  it('starts a new upload once when the receiver removed the abandoned one (404 on resume)', async () => {
    const bytes = randomBytes(3000);
    const gone = `${receiver.endpoint}/${'b'.repeat(32)}`;
    const files = deviceFiles([{ ...photo(SHA(6), bytes), uploadUrl: gone }]);
    const queue = queueFor(files);
    queue.uploadSoon(receiver.endpoint, FIELDS);
    await queue.settled();
    const kept = files.kept.get(SHA(6));
    expect(kept?.uploaded).toBe(true);
    expect(kept?.uploadUrl).not.toBe(gone);
    expect((await storedBytes(receiver, kept?.uploadUrl ?? '')).equals(bytes)).toBe(true);
    expect(receiver.requests.slice(0, 2)).toEqual(['HEAD', 'POST']);
  });

  it('waits until some field names a file: the receiver checks each upload against its field', async () => {
    const files = deviceFiles([photo(SHA(10), randomBytes(100))]);
    const queue = queueFor(files);
    queue.uploadSoon(receiver.endpoint);
    await queue.settled();
    expect(receiver.requests).toEqual([]);
    expect(queue.statusOf(SHA(10))?.state).toBe('queued');
    queue.uploadSoon(receiver.endpoint, { [SHA(10)]: 'mediaKit' });
    await queue.settled();
    expect(queue.statusOf(SHA(10))?.state).toBe('done');
    expect(receiver.created[0]?.field).toBe('mediaKit');
  });

  it('waits offline and goes on when the connection comes back', async () => {
    const bytes = randomBytes(5000);
    const files = deviceFiles([photo(SHA(7), bytes)]);
    let online = false;
    const queue = queueFor(files, { online: () => online });
    queue.uploadSoon(receiver.endpoint, FIELDS);
    await queue.settled();
    expect(queue.statusOf(SHA(7))).toEqual({ state: 'paused', bytesSent: 0, bytesTotal: 5000, paused: 'offline' });
    expect(receiver.requests).toEqual([]);
    online = true;
    queue.online();
    await queue.settled();
    expect(queue.statusOf(SHA(7))?.state).toBe('done');
  });

  it('says every file is paused while the network answers nothing though the browser says online, and goes on when it answers', async () => {
    const files = deviceFiles([photo(SHA(8), randomBytes(4000)), photo(SHA(9), randomBytes(6000), 'kit.jpg')]);
    // A signal bar and no network: every request fails before any answer, as fetch does offline.
    let answering = false;
    const silentFetch: typeof fetch = (input, init) => (answering ? fetch(input, init) : Promise.reject(new TypeError('Failed to fetch')));
    const queue = createUploadQueue({
      files,
      isOnline: () => true,
      httpStack: fetchHttpStack(silentFetch),
      retryDelays: [0, 200, 200, 200, 200, 200, 200],
      waitAfterCut: 50,
    });
    queue.uploadSoon(receiver.endpoint, FIELDS);
    await until(() => queue.statusOf(SHA(8))?.state === 'paused' && queue.statusOf(SHA(9))?.state === 'paused');
    expect(queue.statusOf(SHA(8))).toEqual({ state: 'paused', bytesSent: 0, bytesTotal: 4000, paused: 'cut' });
    expect(queue.statusOf(SHA(9))).toEqual({ state: 'paused', bytesSent: 0, bytesTotal: 6000, paused: 'cut' });
    answering = true;
    await until(() => queue.statusOf(SHA(8))?.state === 'done' && queue.statusOf(SHA(9))?.state === 'done');
    expect(receiver.created).toHaveLength(2);
  });

  it('removing a file while it uploads stops it and deletes it on the receiver', async () => {
    const bytes = randomBytes(12 * MIB);
    const files = deviceFiles([photo(SHA(8), bytes)]);
    const queue = queueFor(files);
    queue.uploadSoon(receiver.endpoint, FIELDS);
    await until(() => (queue.statusOf(SHA(8))?.bytesSent ?? 0) >= 4 * MIB);
    const url = files.kept.get(SHA(8))?.uploadUrl ?? '';
    queue.forget(SHA(8));
    files.kept.delete(SHA(8));
    await queue.settled();
    expect(queue.statusOf(SHA(8))).toBeUndefined();
    await until(() => receiver.requests.includes('DELETE'));
    const path = join(receiver.directory, url.slice(url.lastIndexOf('/') + 1));
    await expect
      .poll(() =>
        stat(path).then(
          () => 'kept',
          () => 'removed',
        ),
      )
      .toBe('removed');
  });
});

describe('a removed file already uploaded, or paused', () => {
  it('is deleted on the receiver too', async () => {
    const files = deviceFiles([photo(SHA(11), randomBytes(2000))]);
    const queue = queueFor(files);
    queue.uploadSoon(receiver.endpoint, FIELDS);
    await queue.settled();
    const url = files.kept.get(SHA(11))?.uploadUrl ?? '';
    const path = join(receiver.directory, url.slice(url.lastIndexOf('/') + 1));
    await stat(path);
    queue.forget(SHA(11));
    files.kept.delete(SHA(11));
    await until(() => receiver.requests.includes('DELETE'));
    await expect
      .poll(() =>
        stat(path).then(
          () => 'kept',
          () => 'removed',
        ),
      )
      .toBe('removed');
  });
});

describe('a file the receiver refuses for good', () => {
  it('fails as too large (413) and is not tried again', async () => {
    await receiver.close();
    receiver = await startReceiver({ maxSize: 1000 });
    const files = deviceFiles([photo(SHA(9), randomBytes(2000))]);
    const queue = queueFor(files);
    queue.uploadSoon(receiver.endpoint, FIELDS);
    await queue.settled();
    expect(queue.statusOf(SHA(9))).toMatchObject({ state: 'failed', failure: 'too-large' });
    queue.uploadSoon(receiver.endpoint, FIELDS);
    await queue.settled();
    expect(receiver.requests.filter((method) => method === 'POST')).toHaveLength(1);
    expect(files.kept.get(SHA(9))?.uploaded).toBeUndefined();
  });
});
