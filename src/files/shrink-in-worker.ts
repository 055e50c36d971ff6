import type { ShrinkRequest, ShrinkResult } from './shrink-image';
import type { ShrinkAnswer, ShrinkMessage } from './shrink-image.worker';

/**
 * The page's side of shrink-image.worker.ts: one worker, started at the first photo and kept for
 * the next. Where the browser has no module worker or no OffscreenCanvas (Safari before 16.4),
 * the photo is kept as it was chosen, metadata included, rather than decoded on the main thread,
 * where it would freeze the page for as long as it takes; the receiver's copy is then the original.
 */

let worker: Worker | null = null;
let nextId = 0;
const waiting = new Map<number, (result: ShrinkResult) => void>();

const UNSUPPORTED: ShrinkResult = { ok: false, reason: 'unsupported' };

function settleAll(result: ShrinkResult): void {
  for (const settle of waiting.values()) settle(result);
  waiting.clear();
}

function startWorker(): Worker | null {
  if (typeof Worker !== 'function' || typeof OffscreenCanvas !== 'function') return null;
  try {
    const started = new Worker(new URL('./shrink-image.worker.ts', import.meta.url), { type: 'module' });
    started.addEventListener('message', (event: MessageEvent<ShrinkAnswer>) => {
      const settle = waiting.get(event.data.id);
      waiting.delete(event.data.id);
      settle?.(event.data.result);
    });
    // The worker's script could not be fetched (offline before it was cached) or crashed: keep the originals, start afresh next time.
    started.addEventListener('error', () => {
      started.terminate();
      if (worker === started) worker = null;
      settleAll(UNSUPPORTED);
    });
    return started;
  } catch {
    return null;
  }
}

/** The photo made smaller in the worker, or why the original bytes are kept. */
export function shrinkInWorker(request: ShrinkRequest): Promise<ShrinkResult> {
  worker ??= startWorker();
  const running = worker;
  if (!running) return Promise.resolve(UNSUPPORTED);
  return new Promise((resolve) => {
    nextId += 1;
    waiting.set(nextId, resolve);
    running.postMessage({ id: nextId, request } satisfies ShrinkMessage);
  });
}
