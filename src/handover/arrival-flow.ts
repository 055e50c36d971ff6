import type { ProgrammeForm } from '../application/rules/programme-form';
import type { KeyValueStore } from '../storage/resilient-store';
import { openResumeLink, type ArrivalFailure, type DescribedApplication } from './arrival';

/**
 * Opening a resume link, as the page lives it: opening, then a clear failure, a choice, or the
 * application. Kept outside React (the page subscribes), so the one GET a link allows is made
 * once per attempt, whatever React renders or runs twice.
 */
export type ArrivalView =
  | { kind: 'opening' }
  | { kind: 'failed'; reason: ArrivalFailure }
  | { kind: 'choose'; incoming: DescribedApplication; local: DescribedApplication }
  /** The device holds the application to show now (the link's, or its own). */
  | { kind: 'done' };

export interface ArrivalFlow {
  getSnapshot: () => ArrivalView;
  subscribe: (listener: () => void) => () => void;
  /** After an offline or unavailable failure: the link still works, fetch it again. */
  retry: () => void;
  /** The creator's choice; 'link' replaces what the device held. */
  keep: (which: 'link' | 'device') => void;
  /** Leave a failed link: carry on with what the device holds. */
  carryOn: () => void;
}

export interface ArrivalFlowOptions {
  store: KeyValueStore;
  programme: ProgrammeForm;
  stepCount: number;
  requestUrl: string | null | undefined;
  pageUrl: string;
  /** The link's id and key, or 'malformed' for a fragment that was not a whole link. */
  link: { id: string; key: string } | 'malformed';
  fetchImpl?: typeof fetch;
}

export function createArrivalFlow(options: ArrivalFlowOptions): ArrivalFlow {
  const listeners = new Set<() => void>();
  let view: ArrivalView = { kind: 'opening' };
  let adopt: (() => Promise<void>) | null = null;
  let busy = false;

  function show(next: ArrivalView): void {
    view = next;
    for (const listener of listeners) listener();
  }

  function open(): void {
    const { link, requestUrl } = options;
    if (link === 'malformed') {
      show({ kind: 'failed', reason: 'tampered' });
      return;
    }
    // Without a receiver there is nowhere the draft could have been stored.
    if (requestUrl == null) {
      show({ kind: 'failed', reason: 'gone' });
      return;
    }
    show({ kind: 'opening' });
    openResumeLink({ ...options, requestUrl, link }).then(
      (arrival) => {
        if (arrival.kind === 'failed') show({ kind: 'failed', reason: arrival.reason });
        else if (arrival.kind === 'choose') {
          adopt = arrival.adopt;
          show({ kind: 'choose', incoming: arrival.incoming, local: arrival.local });
        } else void arrival.adopt().then(() => {
          show({ kind: 'done' });
        }, () => {
          show({ kind: 'done' });
        });
      },
      () => {
        show({ kind: 'failed', reason: 'unavailable' });
      },
    );
  }

  open();
  return {
    getSnapshot: () => view,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    retry() {
      if (view.kind === 'failed' && (view.reason === 'offline' || view.reason === 'unavailable')) open();
    },
    keep(which) {
      if (view.kind !== 'choose' || busy) return;
      busy = true;
      const done = () => {
        show({ kind: 'done' });
      };
      if (which === 'link' && adopt) void adopt().then(done, done);
      else done();
    },
    carryOn() {
      if (view.kind === 'failed') show({ kind: 'done' });
    },
  };
}
