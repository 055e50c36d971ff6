// Loaded only once the receiver has shown that it asks for proof of work (proof-of-work-gate.ts).
import type { AltchaChallenge } from './altcha-challenge';
import { fetchChallenge, readChallenge } from './fetch-challenge';
import { createProofs, type Proofs } from './proofs';

/** Solves in a Web Worker of its own, so the page's thread, and every keystroke, never waits for it. */
function solveInWorker(challenge: AltchaChallenge): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./solver-worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<number | null>) => {
      worker.terminate();
      resolve(event.data);
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message));
    };
    worker.postMessage(challenge);
  });
}

/**
 * The page's solutions for the receiver whose challenge endpoint is `url`, starting with the
 * challenge in `answer` (the one that showed proof of work is on); null when it holds none.
 */
export async function pageProofs(url: string, answer: Response): Promise<Proofs | null> {
  const first = await readChallenge(answer);
  return first && createProofs({ first, fetchChallenge: () => fetchChallenge(url), solve: solveInWorker });
}
