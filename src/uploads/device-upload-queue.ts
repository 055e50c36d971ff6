import { defaultLocks } from '../browser/web-locks';
import { getDeviceFile, listDeviceFiles, updateDeviceFile } from '../storage/device-files';
import { createUploadQueue, type UploadFiles, type UploadQueue, type UploadQueueDevices } from './create-upload-queue';
import { whileHoldingUploadLock } from './upload-lock';

/**
 * An upload queue (create-upload-queue.ts) over the files kept on this device
 * (storage/device-files.ts), each turn at a file under its Web Lock (upload-lock.ts), so that two
 * tabs, or a tab and the service worker, never upload the same bytes at once: the second waits,
 * then finds the file uploaded, or resumes the upload the first created. The one wiring the page
 * (page-uploads.ts) and the service worker (files-ready-in-worker.ts) both build their queue with;
 * each adds only what differs: its HTTP stack, its retries, when it counts as online.
 */

export interface DeviceUploadQueueOptions extends Pick<UploadQueueDevices, 'httpStack' | 'retryDelays'> {
  /** Whether uploads may go now; the browser's word (navigator.onLine) unless given. */
  isOnline?: () => boolean;
  /** The Web Locks the turns are taken under; this page's or worker's unless given (undefined: none). */
  locks?: LockManager | undefined;
}

const DEVICE_FILES: UploadFiles = {
  get: (sha256) => getDeviceFile(sha256),
  list: () => listDeviceFiles(),
  update: (sha256, patch) => updateDeviceFile(sha256, patch),
};

/** Whether the browser says it has a connection (always, where there is no navigator). */
export function browserOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine;
}

export function deviceUploadQueue(options: DeviceUploadQueueOptions = {}): UploadQueue {
  const { isOnline = browserOnline, httpStack, retryDelays } = options;
  const locks = 'locks' in options ? options.locks : defaultLocks();
  return createUploadQueue({
    files: DEVICE_FILES,
    isOnline,
    exclusively: (sha256, upload) => whileHoldingUploadLock(locks, sha256, upload),
    ...(httpStack ? { httpStack } : {}),
    ...(retryDelays ? { retryDelays } : {}),
  });
}
