import { useEffect, useRef, useState } from 'react';
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
  const lock = useRef<EditorLock | null>(null);
  useEffect(() => {
    if (!asking) return undefined;
    const created = createEditorLock((role, reason) => {
      setChange({ role, reason });
    }, locks);
    lock.current = created;
    return () => {
      created.release();
    };
  }, [locks, asking]);
  return {
    ...change,
    takeOver: () => {
      lock.current?.takeOver();
    },
  };
}
