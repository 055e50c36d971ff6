import type { ProgrammeForm } from '../application/rules/programme-form';
import type { HeldAcrossRerun } from '../browser/held-across-rerun';
import { restoreDraft } from '../drafts/draft-record';
import { loadStoredDraft } from '../drafts/draft-store';
import type { Outbox } from '../outbox/outbox';
import { readHandedOver } from '../storage/handed-over';
import type { KeyValueStore } from '../storage/resilient-store';
import type { SyncStorage } from '../storage/sync-storage';
import { clearUnloadCopy } from '../storage/unload-copy';
import { trackFormSubmitted, trackSignInClicked, trackStepReached } from '../telemetry/analytics-events';
import type { PageConnection } from './page-connection';
import type { Autosave } from './session-autosave';
import type { SessionEffect } from './session-state';
import type { SessionForm } from './session-form';
import type { SessionEvent } from './session-transitions';

/** What the session's effects act on: its parts, held by application-session.ts. */
export interface EffectTargets {
  programme: ProgrammeForm;
  programmeTitle: string;
  stepCount: number;
  store: KeyValueStore;
  synchronous: SyncStorage;
  autosave: Autosave;
  outbox: Outbox;
  /** The page's resources: taken, or let go at the end of the task. */
  held: HeldAcrossRerun<PageConnection>;
  form: () => SessionForm | null;
  connection: () => PageConnection | null;
  redirect: (url: string) => void;
  /** Where an effect that answers sends its event. */
  dispatch: (event: SessionEvent) => void;
}

/** Carries out each effect the session's transitions ask for (session-state.ts lists them), answering with events where they say so. */
export function sessionEffects({
  programme,
  programmeTitle,
  stepCount,
  store,
  synchronous,
  autosave,
  outbox,
  held,
  form,
  connection,
  redirect,
  dispatch,
}: EffectTargets): (effect: SessionEffect) => void {
  /** Shows a stored draft record, when it restores against the programme. */
  function showDraft(stored: unknown): void {
    const draft = restoreDraft(stored, programme, stepCount);
    if (draft.kind === 'restored') dispatch({ type: 'draft-restored', values: draft.values, wizard: draft.wizard });
  }

  return (effect) => {
    switch (effect.do) {
      case 'hold-page':
        held.acquire();
        return;
      case 'let-page-go':
        held.release();
        return;
      case 'report-step':
        trackStepReached(effect.step, programmeTitle, stepCount);
        return;
      case 'schedule-save':
        autosave.schedule();
        return;
      case 'save-now':
        void autosave.saveNow();
        return;
      case 'save-for-next-editor':
        void autosave.saveNow(true).then(() => {
          dispatch({ type: 'saved-for-next-editor' });
        });
        return;
      case 'cancel-save':
        autosave.cancel();
        return;
      case 'clear-unload-copy':
        clearUnloadCopy(synchronous);
        return;
      case 'tell-tabs':
        connection()?.post(effect.message);
        return;
      case 'revise-outbox': {
        const shown = form();
        if (shown) void outbox.revise(shown.currentBody());
        return;
      }
      case 'resume-sending':
        void outbox.resume();
        return;
      case 'stop-sending':
        outbox.stop();
        return;
      case 'reset-outbox':
        outbox.reset();
        return;
      case 'show-stored-draft':
        showDraft(effect.record);
        return;
      case 'load-draft':
        void loadStoredDraft(store, synchronous).then(showDraft);
        return;
      case 'read-device-handover':
        void readHandedOver(store).then(
          (handedOver) => {
            dispatch({ type: 'device-handover-read', handedOver });
          },
          () => undefined,
        );
        return;
      case 'reset-form':
        form()?.reset(effect.values === 'blank' ? programme.emptyValues : effect.values);
        dispatch(effect.then);
        return;
      case 'track-submitted':
        trackFormSubmitted();
        return;
      case 'track-sign-in':
        trackSignInClicked();
        return;
      case 'redirect':
        redirect(effect.url);
        return;
    }
  };
}
