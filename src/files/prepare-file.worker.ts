import { NotAnImageError, prepareFile, type PrepareRequest } from './prepare-file';
import type { DeviceFile } from '../storage/device-files';
import { sha256Of } from './sha256-of';
import { shrinkImage } from './shrink-image';
import { THUMBNAIL_EDGE } from './shrink-plan';

/**
 * Chosen files made ready to keep, off the main thread (prepare-file.ts): decoding a 12-megapixel
 * photo and encoding it again takes hundreds of milliseconds, and reading a file whole to take its
 * SHA-256 tens more; on the page either would freeze typing and scrolling. One file at a time, in
 * the order asked.
 */

/** A message to the worker: one file, numbered so the answer finds its caller. */
export interface PrepareMessage {
  id: number;
  request: PrepareRequest;
}

/**
 * The worker's answer to a PrepareMessage: the file to keep, or that its bytes could not be read
 * (`notImage` when they are not a photo's: an Error's class does not cross to the page).
 */
export type PrepareAnswer = { id: number; file: DeviceFile } | { id: number; unreadable: true; notImage?: true };

// The page's tsconfig has the DOM's types, not a worker's: only what is used here is named.
const scope = self as unknown as {
  addEventListener(type: 'message', listener: (event: MessageEvent<PrepareMessage>) => void): void;
  postMessage(message: PrepareAnswer): void;
};

const TOOLS = {
  shrink: (request: Parameters<typeof shrinkImage>[0]) => shrinkImage({ ...request, thumbnailEdge: THUMBNAIL_EDGE }),
  sha256: sha256Of,
};

let queue: Promise<void> = Promise.resolve();

scope.addEventListener('message', (event) => {
  const { id, request } = event.data;
  // One at a time: two decoded 48-megapixel photos at once could exhaust a phone's memory.
  queue = queue.then(async () => {
    let answer: PrepareAnswer;
    try {
      answer = { id, file: await prepareFile(request, TOOLS) };
    } catch (error) {
      answer = error instanceof NotAnImageError ? { id, unreadable: true, notImage: true } : { id, unreadable: true };
    }
    scope.postMessage(answer);
  });
});
