import type { DeviceFile } from '../../src/storage/device-files';
import { createUploadQueue, type UploadFiles, type UploadQueue } from '../../src/uploads/create-upload-queue';
import { fetchHttpStack } from '../../src/uploads/fetch-http-stack';

/** The files on a device, in memory, with every update the queue made to them in order. */
export function deviceFiles(
  kept: DeviceFile[],
): UploadFiles & { kept: Map<string, DeviceFile>; updates: Array<{ sha256: string; patch: Partial<DeviceFile> }> } {
  const map = new Map(kept.map((file) => [file.sha256, file]));
  const updates: Array<{ sha256: string; patch: Partial<DeviceFile> }> = [];
  return {
    kept: map,
    updates,
    get: (sha256) => Promise.resolve(map.get(sha256)),
    list: () => Promise.resolve([...map.values()]),
    update(sha256, patch) {
      updates.push({ sha256, patch });
      const file = map.get(sha256);
      if (file) map.set(sha256, { ...file, ...patch });
      return Promise.resolve();
    },
  };
}

/** A file as the field keeps it, with its bytes. */
export function keptFile(sha256: string, bytes: Buffer, name = 'brochure.pdf', type = 'application/pdf'): DeviceFile {
  return { sha256, name, type, size: bytes.length, blob: new Blob([bytes as Uint8Array<ArrayBuffer>], { type }) };
}

/** A queue over fetch with quick retries, as the tests wait for them. */
export function quickQueue(files: UploadFiles, more: { online?: () => boolean; retryDelays?: number[] } = {}): UploadQueue {
  return createUploadQueue({
    files,
    isOnline: more.online ?? (() => true),
    httpStack: fetchHttpStack(),
    retryDelays: more.retryDelays ?? [0, 20, 50],
    waitAfterCut: 50,
  });
}

export async function until(check: () => boolean, timeoutMs = 15_000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
