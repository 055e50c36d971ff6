// @vitest-environment node
import { randomBytes } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deviceFiles, keptFile, quickQueue, until } from '../../support/upload-queue-fakes';
import { startTusReceiver, type TusReceiver } from '../../support/tus-receiver';

/**
 * The queue when the receiver restarts behind its proxy (the proxy answers 502 meanwhile), and
 * when the creator removes a file and chooses it again: the file ends whole on the receiver, in
 * the upload the file's record names, and the same upload goes on rather than a new one.
 */

const MIB = 1024 * 1024;
const SHA = (n: number) => n.toString(16).padStart(64, '0');
const FIELDS = Object.fromEntries(Array.from({ length: 12 }, (_, n) => [SHA(n), 'mediaKit']));

let receiver: TusReceiver;

beforeEach(async () => {
  receiver = await startTusReceiver();
});

afterEach(async () => {
  await receiver.close();
});

function idOf(url: string): string {
  return url.slice(url.lastIndexOf('/') + 1);
}

describe('a receiver restarting behind its proxy', () => {
  it('resumes the same upload after HEAD answers 502, and the record names the upload that holds every byte', async () => {
    const bytes = randomBytes(6 * MIB);
    const files = deviceFiles([keptFile(SHA(1), bytes)]);
    let online = true;
    const first = quickQueue(files, { online: () => online });
    first.uploadSoon(receiver.endpoint, FIELDS);
    await until(() => (first.statusOf(SHA(1))?.bytesSent ?? 0) >= 2 * MIB);
    online = false;
    first.offline();
    await first.settled();
    const url = files.kept.get(SHA(1))?.uploadUrl ?? '';
    expect(url).not.toBe('');
    const storedBefore = (await stat(join(receiver.directory, idOf(url)))).size;

    // The proxy answers 502 twice while the receiver starts again; the client retries within its turn.
    receiver.failHeads(2);
    const second = quickQueue(files);
    second.uploadSoon(receiver.endpoint, FIELDS);
    await second.settled();
    expect(second.statusOf(SHA(1))?.state).toBe('done');
    expect(files.kept.get(SHA(1))).toMatchObject({ uploaded: true, uploadUrl: url });
    expect((await readFile(join(receiver.directory, idOf(url)))).equals(bytes)).toBe(true);
    expect(receiver.requests.filter((method) => method === 'POST')).toHaveLength(1);
    expect(receiver.requests.filter((method) => method === 'HEAD')).toHaveLength(3);
    // Only what the receiver lacked went again.
    expect(storedBefore).toBeGreaterThanOrEqual(2 * MIB);
  });

  it('waits out a receiver that stays down longer than a turn (more 502s than its retries), keeping the same upload', async () => {
    const bytes = randomBytes(3 * MIB);
    const files = deviceFiles([{ ...keptFile(SHA(2), bytes.subarray(0, 3 * MIB)) }]);
    let online = true;
    const first = quickQueue(files, { online: () => online });
    first.uploadSoon(receiver.endpoint, FIELDS);
    await until(() => (first.statusOf(SHA(2))?.bytesSent ?? 0) >= MIB);
    online = false;
    first.offline();
    await first.settled();
    const url = files.kept.get(SHA(2))?.uploadUrl ?? '';
    // More 502s than the turn's retries: the turn ends as a cut, and the next one resumes.
    receiver.failHeads(5);
    const second = quickQueue(files, { retryDelays: [0, 10] });
    second.uploadSoon(receiver.endpoint, FIELDS);
    await until(() => second.statusOf(SHA(2))?.state === 'done');
    expect(files.kept.get(SHA(2))).toMatchObject({ uploaded: true, uploadUrl: url });
    expect(receiver.requests.filter((method) => method === 'POST')).toHaveLength(1);
    expect((await readFile(join(receiver.directory, idOf(url)))).equals(bytes)).toBe(true);
  });

  it('names a new upload on the file before its first byte is sent, when the receiver no longer has the old one (404)', async () => {
    const bytes = randomBytes(2 * MIB);
    const gone = `${receiver.endpoint}/${'c'.repeat(32)}`;
    const files = deviceFiles([{ ...keptFile(SHA(3), bytes), uploadUrl: gone }]);
    const queue = quickQueue(files);
    queue.uploadSoon(receiver.endpoint, FIELDS);
    await queue.settled();
    const url = files.kept.get(SHA(3))?.uploadUrl ?? '';
    expect(url).not.toBe(gone);
    expect(receiver.requests.slice(0, 3)).toEqual(['HEAD', 'POST', 'PATCH']);
    // The first update after the creation names the new upload, before the one that marks it uploaded.
    const named = files.updates.findIndex((update) => update.patch.uploadUrl === url);
    const done = files.updates.findIndex((update) => update.patch.uploaded === true);
    expect(named).toBeGreaterThanOrEqual(0);
    expect(named).toBeLessThan(done);
    expect((await readFile(join(receiver.directory, idOf(url)))).equals(bytes)).toBe(true);
  });
});

describe('a file removed, then chosen again', () => {
  it('is uploaded again once a field names it, not left waiting for ever', async () => {
    const bytes = randomBytes(200_000);
    const files = deviceFiles([keptFile(SHA(4), bytes)]);
    const queue = quickQueue(files);
    queue.uploadSoon(receiver.endpoint, FIELDS);
    await queue.settled();
    expect(queue.statusOf(SHA(4))?.state).toBe('done');
    // Remove: the queue forgets it, the field deletes it from the device (and the receiver's copy goes).
    queue.forget(SHA(4));
    files.kept.delete(SHA(4));
    await until(() => receiver.requests.includes('DELETE'));
    // Chosen again before the queue looked at the device: the same bytes, kept afresh.
    files.kept.set(SHA(4), keptFile(SHA(4), bytes));
    queue.uploadSoon(receiver.endpoint, { [SHA(4)]: 'mediaKit' });
    await queue.settled();
    expect(queue.statusOf(SHA(4))?.state).toBe('done');
    const url = files.kept.get(SHA(4))?.uploadUrl ?? '';
    expect(files.kept.get(SHA(4))?.uploaded).toBe(true);
    expect((await readFile(join(receiver.directory, idOf(url)))).equals(bytes)).toBe(true);
    expect(receiver.requests.filter((method) => method === 'POST')).toHaveLength(2);
  });

  it("chosen again at once while its removed upload is being deleted, keeps the new upload's address", async () => {
    const bytes = randomBytes(4 * MIB);
    const files = deviceFiles([keptFile(SHA(6), bytes)]);
    const queue = quickQueue(files);
    queue.uploadSoon(receiver.endpoint, FIELDS);
    await until(() => (queue.statusOf(SHA(6))?.bytesSent ?? 0) >= MIB);
    queue.forget(SHA(6));
    files.kept.set(SHA(6), keptFile(SHA(6), bytes));
    queue.uploadSoon(receiver.endpoint, { [SHA(6)]: 'mediaKit' });
    await until(() => queue.statusOf(SHA(6))?.state === 'done');
    await until(() => receiver.requests.includes('DELETE'));
    // The old upload's deletion answered after the new one was created: the record still names the new one.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const url = files.kept.get(SHA(6))?.uploadUrl ?? '';
    expect(files.kept.get(SHA(6))?.uploaded).toBe(true);
    expect(url).not.toBe('');
    expect((await readFile(join(receiver.directory, idOf(url)))).equals(bytes)).toBe(true);
  });

  it('uploads again a file acknowledged once whose record was cleared (the receiver did not find it whole at the send)', async () => {
    const bytes = randomBytes(100_000);
    const files = deviceFiles([keptFile(SHA(5), bytes)]);
    const queue = quickQueue(files);
    queue.uploadSoon(receiver.endpoint, FIELDS);
    await queue.settled();
    const first = files.kept.get(SHA(5))?.uploadUrl ?? '';
    await files.update(SHA(5), { uploadUrl: undefined, uploaded: false });
    queue.uploadSoon(receiver.endpoint, FIELDS);
    await queue.settled();
    expect(queue.statusOf(SHA(5))?.state).toBe('done');
    const second = files.kept.get(SHA(5))?.uploadUrl ?? '';
    expect(second).not.toBe(first);
    expect(files.kept.get(SHA(5))?.uploaded).toBe(true);
    expect((await readFile(join(receiver.directory, idOf(second)))).equals(bytes)).toBe(true);
  });
});
