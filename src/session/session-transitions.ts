import type { ApplicationValues } from '../application/values/application-values';
import type { DraftRecord } from '../drafts/draft-record';
import { allStepsReached } from '../drafts/initial-application';
import type { OutboxStatus } from '../outbox/outbox';
import { advance, back, goToStep, initialWizardState, type WizardState } from '../wizard/wizard-machine';
import type { SaveState } from './session-autosave';
import {
  mayHoldPage,
  placed,
  reporting,
  showBlank,
  showing,
  tellTabs,
  unchanged,
  type SessionEffect,
  type SessionState,
  type SessionStep,
  type ShownEvent,
} from './session-state';
import { handoverTransition, type HandoverEvent } from './session-handover-transitions';
import { tabTransition, type TabEvent } from './session-tabs';

/**
 * The application session as a state machine: its state (session-state.ts, with what it
 * permits), the events it hears, and what each makes of it, with the effects to carry out as data.
 * Pure: no React, no DOM, no promises; application-session.ts carries the effects out and turns
 * what the page, the form, the store and the queue say into events. The tabs' turns and messages
 * are in session-tabs.ts, the other device in session-handover-transitions.ts; docs/session-state.md
 * tables what each event asks for.
 */

/** The session's life on the page: shown, woken, holding the page's resources, disposed. */
export type LifeEvent =
  | { type: 'attached' }
  | { type: 'detached' }
  | { type: 'disposed' }
  /** Asked to wake, the store said whether the device came to hold an application meanwhile (another tab's). */
  | { type: 'wake-answered'; storeHoldsApplication: boolean }
  | { type: 'connected' }
  | { type: 'disconnected' };

/** The creator's way through the wizard, autosave and the queue. */
export type ProgressEvent =
  | { type: 'previous' }
  | { type: 'advance' }
  /** Continue (or making a link) starts or ends. */
  | { type: 'busy'; busy: boolean }
  /** Sign In on the last step. */
  | { type: 'sign-in' }
  | { type: 'language'; language: string; redirectUrl: string }
  | { type: 'outbox'; status: OutboxStatus }
  | { type: 'save-state'; saveState: SaveState }
  | { type: 'saved'; record: DraftRecord }
  /** A stored draft (another tab's, or this tab's own last save) was read and restored. */
  | { type: 'draft-restored'; values: ApplicationValues; wizard: WizardState };

/** The application accepted, and a new one begun. */
export type AcceptanceEvent =
  /** The receiver accepted it: from this moment nothing is written. */
  | { type: 'accepting' }
  /**
   * Its personal data is cleared; `elsewhere`: another device sent it first; `withdrawn`: the
   * receiver erased it (410), and it ends here as after an acceptance.
   */
  | { type: 'accepted'; elsewhere: boolean; withdrawn?: boolean }
  /** The creator begins a new application here (the store already holds none). */
  | { type: 'new-application' };

export type SessionEvent = LifeEvent | ProgressEvent | AcceptanceEvent | ShownEvent | TabEvent | HandoverEvent;

/** Holds or lets go of the page's resources, as the session now may. */
function page(state: SessionState): SessionStep {
  return { state, effects: [{ do: mayHoldPage(state) ? 'hold-page' : 'let-page-go' }] };
}

/** The creator moves: saved like a keystroke, so a reload comes back to the same step. */
function move(state: SessionState, wizard: WizardState): SessionStep {
  if (wizard === state.shown.wizard) return unchanged(state);
  return placed(state, { wizard }, [{ do: 'schedule-save' }]);
}

/** What `event` makes of `state`, and what is to be done then; an event that changes nothing asks for nothing. */
export function sessionTransition(state: SessionState, event: SessionEvent): SessionStep {
  switch (event.type) {
    case 'attached':
      return page({ ...state, attached: true });
    case 'detached':
      return page({ ...state, attached: false });
    case 'disposed':
      return page({ ...state, disposed: true });
    case 'wake-answered':
      // Whatever the store holds now is another tab's, which only a load from the store may read.
      if (event.storeHoldsApplication || state.disposed) return unchanged(state);
      return page(showing(state, { awake: true }));
    case 'connected':
      // On screen now: the steps it opens on are reported (a restored draft's were, before).
      return reporting({ ...state, connected: true });
    case 'disconnected':
      return unchanged({ ...state, connected: false });
    case 'previous':
      return move(state, back(state.shown.wizard, state.stepCount));
    case 'advance':
      return move(state, advance(state.shown.wizard, state.stepCount));
    case 'busy':
      return unchanged(showing(state, { busy: event.busy }));
    case 'sign-in':
      return { state, effects: [{ do: 'track-sign-in' }, { do: 'redirect', url: state.redirectUrl }] };
    case 'language':
      return unchanged({ ...state, language: event.language, redirectUrl: event.redirectUrl });
    case 'outbox':
      return unchanged(showing(state, { outbox: event.status }));
    case 'save-state':
      return unchanged(showing(state, { saveState: event.saveState }));
    case 'saved':
      // The other tabs follow the save; a queued application takes its answers.
      return { state, effects: [...tellTabs(state, { type: 'saved', record: event.record }), { do: 'revise-outbox' }] };
    case 'draft-restored':
      return { state, effects: [{ do: 'reset-form', values: event.values, then: { type: 'draft-shown', wizard: event.wizard } }] };
    case 'draft-shown':
      return placed(state, { wizard: event.wizard });
    case 'accepted-shown':
      return placed(state, { submitted: true, wizard: allStepsReached(state.stepCount) });
    case 'blank-shown':
      return placed(state, { submitted: false, sentElsewhere: false, withdrawn: event.withdrawn ?? false, wizard: initialWizardState });
    case 'accepting':
      return { state: { ...state, accepting: true }, effects: [{ do: 'cancel-save' }, { do: 'clear-unload-copy' }] };
    case 'accepted':
      return accepted(state, event.elsewhere, event.withdrawn ?? false);
    case 'new-application':
      return showBlank(state, [{ do: 'reset-outbox' }, ...tellTabs(state, { type: 'new-application' })]);
    case 'role':
    case 'tab-message':
    case 'saved-for-next-editor':
      return tabTransition(state, event);
    case 'link-made':
    case 'taken-back':
    case 'device-handover-heard':
    case 'device-handover-read':
      return handoverTransition(state, event);
  }
}

/** Accepted, perhaps in the background (a retry): every tab is told, and the wizard moves on by itself. */
function accepted(state: SessionState, elsewhere: boolean, withdrawn: boolean): SessionStep {
  // Erased on the receiver (410): there is nothing to thank for and no sign-up to go on to, so the
  // creator finds a blank first step under the line saying why (their answers are gone from here too).
  if (withdrawn) return showBlank(state, [{ do: 'reset-outbox' }, ...tellTabs(state, { type: 'accepted' })], true);
  const { wizard } = state.shown;
  const effects: SessionEffect[] = [...(elsewhere ? [] : [{ do: 'track-submitted' } as const]), ...tellTabs(state, { type: 'accepted' })];
  return placed(
    state,
    {
      submitted: true,
      sentElsewhere: elsewhere,
      withdrawn: false,
      wizard: state.skipLastStep ? wizard : goToStep(wizard, state.stepCount - 1, state.stepCount),
    },
    effects,
  );
}
