import { challengeUrl } from './proof-of-work-http';
import type { Proofs } from './proofs';

/** The receiver's answer while proof of work is off: `{ "required": false }`. */
async function saysOff(answer: Response): Promise<boolean> {
  const body: unknown = await answer.json().catch(() => null);
  return typeof body === 'object' && body !== null && (body as { required?: unknown }).required === false;
}

/**
 * Whether the receiver asks for proof of work, learnt from its challenge endpoint beside the
 * requestUrl: a JSON answer holding a challenge means on (page-proofs.ts reads it); `{ "required":
 * false }` off, without loading the solver's chunk; so does a 404 (an older receiver's answer) or
 * anything else (the app's HTML, another receiver's error). The page asks when its
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
      const asking = fetch(url, { cache: 'no-store', headers: { Accept: 'application/json' } }).then(async (answer) => {
        if (!answer.ok || !answer.headers.get('Content-Type')?.startsWith('application/json')) return null;
        if (await saysOff(answer.clone())) return null;
        return (await import('./page-proofs')).pageProofs(url, answer);
      });
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
