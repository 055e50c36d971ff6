import { parseStatusAnswer, type StatusAnswer } from './status-answer';

/**
 * What the status page shows, decided from the lookup's outcome and what the device kept of the
 * last answer: pure, so every case is tested without a browser.
 */

/** How a lookup ended (lookup-status.ts). */
export type LookupOutcome =
  | { kind: 'answer'; answer: StatusAnswer; body: unknown }
  /** 410: the application was erased, and its history with it. */
  | { kind: 'withdrawn' }
  /** 404 or 400: the receiver knows no such link. */
  | { kind: 'unknown' }
  /** 429: too many lookups from here. */
  | { kind: 'busy' }
  /** No connection. */
  | { kind: 'offline' }
  /** Anything else: the receiver failed, the answer could not be read, no receiver configured. */
  | { kind: 'failed' };

/** What the device keeps of a link's last answer (storage/status-keeping.ts), as stored. */
export interface KeptStatus {
  /** The 200's body as received (read again with parseStatusAnswer), or 'withdrawn' after a 410. */
  body: unknown;
  /** When it was received (ms since the epoch). */
  checkedAt: number;
}

/** Why the page shows a kept answer rather than a fresh one; null: it is fresh. */
export type Staleness = null | 'checking' | 'offline' | 'failed' | 'busy';

export type StatusView =
  | { kind: 'standing'; answer: StatusAnswer; checkedAt: number; stale: Staleness }
  | { kind: 'withdrawn'; checkedAt: number; stale: Staleness }
  /** No status to show: why (and, for the first two, a kept answer would have been shown). */
  | { kind: 'notice'; notice: 'checking' | 'offline' | 'failed' | 'busy' | 'unknown-link' | 'no-link' };

/** What to keep of a lookup's outcome, or null: keep what is kept (a failure, an unknown link). */
export function keptFrom(outcome: LookupOutcome, now: number): KeptStatus | null {
  if (outcome.kind === 'answer') return { body: outcome.body, checkedAt: now };
  if (outcome.kind === 'withdrawn') return { body: 'withdrawn', checkedAt: now };
  return null;
}

/** A kept record read back, or null when it is not one. */
export function readKept(value: unknown): KeptStatus | null {
  if (typeof value !== 'object' || value === null) return null;
  const { body, checkedAt } = value as Partial<KeptStatus>;
  if (typeof checkedAt !== 'number' || !Number.isFinite(checkedAt)) return null;
  return { body, checkedAt };
}

function fromKept(kept: KeptStatus | null, stale: Staleness): StatusView | null {
  if (!kept) return null;
  if (kept.body === 'withdrawn') return { kind: 'withdrawn', checkedAt: kept.checkedAt, stale };
  const answer = parseStatusAnswer(kept.body);
  return answer ? { kind: 'standing', answer, checkedAt: kept.checkedAt, stale } : null;
}

/**
 * The view for a lookup's outcome (null: still on its way) and the kept answer (null: none).
 * A fresh answer wins; a lookup that failed, met no connection or was rate limited shows the kept
 * answer saying why it may be old; an unknown link says so, whatever was kept.
 */
export function statusView(outcome: LookupOutcome | null, kept: KeptStatus | null, now: number): StatusView {
  if (outcome === null) return fromKept(kept, 'checking') ?? { kind: 'notice', notice: 'checking' };
  switch (outcome.kind) {
    case 'answer':
      return { kind: 'standing', answer: outcome.answer, checkedAt: now, stale: null };
    case 'withdrawn':
      return { kind: 'withdrawn', checkedAt: now, stale: null };
    case 'unknown':
      return { kind: 'notice', notice: 'unknown-link' };
    default:
      return fromKept(kept, outcome.kind) ?? { kind: 'notice', notice: outcome.kind };
  }
}
