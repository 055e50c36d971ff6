import { Upload, type DetailedError, type HttpStack } from 'tus-js-client';
import type { DeviceFile } from '../storage/device-files';
import { MAX_BACKOFF_SECONDS } from '../outbox/retry-policy';
import { type UploadFiles } from './file-url-storage';
import { fileUploadOptions } from './file-upload-options';
import { CHUNK_SIZE, UPLOAD_RETRY_DELAYS } from './upload-pace';
import { isFinalRefusal, nextUploadStatus, mayStart, type UploadEvent, type UploadStatus } from './upload-machine';

/**
 * The page's uploads, one file at a time, over tus 1.0 (tus-js-client): every file kept on the
 * device with its bytes and not yet acknowledged by the receiver is uploaded in turn, in 1 MiB
 * PATCHes, each of which the receiver writes to disk before answering. The upload's address is
 * kept on the file (DeviceFile.uploadUrl) the moment the receiver creates it, so a cut, a reload
 * or a closed tab resumes from the receiver's offset (HEAD), never from zero; the file's SHA-256 is
 * its identity (the fingerprint), so the same bytes are uploaded once. If the receiver has removed
 * an upload left unfinished (404/410 on HEAD), the client starts the file afresh, once per turn;
 * any other trouble on HEAD (a proxy's 502 while the receiver restarts) is waited out, and the same
 * upload resumes (resuming-http-stack.ts).
 * Offline, uploads pause; online, they go on. A final refusal (413, 415, 400) fails the file with
 * a reason (upload-machine.ts); other trouble is tried again on the outbox's schedule.
 */

export type { UploadFiles };

export interface UploadQueueDevices {
  files: UploadFiles;
  /** Whether the page has a connection now (navigator.onLine). */
  isOnline: () => boolean;
  /** The HTTP stack: tus-js-client's own (XMLHttpRequest) unless given (fetch in the service worker, tests). */
  httpStack?: HttpStack;
  /** Runs `upload` while no other tab uploads the same file (Web Locks), else as it comes. */
  exclusively?: <T>(sha256: string, upload: () => Promise<T>) => Promise<T>;
  /** The bytes of one PATCH. */
  chunkSize?: number;
  /** tus-js-client's retries within one turn, in ms; default the outbox's schedule. */
  retryDelays?: number[];
  /** How long a file waits after its retries ran out before its next turn, in ms. */
  waitAfterCut?: number;
}

/** The key of the field each file was chosen in, by SHA-256 (the upload's `field` metadata, which the receiver checks the file against). */
export type FieldOfFile = Readonly<Record<string, string>>;

export interface UploadQueue {
  uploadSoon(endpoint: string, fieldOf?: FieldOfFile): void;
  forget(sha256: string): void;
  online(): void;
  offline(): void;
  subscribe(listener: () => void): () => void;
  statusOf(sha256: string): UploadStatus | undefined;
  /** Resolves once no upload is running and none can start now (tests, the service worker). */
  settled(): Promise<void>;
}

/** How one turn at a file ended. */
type TurnEnd = 'done' | 'failed' | 'paused' | 'stopped';

export function createUploadQueue(devices: UploadQueueDevices): UploadQueue {
  const { files, isOnline, httpStack, chunkSize = CHUNK_SIZE, retryDelays = UPLOAD_RETRY_DELAYS, waitAfterCut = MAX_BACKOFF_SECONDS * 1000 } = devices;
  const exclusively = devices.exclusively ?? ((_sha256, upload) => upload());
  const statuses = new Map<string, UploadStatus>();
  const listeners = new Set<() => void>();
  const retryTimers = new Map<string, ReturnType<typeof setTimeout>>();
  // Removed files, until they are gone from the device: a turn still reading one ends without a trace.
  const forgotten = new Set<string>();
  // Who names a file tells its field: the file field that keeps it, or the application's body.
  const fields = new Map<string, string>();
  let endpoint: string | null = null;
  let current: { sha256: string; upload: Upload | null; stop: (end: TurnEnd) => void } | null = null;
  // The running pass over the files, and whether another was asked for meanwhile.
  const pass: { running: Promise<void> | null; again: boolean } = { running: null, again: false };

  function tell(sha256: string, event: UploadEvent): void {
    const next = nextUploadStatus(statuses.get(sha256), event);
    if (next === statuses.get(sha256)) return;
    if (next) statuses.set(sha256, next);
    else statuses.delete(sha256);
    for (const listener of listeners) listener();
  }

  /** Every file the device can upload gets a status; one already acknowledged is done. */
  async function gather(): Promise<DeviceFile[]> {
    const kept = await files.list();
    // A removed file gone from the device may be chosen again one day: a new turn then starts.
    for (const sha256 of forgotten) if (!kept.some((file) => file.sha256 === sha256)) forgotten.delete(sha256);
    for (const file of kept) {
      // Acknowledged here once, but the device no longer says so: it is to go again (the receiver did
      // not find it whole at the send, and the outbox, here or in the service worker, cleared it).
      if (statuses.get(file.sha256)?.state === 'done' && !file.uploaded && file.blob) tell(file.sha256, { type: 'removed' });
      if (forgotten.has(file.sha256) || statuses.has(file.sha256)) continue;
      if (file.uploaded) {
        tell(file.sha256, { type: 'chosen', bytesTotal: file.size });
        tell(file.sha256, { type: 'acknowledged' });
      } else if (file.blob) {
        tell(file.sha256, { type: 'chosen', bytesTotal: file.size });
        if (!isOnline()) tell(file.sha256, { type: 'offline' });
      }
    }
    return kept;
  }

  async function pump(): Promise<void> {
    do {
      const kept = await gather();
      for (;;) {
        // A file no field has named yet waits: the receiver would refuse an upload for no field.
        const next = kept.find(
          (file) => file.blob && !file.uploaded && fields.has(file.sha256) && !forgotten.has(file.sha256) && mayStart(statuses.get(file.sha256), isOnline()),
        );
        if (!next || endpoint === null) break;
        await exclusively(next.sha256, () => turn(next.sha256, endpoint ?? ''));
        // A file done in this turn is not picked again: the list is read afresh for the next.
        kept.splice(kept.indexOf(next), 1);
      }
    } while (askedAgain());
  }

  /** Whether another pass was asked for while this one ran (a file kept, a connection back), clearing the request. */
  function askedAgain(): boolean {
    const asked = pass.again;
    pass.again = false;
    return asked;
  }

  function uploadSoon(to: string, fieldOf: FieldOfFile = {}): void {
    endpoint = to;
    for (const [sha256, field] of Object.entries(fieldOf)) {
      fields.set(sha256, field);
      // Named again after a Remove: the creator chose the same file again, and it is uploaded
      // again (its upload was deleted on the receiver), not left waiting for ever.
      forgotten.delete(sha256);
    }
    if (pass.running) {
      pass.again = true;
      return;
    }
    pass.running = pump()
      .catch(() => undefined)
      .finally(() => {
        pass.running = null;
      });
  }

  /** One file's turn: resumes or creates its upload and ends when it is done, failed, paused or removed. */
  async function turn(sha256: string, to: string): Promise<TurnEnd> {
    const field = fields.get(sha256) ?? '';
    // Read again under the lock: another tab may have uploaded it, or created its upload, meanwhile.
    const file = await files.get(sha256);
    if (!file?.blob || forgotten.has(sha256)) return 'stopped';
    if (file.uploaded) {
      tell(sha256, { type: 'acknowledged' });
      return 'done';
    }
    if (!mayStart(statuses.get(sha256), isOnline())) return 'stopped';
    tell(sha256, { type: 'started' });
    return new Promise<TurnEnd>((resolve) => {
      const state = { ended: false };
      const end = (how: TurnEnd) => {
        if (state.ended) return;
        state.ended = true;
        current = null;
        resolve(how);
      };
      current = { sha256, upload: null, stop: end };
      const upload = new Upload(file.blob as Blob, {
        ...fileUploadOptions(file, field, { endpoint: to, files, chunkSize, retryDelays, httpStack }),
        onProgress: (bytesSent, bytesTotal) => {
          if (state.ended) return;
          tell(sha256, { type: 'progress', bytesSent, bytesTotal });
          answeredAgain(sha256);
        },
        onShouldRetry: (error: DetailedError) => {
          const status = error.originalResponse?.getStatus() ?? 0;
          const retry = isOnline() && !isFinalRefusal(status);
          if (retry && !error.originalResponse) unanswered();
          return retry;
        },
        onSuccess: () => {
          if (state.ended) return;
          answeredAgain(sha256);
          void files
            .update(sha256, { uploaded: true })
            .catch(() => undefined)
            .then(() => {
              tell(sha256, { type: 'acknowledged' });
              end('done');
            });
        },
        onError: (error) => {
          if (state.ended) return;
          const status = (error as Partial<DetailedError>).originalResponse?.getStatus() ?? 0;
          if (!isOnline()) {
            tell(sha256, { type: 'offline' });
            end('paused');
          } else if (isFinalRefusal(status)) {
            tell(sha256, { type: 'refused', status });
            end('failed');
          } else {
            tell(sha256, { type: 'cut' });
            waitThenRetry(sha256);
            end('paused');
          }
        },
      });
      current.upload = upload;
      void upload
        .findPreviousUploads()
        .then((previous) => {
          // Resumed from the address kept on the file: HEAD asks the receiver how far it got.
          const [kept] = previous;
          if (kept) upload.resumeFromPreviousUpload(kept);
          if (!state.ended) upload.start();
        })
        .catch(() => {
          tell(sha256, { type: 'cut' });
          waitThenRetry(sha256);
          end('paused');
        });
    });
  }

  /** No answer at all while the browser says online (no network behind a signal bar): every file pauses. */
  function unanswered(): void {
    for (const sha256 of [...statuses.keys()]) tell(sha256, { type: 'cut' });
  }
  /** An answer again: the files that silence paused are back in line. */
  function answeredAgain(running: string): void {
    for (const [sha256, status] of [...statuses]) if (sha256 !== running && status.paused === 'cut') tell(sha256, { type: 'retry' });
  }

  function waitThenRetry(sha256: string): void {
    clearTimeout(retryTimers.get(sha256));
    retryTimers.set(
      sha256,
      setTimeout(() => {
        retryTimers.delete(sha256);
        tell(sha256, { type: 'retry' });
        if (endpoint !== null) uploadSoon(endpoint);
      }, waitAfterCut),
    );
  }

  /** A removed file not uploading now may have an upload on the receiver (paused, or whole): it is deleted there, best effort. */
  function terminateKept(sha256: string): void {
    // Read before the caller deletes the file: IndexedDB answers in the order asked.
    void files
      .get(sha256)
      .then((file) => (file?.uploadUrl ? Upload.terminate(file.uploadUrl, { retryDelays: null, ...(httpStack ? { httpStack } : {}) }) : undefined))
      .catch(() => undefined);
  }

  function stopCurrent(how: TurnEnd, terminate: boolean): void {
    const running = current;
    if (!running) return;
    running.stop(how);
    // Terminating (tus DELETE) is best effort: an upload left behind is removed by the receiver after a day.
    void running.upload?.abort(terminate).catch(() => undefined);
  }

  return {
    uploadSoon,
    forget(sha256) {
      forgotten.add(sha256);
      clearTimeout(retryTimers.get(sha256));
      retryTimers.delete(sha256);
      if (current?.sha256 === sha256) stopCurrent('stopped', true);
      else terminateKept(sha256);
      tell(sha256, { type: 'removed' });
    },
    online() {
      for (const sha256 of [...statuses.keys()]) tell(sha256, { type: 'online' });
      if (endpoint !== null) uploadSoon(endpoint);
    },
    offline() {
      stopCurrent('paused', false);
      for (const sha256 of [...statuses.keys()]) tell(sha256, { type: 'offline' });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    statusOf: (sha256) => statuses.get(sha256),
    async settled() {
      while (pass.running) await pass.running;
    },
  };
}
