import type { ProgrammeForm } from '../application/rules/programme-form';
import type { KeyValueStore } from '../storage/resilient-store';
import { openResumeLink, type OpenHandoverFailure, type DescribedApplication } from './open-handover';

/**
 * Opening a resume link, as the page lives it: opening, then a clear failure, a choice, or the
 * application. Kept outside React (the page subscribes), so the one GET a link allows is made
 * once per attempt, whatever React renders or runs twice.
 */
export type OpenHandoverView =
  | { kind: 'opening' }
  | { kind: 'failed'; reason: OpenHandoverFailure }
  | { kind: 'choose'; incoming: DescribedApplication; local: DescribedApplication }
  /** The device holds the application to show now (the link's, or its own). */
  | { kind: 'done' };

export interface OpenHandoverFlow {
  getSnapshot: () => OpenHandoverView;
  subscribe: (listener: () => void) => () => void;
  /** After an offline or unavailable failure: the link still works, fetch it again. */
  retry: () => void;
  /** The creator's choice; 'link' replaces what the device held. */
  keep: (which: 'link' | 'device') => void;
  /** Leave a failed link: carry on with what the device holds. */
  carryOn: () => void;
}

export interface OpenHandoverFlowOptions {
  store: KeyValueStore;
  programme: ProgrammeForm;
  stepCount: number;
  requestUrl: string | null | undefined;
  pageUrl: string;
  /** The link's id and key, or 'malformed' for a fragment that was not a whole link. */
  link: { id: string; key: string } | 'malformed';
  fetchImpl?: typeof fetch;
}

export function createOpenHandoverFlow(options: OpenHandoverFlowOptions): OpenHandoverFlow {
  const listeners = new Set<() => void>();
  let view: OpenHandoverView = { kind: 'opening' };
  let adopt: (() => Promise<void>) | null = null;
  let busy = false;

  function show(next: OpenHandoverView): void {
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
      (opened) => {
        if (opened.kind === 'failed') show({ kind: 'failed', reason: opened.reason });
        else if (opened.kind === 'choose') {
          adopt = opened.adopt;
          show({ kind: 'choose', incoming: opened.incoming, local: opened.local });
        } else
          void opened.adopt().then(
            () => {
              show({ kind: 'done' });
            },
            () => {
              show({ kind: 'done' });
            },
          );
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
