// @vitest-environment node
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeviceFile } from '../../../src/storage/device-files';
import type { OutboxRecord } from '../../../src/outbox/outbox-record';
import { filesReadyInWorker } from '../../../src/uploads/files-ready-in-worker';
import { startTusReceiver, type TusReceiver } from '../../support/tus-receiver';

// The files on the device, as the worker reads them (IndexedDB in the browser).
const kept = new Map<string, DeviceFile>();
vi.mock('../../../src/storage/device-files', () => ({
  getDeviceFile: (sha256: string) => Promise.resolve(kept.get(sha256)),
  listDeviceFiles: () => Promise.resolve([...kept.values()]),
  updateDeviceFile: (sha256: string, patch: Partial<DeviceFile>) => {
    const file = kept.get(sha256);
    if (file) kept.set(sha256, { ...file, ...patch });
    return Promise.resolve();
  },
}));

const SHA_A = 'a'.repeat(64);
const SHA_B = 'b'.repeat(64);
let receiver: TusReceiver;

function recordNaming(url: string): OutboxRecord {
  const body = {
    personalInfo: {},
    platforms: {},
    fields: [],
    files: [
      { key: 'roomPhotos', uploadId: '', sha256: SHA_A },
      { key: 'mediaKit', uploadId: '', sha256: SHA_B },
    ],
  };
  return {
    applicationId: 'app',
    key: 'key',
    revision: 1,
    url,
    body,
    createdAt: 0,
    attempts: 1,
    lastAttemptAt: 0,
    lastError: null,
    refused: false,
    held: false,
  };
}

function keep(sha256: string, bytes: Buffer, type: string): void {
  kept.set(sha256, { sha256, name: `${sha256.slice(0, 4)}.bin`, type, size: bytes.length, blob: new Blob([bytes as Uint8Array<ArrayBuffer>], { type }) });
}

beforeEach(async () => {
  kept.clear();
  receiver = await startTusReceiver();
});

afterEach(async () => {
  await receiver.close();
});

describe('the service worker readying an application that names files', () => {
  it('uploads the files still on the device over fetch, then gives the body with their upload ids', async () => {
    const photo = randomBytes(5 * 1024 * 1024);
    const kit = randomBytes(3000);
    keep(SHA_A, photo, 'image/jpeg');
    keep(SHA_B, kit, 'application/pdf');
    const applications = receiver.endpoint.replace(/uploads$/, 'applications');
    const readiness = await filesReadyInWorker(recordNaming(applications), 'http://ignored.example/sw.js');
    expect(readiness.ready).toBe(true);
    const files = readiness.ready ? (readiness.body as { files: Array<{ key: string; uploadId: string; sha256: string }> }).files : [];
    expect(files.map((file) => file.key)).toEqual(['roomPhotos', 'mediaKit']);
    for (const file of files) expect(file.uploadId).toMatch(/^[0-9a-f]{32}$/);
    expect((await readFile(join(receiver.directory, files[0]?.uploadId ?? ''))).equals(photo)).toBe(true);
    expect((await readFile(join(receiver.directory, files[1]?.uploadId ?? ''))).equals(kit)).toBe(true);
    expect(receiver.created.map((metadata) => metadata.field)).toEqual(['roomPhotos', 'mediaKit']);
  });

  it('says what still waits when a file cannot be uploaded now, and sends nothing of the body', async () => {
    keep(SHA_A, randomBytes(100), 'image/jpeg');
    keep(SHA_B, randomBytes(100), 'application/pdf');
    await receiver.close();
    // Nothing answers at the uploads' address any more (a closed port): the sync is failed, to be fired again.
    const readiness = await filesReadyInWorker(recordNaming(receiver.endpoint.replace(/uploads$/, 'applications')), 'http://ignored.example/sw.js', [0]);
    expect(readiness).toEqual({ ready: false, files: { uploaded: 0, total: 2 } });
    receiver = await startTusReceiver();
  });
});
