import { challengeUrl } from './proof-of-work-http';
import type { Proofs } from './proofs';

/**
 * Whether the receiver asks for proof of work, learnt from its challenge endpoint beside the
 * requestUrl: a JSON answer means on (page-proofs.ts reads the challenge in it), a 404 (or
 * anything else: the app's HTML, another receiver's error) off. The page asks when its
 * connection starts (the creator is filling the form) and loads the solver, a chunk of its own,
 * only when it is on; unreachable (offline), it asks again before the next request. A 428 to a
 * request means it was switched on since: the next request asks again.
 */
export function proofOfWorkGate(requestUrl: string | null | undefined, base: string = location.href): Proofs {
  let discovered: Promise<Proofs | null> | null = null;
  let loaded: Proofs | null = null;

  function proofs(): Promise<Proofs | null> {
    if (!requestUrl) return Promise.resolve(null);
    if (!discovered) {
      const url = challengeUrl(requestUrl, base);
      // The solver's chunk must not need this one: so the answer is read there, not here.
      const asking = fetch(url, { cache: 'no-store', headers: { Accept: 'application/json' } }).then(async (answer) =>
        answer.ok && answer.headers.get('Content-Type')?.startsWith('application/json') ? (await import('./page-proofs')).pageProofs(url, answer) : null,
      );
      asking.then(
        (found) => {
          loaded = found;
        },
        () => {
          if (discovered === asking) discovered = null;
        },
      );
      discovered = asking;
    }
    return discovered.catch(() => null);
  }

  return {
    next: async () => (await proofs())?.next() ?? null,
    refused() {
      if (loaded) loaded.refused();
      else discovered = null;
    },
    warm() {
      let stop: (() => void) | undefined;
      let stopped = false;
      void proofs().then((found) => {
        if (!stopped) stop = found?.warm();
      });
      return () => {
        stopped = true;
        stop?.();
      };
    },
  };
}
