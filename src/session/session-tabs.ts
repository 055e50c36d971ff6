import type { ApplicationValues } from '../application/values/application-values';
import type { DraftMessage } from '../tabs/draft-channel';
import type { EditorRole, RoleChangeReason } from '../tabs/editor-lock';
import { sameValue } from './same-value';
import { followsEditor, maySend, showBlank, showing, tellTabs, unchanged, type SessionEffect, type SessionState, type SessionStep } from './session-state';
import { handoverTransition } from './session-handover-transitions';

/**
 * What the session does as the tabs of this device take turns with the application: the editor
 * lock's answers (tabs/editor-lock.ts) and the messages of the draft channel
 * (tabs/draft-channel.ts). Pure, as session-transitions.ts.
 */
export type TabEvent =
  /** The editor lock answered; `answers`: what the form holds now. */
  | { type: 'role'; role: EditorRole; reason: RoleChangeReason; answers: ApplicationValues | undefined }
  | { type: 'tab-message'; message: DraftMessage }
  /** This tab, its role taken, saved everything it held. */
  | { type: 'saved-for-next-editor' };

export function tabTransition(state: SessionState, event: TabEvent): SessionStep {
  switch (event.type) {
    case 'role':
      return roleChanged(state, event);
    case 'tab-message':
      return heard(state, event.message);
    case 'saved-for-next-editor':
      // The new editor carries on from this save (the message a tab whose role was taken sends).
      return { state, effects: tellTabs(state, { type: 'editor-role-passed' }) };
  }
}

/**
 * What a change of editor role does with the draft: a tab whose role was taken saves everything
 * it holds and tells the new editor; the first editor saves what was typed while the lock was
 * answering; a tab that becomes the editor later carries on from the last save.
 */
function roleChanged(state: SessionState, { role, reason, answers }: Extract<TabEvent, { type: 'role' }>): SessionStep {
  const next = showing(state, { role });
  const effects: SessionEffect[] = [{ do: maySend(next) ? 'resume-sending' : 'stop-sending' }];
  if (reason === 'stolen' && !next.shown.submitted) {
    effects.push({ do: 'save-for-next-editor' });
  } else if (role === 'editor' && reason === 'first') {
    if (!sameValue(answers, state.opening)) effects.push({ do: 'save-now' });
  } else if (role === 'editor') {
    // Another tab may have handed the application to another device, or taken it back.
    effects.push({ do: 'load-draft' }, { do: 'read-device-handover' });
  }
  return { state: next, effects };
}

function heard(state: SessionState, message: DraftMessage): SessionStep {
  switch (message.type) {
    case 'saved':
      return followsEditor(state) ? { state, effects: [{ do: 'show-stored-draft', record: message.record }] } : unchanged(state);
    case 'editor-role-passed':
      // The tab that was the editor saved what it held: this one, the editor now, carries on from it.
      return state.shown.role === 'editor' ? { state, effects: [{ do: 'load-draft' }] } : unchanged(state);
    case 'accepted':
      return { state, effects: [{ do: 'reset-form', values: 'blank', then: { type: 'accepted-shown' } }] };
    case 'new-application':
      return showBlank(state);
    case 'device-handover':
      return handoverTransition(state, { type: 'device-handover-heard', handedOver: message.handedOver });
  }
}
