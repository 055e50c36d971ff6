import { solutionHeader, type AltchaChallenge } from './altcha-challenge';
import type { FetchedChallenge } from './fetch-challenge';

/** Solutions for the requests that send the application, one per request. */
export interface Proofs {
  /** The header value for the next request (solved ahead when it could be); null when none is asked for. */
  next: () => Promise<string | null>;
  /** The receiver refused the last one (expired, used, signed with a key it no longer has): start afresh. */
  refused: () => void;
  /** Solves ahead, and again whenever the solution in hand nears its expiry, until the returned stop. */
  warm: () => () => void;
}

export interface ProofsOptions {
  /** A new challenge; null when the receiver asks for none; rejects when it cannot be reached. */
  fetchChallenge: () => Promise<FetchedChallenge | null>;
  solve: (challenge: AltchaChallenge) => Promise<number | null>;
  /** A challenge already fetched (the one that showed proof of work is on), solved first. */
  first?: FetchedChallenge;
  now?: () => number;
}

/** A solution must reach the receiver with this much of its life left (a slow network, a clock's tick). */
export const EXPIRY_MARGIN_MS = 60_000;

type Solved = { header: string; expiresAt: number } | null;

/**
 * Solutions made ahead of need: one is solved while the creator fills the form, used by one
 * request only (the receiver remembers it), replaced by the next at once, and solved again before
 * it expires. Offline, nothing is kept: the next request asks for a challenge when it goes out,
 * so an application queued offline is solved when the connection returns, before it is sent.
 */
export function createProofs({ fetchChallenge, solve, first, now = Date.now }: ProofsOptions): Proofs {
  let pending = first;
  let ahead: Promise<Solved> | null = null;
  let warming = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const usable = (solved: Solved) => solved === null || solved.expiresAt - EXPIRY_MARGIN_MS > now();

  async function produce(): Promise<Solved> {
    const given = pending && pending.expiresAt - EXPIRY_MARGIN_MS > now() ? pending : undefined;
    pending = undefined;
    const fetched = given ?? (await fetchChallenge());
    if (!fetched) return null;
    const number = await solve(fetched.challenge);
    return number === null ? null : { header: solutionHeader(fetched.challenge, number), expiresAt: fetched.expiresAt };
  }

  /** Solves a new one; its failure (offline) is handled here, so callers may leave it unawaited. */
  function start(): Promise<Solved> {
    const solving = produce();
    ahead = solving;
    solving.then(
      (solved) => {
        // Solve again shortly before this one expires, unless it was used or replaced first.
        clearTimeout(timer);
        if (!warming || !solved) return;
        timer = setTimeout(
          () => {
            if (warming && ahead === solving) void start();
          },
          solved.expiresAt - EXPIRY_MARGIN_MS - now(),
        );
      },
      () => {
        if (ahead === solving) ahead = null;
      },
    );
    return solving;
  }

  return {
    async next() {
      let solved = await (ahead ?? start()).catch(() => null);
      if (!usable(solved)) solved = await start().catch(() => null);
      // Spent by this request: the next request (a retry) gets its own, solved from now on.
      ahead = null;
      if (warming && solved) void start();
      return solved?.header ?? null;
    },
    refused() {
      ahead = null;
    },
    warm() {
      warming = true;
      if (!ahead) void start();
      return () => {
        warming = false;
        clearTimeout(timer);
      };
    },
  };
}
