import type { UploadStatus } from './upload-machine';

/** What the file field shows of one file's upload: `error` is the failure's reason ('too-large', 'type', 'refused'; upload-machine.ts). */
export interface UploadProgress {
  state: 'queued' | 'uploading' | 'paused' | 'done' | 'failed';
  bytesSent: number;
  bytesTotal: number;
  error?: string;
}

/**
 * A file's upload as its row shows it, read from `statusOf`: the same object until what the row
 * shows of it changes (useSyncExternalStore compares them). Every progress event of one file's
 * upload tells every listener, and a list of six files redrawn at each would hold the main thread
 * for most of an upload. A row shows its bytes to the percent, so a new object comes with each
 * whole percent.
 */
export function progressMemo(statusOf: (sha256: string) => UploadStatus | undefined): (sha256: string) => UploadProgress | undefined {
  const shownLast = new Map<string, UploadProgress>();
  return (sha256) => {
    const status = statusOf(sha256);
    if (!status) {
      shownLast.delete(sha256);
      return undefined;
    }
    const shown: UploadProgress = {
      state: status.state,
      bytesSent: status.bytesSent,
      bytesTotal: status.bytesTotal,
      ...(status.failure ? { error: status.failure } : {}),
    };
    const before = shownLast.get(sha256);
    if (before && showsTheSame(before, shown)) return before;
    shownLast.set(sha256, shown);
    return shown;
  };
}

/** Whether two moments of an upload look the same in its row. Pure. */
export function showsTheSame(before: UploadProgress, now: UploadProgress): boolean {
  return before.state === now.state && before.error === now.error && before.bytesTotal === now.bytesTotal && wholePercent(before) === wholePercent(now);
}

function wholePercent(upload: UploadProgress): number {
  return upload.bytesTotal > 0 ? Math.floor((100 * upload.bytesSent) / upload.bytesTotal) : 0;
}
