/// <reference lib="WebWorker" />
// The page's solver runs here, off the main thread, so no keystroke ever waits for it.
import type { AltchaChallenge } from './altcha-challenge';
import { solveChallenge } from './solve-challenge';

declare const self: DedicatedWorkerGlobalScope;

self.onmessage = (event: MessageEvent<AltchaChallenge>) => {
  void solveChallenge(event.data).then((number) => {
    self.postMessage(number);
  });
};
