import type { DeviceFile } from '../storage/device-files';
import { NotAnImageError, prepareFile, type PrepareRequest } from './prepare-file';
import type { PrepareAnswer, PrepareMessage } from './prepare-file.worker';
import { sha256Of } from './sha256-of';
import type { ShrinkResult } from './shrink-image';

/**
 * The page's side of prepare-file.worker.ts: one worker, started at the first file and kept for
 * the next. Where the browser has no module worker (or its script cannot be fetched), the file is
 * prepared here without making photos smaller: a photo is kept as it was chosen, metadata
 * included, rather than decoded on the main thread, where it would freeze the page for as long as
 * it takes; the receiver's copy is then the original. The worker itself keeps photos as they are
 * where it has no OffscreenCanvas (Safari before 16.4).
 */

let worker: Worker | null = null;
let nextId = 0;
const waiting = new Map<number, { request: PrepareRequest; resolve: (file: DeviceFile) => void; reject: (error: Error) => void }>();

const ON_THE_PAGE = { shrink: (): Promise<ShrinkResult> => Promise.resolve({ ok: false, reason: 'unsupported' }), sha256: sha256Of };

function prepareHere(request: PrepareRequest): Promise<DeviceFile> {
  return prepareFile(request, ON_THE_PAGE);
}

function startWorker(): Worker | null {
  if (typeof Worker !== 'function') return null;
  try {
    const started = new Worker(new URL('./prepare-file.worker.ts', import.meta.url), { type: 'module' });
    started.addEventListener('message', (event: MessageEvent<PrepareAnswer>) => {
      const pending = waiting.get(event.data.id);
      waiting.delete(event.data.id);
      if ('file' in event.data) pending?.resolve(event.data.file);
      else pending?.reject('notImage' in event.data ? new NotAnImageError() : new Error('The file could not be read.'));
    });
    // The worker's script could not be fetched (offline before it was cached) or crashed: the files
    // it held are prepared here, and the next choice starts a worker afresh.
    started.addEventListener('error', () => {
      started.terminate();
      if (worker === started) worker = null;
      const held = [...waiting.values()];
      waiting.clear();
      for (const pending of held) prepareHere(pending.request).then(pending.resolve, pending.reject);
    });
    return started;
  } catch {
    return null;
  }
}

/** The chosen file as it will be kept, prepared in the worker; rejects when its bytes cannot be read. */
export function prepareInWorker(request: PrepareRequest): Promise<DeviceFile> {
  worker ??= startWorker();
  const running = worker;
  if (!running) return prepareHere(request);
  return new Promise((resolve, reject) => {
    nextId += 1;
    waiting.set(nextId, { request, resolve, reject });
    running.postMessage({ id: nextId, request } satisfies PrepareMessage);
  });
}
