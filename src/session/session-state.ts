import type { ApplicationValues } from '../application/values/application-values';
import type { InitialApplication } from '../drafts/initial-application';
import type { OutboxStatus } from '../outbox/outbox';
import type { HandedOver } from '../storage/handed-over';
import type { DraftMessage } from '../tabs/draft-channel';
import type { EditorRole } from '../tabs/editor-lock';
import type { WizardState } from '../wizard/wizard-machine';
import type { SaveState } from './session-autosave';

/**
 * The application session's state (what the screen shows, and the flags only the session
 * reads), what it permits, and the effects its transitions ask for, as data. Pure: no React,
 * no DOM, no promises. session-transitions.ts holds the events and the transition function;
 * application-session.ts carries the effects out.
 */

/** Everything the wizard's screen shows of the session; a new object whenever any of it changes. */
export interface SessionSnapshot {
  /** False while built behind a first visit's Welcome: nothing acts beyond the form until Continue wakes it. */
  awake: boolean;
  wizard: WizardState;
  /** The application was accepted: the Creator Hub step, no personal data kept. */
  submitted: boolean;
  /** 'unknown' until the editor lock first answers (a few milliseconds). */
  role: EditorRole | 'unknown';
  saveState: SaveState;
  outbox: OutboxStatus;
  /** Continue is validating or sending: a second press does nothing. */
  busy: boolean;
  /** The application continues on another device: the form is read only until taken back. */
  handedOver: HandedOver | null;
  /** Accepted because another device sent it first: its answers are kept, this device's were not sent. */
  sentElsewhere: boolean;
  /** Ended because the receiver erased the application (410): nothing of it is kept here, nor sent again. */
  withdrawn: boolean;
}

/** All the session knows: what the screen shows, and the flags only the session reads. */
export interface SessionState {
  shown: SessionSnapshot;
  /** A page shows the session (attached its form) and has not let go. */
  attached: boolean;
  /** For good: no resource of the page is taken again. */
  disposed: boolean;
  /** The page's resources are held (page-connection.ts): the editor lock, the other tabs, autosave's listeners. */
  connected: boolean;
  /** Acceptance is under way: nothing is written from its first moment. */
  accepting: boolean;
  /** The steps whose "Step Reached" went out. */
  reported: readonly number[];
  /** The answers the session opened with: the first editor saves only when the form holds others. */
  opening: ApplicationValues;
  /** The language the application is sent in, and where Sign In leads (both follow a change of language). */
  language: string;
  redirectUrl: string;
  stepCount: number;
  skipLastStep: boolean;
}

/** What the session is built from. */
export interface SessionStart {
  initial: InitialApplication;
  /** Built behind Welcome: asleep until woken. */
  asleep: boolean;
  /** No Web Locks: every tab edits, so the role is known at once. */
  editsAtOnce: boolean;
  stepCount: number;
  skipLastStep: boolean;
  language: string;
  redirectUrl: string;
}

export function initialSessionState({ initial, asleep, editsAtOnce, stepCount, skipLastStep, language, redirectUrl }: SessionStart): SessionState {
  return {
    shown: {
      awake: !asleep,
      wizard: initial.wizard,
      submitted: initial.submitted,
      role: editsAtOnce ? 'editor' : 'unknown',
      saveState: 'idle',
      outbox: { state: 'empty' },
      busy: false,
      handedOver: initial.handedOver ?? null,
      sentElsewhere: false,
      withdrawn: false,
    },
    attached: false,
    disposed: false,
    connected: false,
    accepting: false,
    // A restored draft's steps, or an accepted application's, were reported when first reached.
    reported: initial.reported ?? (initial.restored || initial.submitted ? initial.wizard.reached : []),
    opening: initial.values,
    language,
    redirectUrl,
    stepCount,
    skipLastStep,
  };
}

/**
 * Autosave may write: the page is held, this tab is not read only (until the lock answers it
 * saves too, so nothing typed that early is lost), and the application is neither accepted, nor
 * being accepted, nor continued on another device.
 */
export function mayWrite(state: SessionState): boolean {
  const { role, submitted, handedOver } = state.shown;
  return state.connected && role !== 'viewer' && !submitted && !state.accepting && handedOver === null;
}

/** Only the editor sends, or picks up an application left unsent. */
export function maySend(state: SessionState): boolean {
  return state.shown.role === 'editor';
}

/** Continue may run: it is not running already, and the application has not gone to another device. */
export function mayContinue(state: SessionState): boolean {
  return !state.shown.busy && state.shown.handedOver === null;
}

/** A link to continue on another device may be made: by the editor, from an application still here, not accepted, with nothing under way. */
export function mayHandOver(state: SessionState): boolean {
  const { role, submitted, handedOver, busy } = state.shown;
  return role === 'editor' && !submitted && handedOver === null && !busy;
}

/** A read-only tab shows the editor's saves as they come. */
export function followsEditor(state: SessionState): boolean {
  return state.shown.role === 'viewer';
}

/** The session may hold the page's resources: awake, shown by a page, not disposed. */
export function mayHoldPage(state: SessionState): boolean {
  return state.shown.awake && state.attached && !state.disposed;
}

/** The form has been shown new answers: what the wizard shows with them. */
export type ShownEvent =
  | { type: 'draft-shown'; wizard: WizardState }
  | { type: 'accepted-shown' }
  /** `withdrawn`: shown because the receiver erased the application (410), which the page says. */
  | { type: 'blank-shown'; withdrawn?: boolean };

/** What a transition asks to be done, in order, once its state is taken. "Answer" names the event that reports back. */
export type SessionEffect =
  /** Take the page's resources (page-connection.ts); answer `connected`. */
  | { do: 'hold-page' }
  /** Give them back at the end of the task (an effect run twice keeps them); answer `disconnected`. */
  | { do: 'let-page-go' }
  | { do: 'report-step'; step: number }
  /** Save 500 ms after the last change. */
  | { do: 'schedule-save' }
  | { do: 'save-now' }
  /** Save what this tab holds though it no longer edits; answer `saved-for-next-editor`. */
  | { do: 'save-for-next-editor' }
  | { do: 'cancel-save' }
  | { do: 'clear-unload-copy' }
  | { do: 'tell-tabs'; message: DraftMessage }
  /** An application waiting to be sent takes the form's answers, so no attempt sends older ones. */
  | { do: 'revise-outbox' }
  | { do: 'resume-sending' }
  | { do: 'stop-sending' }
  | { do: 'reset-outbox' }
  /** Read a draft record another tab saved; answer `draft-restored` when it restores. */
  | { do: 'show-stored-draft'; record: unknown }
  /** Load the stored draft, then as `show-stored-draft`. */
  | { do: 'load-draft' }
  /** Read from the store whether the application is on another device; answer `device-handover-read`. */
  | { do: 'read-device-handover' }
  /** Show these answers in the form ('blank': the programme's empty ones), then answer `then`. */
  | { do: 'reset-form'; values: ApplicationValues | 'blank'; then: ShownEvent }
  | { do: 'track-submitted' }
  | { do: 'track-sign-in' }
  | { do: 'redirect'; url: string };

export interface SessionStep {
  state: SessionState;
  effects: SessionEffect[];
}

export function unchanged(state: SessionState): SessionStep {
  return { state, effects: [] };
}

/** The state with a new snapshot carrying `change`. */
export function showing(state: SessionState, change: Partial<SessionSnapshot>): SessionState {
  return { ...state, shown: { ...state.shown, ...change } };
}

/** The effects after `effects` that report the steps reached for the first time: once each, never while asleep. */
export function reporting(state: SessionState, effects: SessionEffect[] = []): SessionStep {
  if (!state.shown.awake) return { state, effects };
  const reported = [...state.reported];
  const reports: SessionEffect[] = [];
  for (const step of state.shown.wizard.reached) {
    if (reported.includes(step)) continue;
    reported.push(step);
    reports.push({ do: 'report-step', step });
  }
  return reports.length === 0 ? { state, effects } : { state: { ...state, reported }, effects: [...effects, ...reports] };
}

/** The wizard's place changes, for whatever reason: the steps it reaches are reported. */
export function placed(state: SessionState, change: Partial<SessionSnapshot>, effects: SessionEffect[] = []): SessionStep {
  return reporting(showing(state, change), effects);
}

/** Tells the other tabs, through the channel the page's resources hold (none while they are not held). */
export function tellTabs(state: SessionState, message: DraftMessage): SessionEffect[] {
  return state.connected ? [{ do: 'tell-tabs', message }] : [];
}

/** A blank application is shown (after acceptance, here or in another tab): acceptance is over. */
export function showBlank(state: SessionState, effects: SessionEffect[] = [], withdrawn = false): SessionStep {
  const then: ShownEvent = withdrawn ? { type: 'blank-shown', withdrawn } : { type: 'blank-shown' };
  return { state: { ...state, accepting: false }, effects: [...effects, { do: 'reset-form', values: 'blank', then }] };
}
