import { shrinkImage, type ShrinkRequest, type ShrinkResult } from './shrink-image';

/**
 * Photos made smaller off the main thread (shrink-image.ts): decoding a 12-megapixel photo and
 * encoding it again takes hundreds of milliseconds, which on the page would freeze typing and
 * scrolling. One photo at a time, in the order asked.
 */

/** A message to the worker: one photo, numbered so the answer finds its caller. */
export interface ShrinkMessage {
  id: number;
  request: ShrinkRequest;
}

/** The worker's answer to a ShrinkMessage. */
export interface ShrinkAnswer {
  id: number;
  result: ShrinkResult;
}

// The page's tsconfig has the DOM's types, not a worker's: only what is used here is named.
const scope = self as unknown as {
  addEventListener(type: 'message', listener: (event: MessageEvent<ShrinkMessage>) => void): void;
  postMessage(message: ShrinkAnswer): void;
};

let queue: Promise<void> = Promise.resolve();

scope.addEventListener('message', (event) => {
  const { id, request } = event.data;
  // One at a time: two decoded 48-megapixel photos at once could exhaust a phone's memory.
  queue = queue.then(async () => {
    let result: ShrinkResult;
    try {
      result = await shrinkImage(request);
    } catch {
      result = { ok: false, reason: 'unsupported' };
    }
    scope.postMessage({ id, result });
  });
});
