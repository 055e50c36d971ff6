import { useEffect, useRef, useState } from 'react';
import { heldAcrossRerun } from '../browser/held-across-rerun';
import { createEditorLock, type EditorLock, type EditorRole, type RoleChangeReason } from './editor-lock';

export interface RoleChange {
  /** 'unknown' until the lock first answers (a few milliseconds): neither editing nor read-only. */
  role: EditorRole | 'unknown';
  reason: RoleChangeReason;
}

/**
 * This tab's role on the shared draft, why it last changed, and the way to take it over from
 * another tab. The lock is asked for only while `asking` (a wizard built ahead behind Welcome
 * does not take the edit from a tab in use).
 */
export function useEditorRole(locks: LockManager | undefined, asking = true): RoleChange & { takeOver: () => void } {
  // Without Web Locks every tab edits; with them, the lock decides.
  const [change, setChange] = useState<RoleChange>(() => ({ role: locks ? 'unknown' : 'editor', reason: 'first' }));
  // Kept, not requested again, when React cleans the effect up and runs it again at once.
  const [lock] = useState(() =>
    heldAcrossRerun<EditorLock>(
      () =>
        createEditorLock((role, reason) => {
          setChange({ role, reason });
        }, locks),
      (held) => {
        held.release();
      },
    ),
  );
  const current = useRef<EditorLock | null>(null);
  useEffect(() => {
    if (!asking) return undefined;
    current.current = lock.acquire();
    return () => {
      current.current = null;
      lock.release();
    };
  }, [lock, asking]);
  return {
    ...change,
    takeOver: () => {
      current.current?.takeOver();
    },
  };
}
