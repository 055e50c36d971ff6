import type { FieldOfFile, UploadQueue } from './create-upload-queue';
import { deviceUploadQueue } from './device-upload-queue';

/**
 * The page's one upload queue (create-upload-queue.ts), as the file field and the outbox reach it:
 * the files on this device (storage/device-files.ts), the browser's online and offline events, and a
 * Web Lock per file so that two tabs never upload the same bytes at once (the second waits, then
 * finds the file uploaded, or resumes the upload the first created).
 */

/** What the file field shows of one file's upload: `error` is the failure's reason ('too-large', 'type', 'refused'; upload-machine.ts). */
export interface UploadProgress {
  state: 'queued' | 'uploading' | 'paused' | 'done' | 'failed';
  bytesSent: number;
  bytesTotal: number;
  error?: string;
}

let queue: UploadQueue | null = null;
const progress = new Map<string, UploadProgress>();

function pageQueue(): UploadQueue {
  if (queue) return queue;
  const made = deviceUploadQueue();
  if (typeof window !== 'undefined') {
    window.addEventListener('online', () => {
      made.online();
    });
    window.addEventListener('offline', () => {
      made.offline();
    });
  }
  queue = made;
  return made;
}

/**
 * A file was added, or a connection came back: uploads every file on the device with its bytes and
 * not yet uploaded, one at a time. `fieldOf` names the field (its key, as in the PUT body's
 * `files[].key`) of the files the caller holds, by SHA-256: a file is uploaded once some caller
 * has named its field, since the receiver checks each upload against its field's rules.
 */
export function uploadSoon(endpoint: string, fieldOf?: FieldOfFile): void {
  pageQueue().uploadSoon(endpoint, fieldOf);
}

/** The file was removed: its upload stops, and the receiver is asked to delete it (best effort). */
export function forgetUpload(sha256: string): void {
  pageQueue().forget(sha256);
}

/** Calls `listener` whenever any file's upload changes; returns the way to stop. */
export function subscribeUploadProgress(listener: () => void): () => void {
  return pageQueue().subscribe(listener);
}

/**
 * The upload of the file `sha256`, the same object until what a row shows of it changes
 * (useSyncExternalStore compares them): every progress event of one file's upload tells every
 * listener, and a list of six files redrawn at each would hold the main thread for most of an
 * upload. A row shows its bytes to the percent, so a new object comes with each whole percent.
 */
export function uploadProgressOf(sha256: string): UploadProgress | undefined {
  const status = pageQueue().statusOf(sha256);
  if (!status) {
    progress.delete(sha256);
    return undefined;
  }
  const shown: UploadProgress = { state: status.state, bytesSent: status.bytesSent, bytesTotal: status.bytesTotal, ...(status.failure ? { error: status.failure } : {}) };
  const before = progress.get(sha256);
  if (before && showsTheSame(before, shown)) return before;
  progress.set(sha256, shown);
  return shown;
}

/** Whether two moments of an upload look the same in its row. Pure. */
export function showsTheSame(before: UploadProgress, now: UploadProgress): boolean {
  return (
    before.state === now.state &&
    before.error === now.error &&
    before.bytesTotal === now.bytesTotal &&
    wholePercent(before) === wholePercent(now)
  );
}

function wholePercent(upload: UploadProgress): number {
  return upload.bytesTotal > 0 ? Math.floor((100 * upload.bytesSent) / upload.bytesTotal) : 0;
}
