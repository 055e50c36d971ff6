import { defaultLocks } from '../browser/web-locks';

/**
 * Two tabs on one draft must not silently overwrite each other. The first tab to open is the
 * editor (it holds a Web Lock); any other tab is a viewer: its form is read-only, it follows
 * the editor's saves, and it can take over, which turns the first tab into a viewer. When the
 * editor tab closes, a waiting viewer becomes the editor by itself. Without Web Locks every
 * tab edits, and the draft channel still keeps them in step.
 */

export type EditorRole = 'editor' | 'viewer';

/** Why the role changed: the first answer, the lock granted after waiting, taken over here, or stolen by another tab. */
export type RoleChangeReason = 'first' | 'granted' | 'took-over' | 'stolen';

export interface EditorLock {
  role(): EditorRole;
  /** Makes this tab the editor, the other one a viewer. */
  takeOver(): void;
  release(): void;
}

const LOCK_NAME = 'creator-wizard:editor';

/** Tells `onRoleChange` of every change of this tab's role; `locks` is the page's lock manager unless a test passes another. */
export function createEditorLock(
  onRoleChange: (role: EditorRole, reason: RoleChangeReason) => void,
  lockManager: LockManager | undefined = defaultLocks(),
): EditorLock {
  if (!lockManager) {
    return { role: () => 'editor', takeOver: () => undefined, release: () => undefined };
  }
  const locks = lockManager;
  // Unknown until the lock first answers.
  let current: EditorRole | null = null;
  let releaseHeld: (() => void) | null = null;
  let waiting: AbortController | null = null;
  let released = false;

  function become(role: EditorRole, reason: RoleChangeReason): void {
    // Released (the tab's effect was cleaned up, perhaps to run again at once): a lock answering
    // now speaks for an owner that is gone, and a newer lock object speaks for this tab.
    if (released || role === current) return;
    current = role;
    onRoleChange(role, reason);
  }

  /**
   * Asks for the lock. Once granted, this tab is the editor until it releases the lock or
   * another tab steals it; a stolen lock rejects the request, and this tab waits its turn again.
   */
  function requestLock(options: LockOptions, reason: RoleChangeReason, onNotGranted?: () => void): void {
    let granted = false;
    locks
      .request(LOCK_NAME, options, (lock) => {
        if (!lock) return null;
        // Granted after this handle was released (React ran the effect's cleanup while the request
        // was on its way, as StrictMode does on every mount): let it go at once, or it would be
        // held for the page's life and the tab's next request would count this one as another tab.
        if (released) return null;
        granted = true;
        become('editor', reason);
        return new Promise<void>((resolve) => {
          releaseHeld = resolve;
        });
      })
      .then(
        (result) => {
          if (result === null && !released) onNotGranted?.();
        },
        () => {
          // Either this tab's own waiting request was aborted (it took over), or its lock was stolen.
          if (!granted) return;
          releaseHeld = null;
          if (released) return;
          become('viewer', 'stolen');
          waitForTurn();
        },
      );
  }

  function waitForTurn(): void {
    waiting?.abort();
    waiting = new AbortController();
    requestLock({ signal: waiting.signal }, 'granted');
  }

  // Until the lock answers, this tab is a viewer, so it cannot write.
  requestLock({ ifAvailable: true }, 'first', () => {
    become('viewer', 'first');
    waitForTurn();
  });

  return {
    role: () => current ?? 'viewer',
    takeOver() {
      waiting?.abort();
      waiting = null;
      requestLock({ steal: true }, 'took-over');
    },
    release() {
      released = true;
      waiting?.abort();
      releaseHeld?.();
    },
  };
}
