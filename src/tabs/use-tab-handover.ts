import { useEffect } from 'react';
import type { DraftMessage } from './draft-channel';
import type { EditorRole, RoleChangeReason } from './editor-lock';

interface TabHandoverOptions {
  role: EditorRole | 'unknown';
  reason: RoleChangeReason;
  /** The application was accepted: there is nothing left to hand over. */
  submitted: boolean;
  /** Saves the draft now (`force`: even with nothing new since the last save). */
  saveNow: (force?: boolean) => Promise<void>;
  /** Whether anything was typed since the page opened (before the lock answered). */
  changedSinceOpen: () => boolean;
  /** Shows the draft as last saved (by the tab that was editing). */
  reloadDraft: () => Promise<void>;
  post: (message: DraftMessage) => void;
}

/**
 * What a change of editor role does with the draft (editor-lock.ts): a tab whose role was taken
 * saves everything it holds and tells the new editor; the first editor saves what was typed
 * while the lock was answering; a tab that becomes the editor later carries on from the last save.
 */
export function useTabHandover({ role, reason, submitted, saveNow, changedSinceOpen, reloadDraft, post }: TabHandoverOptions): void {
  useEffect(() => {
    if (reason === 'stolen' && !submitted) {
      // The other tab now edits: hand it everything this one holds.
      void saveNow(true).then(() => {
        post({ type: 'handed-over' });
      });
    } else if (role === 'editor' && reason === 'first') {
      // Anything typed while the lock was answering is saved now.
      if (changedSinceOpen()) void saveNow();
    } else if (role === 'editor') {
      // Taken over here, or the editing tab closed: carry on from its last save.
      void reloadDraft();
    }
    // Only a change of role acts; the rest is read as it is then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [role, reason]);
}
