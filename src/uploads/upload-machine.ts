/**
 * The life of one file's upload, as pure transitions (no timers, no network, no storage): the
 * upload queue (create-upload-queue.ts) feeds it what happened and draws what it says. A file kept on the
 * device is `queued`; it is `uploading` while its bytes go out, one file at a time; `paused` while
 * the page is offline or after a cut connection (it goes on later from the receiver's offset, never
 * from zero: resumed, it is `uploading` again); `done` once the receiver acknowledged every byte;
 * `failed` only when the receiver refused it for good (too large, a type the field does not take,
 * metadata it will not store), with a reason the creator can act on. Removing a file ends it.
 */

export type UploadState = 'queued' | 'uploading' | 'paused' | 'done' | 'failed';

/**
 * Why the receiver refused a file for good, in terms the creator can act on:
 * `too-large` (413: choose a smaller file), `type` (415: a type the field does not take),
 * `refused` (400 or another final 4xx: the file cannot be sent as it is; remove it and choose again).
 */
export type UploadFailure = 'too-large' | 'type' | 'refused';

/** Why an upload waits: no connection, or the connection was cut (tried again on the retry schedule). */
export type PauseReason = 'offline' | 'cut';

export interface UploadStatus {
  state: UploadState;
  bytesSent: number;
  bytesTotal: number;
  /** Set when paused. */
  paused?: PauseReason;
  /** Set when failed. */
  failure?: UploadFailure;
}

export type UploadEvent =
  /** The file was kept on the device (its size in bytes). */
  | { type: 'chosen'; bytesTotal: number }
  /** Its upload began or went on, from the receiver's offset `bytesSent`. */
  | { type: 'started'; bytesSent?: number }
  | { type: 'progress'; bytesSent: number; bytesTotal?: number }
  | { type: 'offline' }
  | { type: 'online' }
  /** The connection dropped, or the receiver had trouble worth waiting out (5xx, 429, 423…). */
  | { type: 'cut' }
  /** The wait after a cut is over (the retry schedule's): back in line. */
  | { type: 'retry' }
  /** The receiver holds every byte. */
  | { type: 'acknowledged' }
  /** The receiver refused the upload with this final status. */
  | { type: 'refused'; status: number }
  | { type: 'removed' };

/** The failure the creator is told of for a final status of the receiver. */
export function failureOf(status: number): UploadFailure {
  if (status === 413) return 'too-large';
  if (status === 415) return 'type';
  return 'refused';
}

/**
 * Whether a status from the receiver ends the upload for good. 404 and 410 do not: the receiver
 * removed an upload left unfinished, and the queue starts the file afresh once (create-upload-queue.ts);
 * 409 (offset mismatch), 423 (locked) and 429 (too many) pass with time, as do 408 and 5xx.
 */
export function isFinalRefusal(status: number): boolean {
  return status >= 400 && status < 500 && ![404, 408, 409, 410, 423, 429].includes(status);
}

/** A file just kept, waiting its turn. */
export function chosenUpload(bytesTotal: number): UploadStatus {
  return { state: 'queued', bytesSent: 0, bytesTotal };
}

/** The status after `event`; `null` once the file is removed (its upload is forgotten). */
export function nextUploadStatus(status: UploadStatus | undefined, event: UploadEvent): UploadStatus | null {
  if (event.type === 'removed') return null;
  if (!status) return event.type === 'chosen' ? chosenUpload(event.bytesTotal) : null;
  // Finished either way: nothing the network does changes it (a new file is a new sha256).
  if (status.state === 'done' || status.state === 'failed') return status;
  switch (event.type) {
    case 'chosen':
      return status;
    case 'started':
      return { state: 'uploading', bytesSent: clampBytes(event.bytesSent ?? status.bytesSent, status.bytesTotal), bytesTotal: status.bytesTotal };
    case 'progress': {
      // Bytes moving again after a cut: the client's own retry resumed it.
      if (status.state === 'queued' || status.paused === 'offline') return status;
      const bytesTotal = event.bytesTotal ?? status.bytesTotal;
      return { state: 'uploading', bytesSent: clampBytes(event.bytesSent, bytesTotal), bytesTotal };
    }
    case 'offline':
      return { state: 'paused', bytesSent: status.bytesSent, bytesTotal: status.bytesTotal, paused: 'offline' };
    case 'online':
      // Back in line; the queue resumes it from the receiver's offset when its turn comes.
      return status.state === 'paused' ? { state: 'queued', bytesSent: status.bytesSent, bytesTotal: status.bytesTotal } : status;
    case 'retry':
      return status.state === 'paused' && status.paused === 'cut' ? { state: 'queued', bytesSent: status.bytesSent, bytesTotal: status.bytesTotal } : status;
    case 'cut':
      // Offline wins: the reason shown is the one that ends first.
      if (status.state === 'paused' && status.paused === 'offline') return status;
      return { state: 'paused', bytesSent: status.bytesSent, bytesTotal: status.bytesTotal, paused: 'cut' };
    case 'acknowledged':
      return { state: 'done', bytesSent: status.bytesTotal, bytesTotal: status.bytesTotal };
    case 'refused':
      if (!isFinalRefusal(event.status)) return nextUploadStatus(status, { type: 'cut' });
      return { state: 'failed', bytesSent: status.bytesSent, bytesTotal: status.bytesTotal, failure: failureOf(event.status) };
  }
}

/** Whether the queue may start (or resume) this upload now: its turn has come and the page is online. */
export function mayStart(status: UploadStatus | undefined, online: boolean): boolean {
  return online && status?.state === 'queued';
}

function clampBytes(bytes: number, total: number): number {
  if (!Number.isFinite(bytes) || bytes < 0) return 0;
  return Math.min(bytes, total);
}
