import type { ProgrammeForm } from '../application/rules/programme-form';
import type { WizardConfig } from '../config/config-schema';
import { holdsAnApplication } from '../boot/holds-an-application';
import { heldAcrossRerun } from '../browser/held-across-rerun';
import { startNewApplication } from '../drafts/draft-store';
import type { InitialApplication } from '../drafts/initial-application';
import { clearAfterAcceptance } from '../outbox/clear-after-acceptance';
import { submitApplication } from '../outbox/submit-application';
import type { DraftMessage } from '../tabs/draft-channel';
import type { EditorRole, RoleChangeReason } from '../tabs/editor-lock';
import { continueActions, runContinue } from '../wizard/wizard-machine';
import { connectToPage, type PageConnection } from './page-connection';
import { createAutosave } from './session-autosave';
import type { SessionForm } from './session-form';
import { pageOutbox } from './page-outbox';
import { proofOfWorkGate } from '../proof-of-work/proof-of-work-gate';
import type { WithdrawResult } from '../handover/drafts-endpoint';
import { sessionHandover, type HandOverRequest, type HandOverResult } from './session-handover';
import { initialSessionState, mayContinue, mayHandOver, mayWrite, type SessionSnapshot } from './session-state';
import { sessionEffects } from './session-effects';
import { sessionTransition, type SessionEvent } from './session-transitions';
import { sessionUploads, type SessionUploads } from '../uploads/session-uploads';
import type { SessionDevices } from './session-devices';

/** Everything the wizard's screen shows of the session (session-state.ts). */
export type { SessionSnapshot };

export interface ApplicationSession {
  getSnapshot: () => SessionSnapshot;
  subscribe: (listener: () => void) => () => void;
  /**
   * Continue on Welcome: the session starts acting (tab lock, other tabs, autosave, sending,
   * analytics) and resolves true. Built behind Welcome from a blank application, it first asks the
   * store whether the device has come to hold one meanwhile (another tab's draft): then it stays
   * asleep, writes nothing over it, and resolves false, so the page loads that one instead.
   */
  wake: () => Promise<boolean>;
  /**
   * The page shows this session with `form`: while it is attached and awake, the session holds
   * the page's resources. The returned function lets go; attached again in the same task (an
   * effect run twice), the same resources are kept, so nothing is released and taken again.
   */
  attach: (form: SessionForm) => () => void;
  /** For good: every resource is released and no new one is taken. */
  dispose: () => void;
  /** Continue: validates, sends, moves on or leaves, as the step says; resolves true once done. */
  next: () => Promise<boolean>;
  previous: () => void;
  /** Makes this tab the editor; the other becomes read-only. */
  takeOver: () => void;
  /** Saves the draft now (`force`: even in a read-only tab, handing over what it holds). */
  saveNow: (force?: boolean) => Promise<void>;
  /**
   * Ends an accepted application: personal data cleared, every tab told, the wizard moved on.
   * `withdrawn`: the receiver erased it (410), and it ends the same way.
   */
  accept: (elsewhere?: boolean, withdrawn?: boolean) => Promise<void>;
  /** After acceptance: a blank application on the first step, in every tab. */
  newApplication: () => Promise<void>;
  /**
   * The page now speaks the programme in another of its languages (the same questions, other
   * words): the application is sent as written in it, and the creator hub opened in it.
   */
  changeLanguage: (config: WizardConfig) => void;
  /**
   * "Continue on another device": seals the draft, stores it on the receiver and hands the
   * application over (session-handover.ts). The form is read only from then on, in every tab.
   */
  handOver: (request: HandOverRequest) => Promise<HandOverResult>;
  /** The creator carries on here after all: the link is withdrawn if unused, and the form editable again. */
  takeBack: (pageUrl: string) => Promise<WithdrawResult>;
  /** The one upload queue of this session, which the file fields and the outbox reach (uploads/session-uploads.ts). */
  readonly uploads: SessionUploads;
}

interface SessionOptions {
  config: WizardConfig;
  programme: ProgrammeForm;
  initial: InitialApplication;
  devices: SessionDevices;
  /** Built behind Welcome: asleep until `wake()`. */
  asleep?: boolean;
  sendTimeoutMs?: number;
}

/**
 * One application on this device, as one tab sees it: the answers (through the form), the
 * wizard's place, autosave, the submission queue, the tab that may edit, and acceptance, tied
 * together in plain code rather than in React hooks whose order mattered. React only shows it
 * (use-application-session.ts subscribes, and attaches the form in an effect). Building one takes
 * nothing from the page: a session built and thrown away (React may render twice) costs nothing.
 */
export function createApplicationSession({ config, programme, initial, devices, asleep = false, sendTimeoutMs }: SessionOptions): ApplicationSession {
  const { store, locks, synchronous, page, serviceWorker } = devices;
  const stepCount = config.steps.length;
  const skipLastStep = config.skipLastStep ?? false;
  const listeners = new Set<() => void>();
  // What the machine decides from (session-transitions.ts); everything else here carries out its effects.
  let state = initialSessionState({ initial, asleep, editsAtOnce: !locks, stepCount, skipLastStep, language: config.lang, redirectUrl: config.redirectUrl });
  // The form the page attached, and the page's resources held while awake and attached (page-connection.ts).
  let form: SessionForm | null = null;
  let connection: PageConnection | null = null;

  /** Takes the step `event` makes, tells the screen when what it shows changed, then carries out its effects in order. */
  function dispatch(event: SessionEvent): void {
    const before = state;
    const step = sessionTransition(state, event);
    state = step.state;
    if (state.shown !== before.shown) for (const listener of listeners) listener();
    for (const effect of step.effects) carryOut(effect);
  }

  function attachedForm(): SessionForm {
    if (!form) throw new Error('The application session has no form: attach one first.');
    return form;
  }

  const proofs = proofOfWorkGate(config.requestUrl, page.href);
  // Nothing of the page, nor the upload code, until a file field or a body naming files asks for the queue.
  const uploads = sessionUploads({ network: page, locks });
  const outbox = pageOutbox({ store, locks, timeoutMs: sendTimeoutMs, onAccepted: (ending) => accept(ending === 'elsewhere', ending === 'withdrawn'), proofs, uploads });
  const stopHearingOutbox = outbox.subscribe((status) => {
    dispatch({ type: 'outbox', status });
  });

  const autosave = createAutosave({
    form: attachedForm,
    store,
    synchronous,
    writes: () => mayWrite(state),
    place: () => state.shown.wizard,
    onState: (saveState) => {
      dispatch({ type: 'save-state', saveState });
    },
    onSaved: (record) => {
      dispatch({ type: 'saved', record });
    },
  });

  const handover = sessionHandover({
    store,
    outbox,
    proofs,
    saveNow: () => autosave.saveNow(),
    answers: () => {
      attachedForm().flush();
      return { values: attachedForm().values(), wizard: state.shown.wizard };
    },
  });

  // Kept, not taken again, when the page lets go and attaches again in the same task.
  const held = heldAcrossRerun(
    () => {
      const onRole = (role: EditorRole, reason: RoleChangeReason) => {
        dispatch({ type: 'role', role, reason, answers: form?.values() });
      };
      const onMessage = (message: DraftMessage) => {
        dispatch({ type: 'tab-message', message });
      };
      const opened = connectToPage({ locks, page, serviceWorker, form: attachedForm(), autosave, outbox, proofs, onRole, onMessage });
      connection = opened;
      dispatch({ type: 'connected' });
      // Without Web Locks every tab edits: the role is known at once.
      if (!locks) onRole('editor', 'first');
      return opened;
    },
    (opened) => {
      opened.close();
      if (connection !== opened) return;
      connection = null;
      dispatch({ type: 'disconnected' });
    },
  );

  const carryOut = sessionEffects({ programme, programmeTitle: config.programmeTitle, stepCount, store, synchronous, autosave, outbox, held, form: () => form, connection: () => connection, redirect: devices.redirect, dispatch });

  let waking: Promise<boolean> | null = null;
  async function decideWake(): Promise<boolean> {
    if (state.shown.awake) return true;
    // Asleep, it was built blank behind Welcome, and wrote nothing since: whatever the store holds
    // now is another tab's, which only a load from the store may read (and set aside, or forget).
    dispatch({ type: 'wake-answered', storeHoldsApplication: await holdsAnApplication(store, synchronous) });
    return state.shown.awake;
  }

  /**
   * `elsewhere`: another device sent the application first; `withdrawn`: the receiver erased it
   * (410). Either way this device's answers go, unsent, as after any acceptance.
   */
  async function accept(elsewhere = false, withdrawn = false): Promise<void> {
    dispatch({ type: 'accepting' });
    await clearAfterAcceptance(store, Date.now());
    dispatch({ type: 'accepted', elsewhere, withdrawn });
  }

  return {
    uploads,
    getSnapshot: () => state.shown,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    wake() {
      // A second press while the store is read waits for the same answer.
      waking ??= decideWake();
      return waking;
    },
    attach(next) {
      form = next;
      dispatch({ type: 'attached' });
      return () => {
        dispatch({ type: 'detached' });
      };
    },
    dispose() {
      // Letting go writes a pending save first (page-connection.ts): nothing typed is lost.
      dispatch({ type: 'disposed' });
      // A send still on its way ends as it would, but a session no page shows has no one to tell.
      stopHearingOutbox();
      uploads.dispose();
    },
    async next() {
      if (!mayContinue(state)) return false;
      const from = state.shown.wizard.current;
      dispatch({ type: 'busy', busy: true });
      try {
        return await runContinue(continueActions(from, stepCount, skipLastStep), {
          validate: () => attachedForm().validateStep(from),
          submit: () =>
            submitApplication(state.shown.submitted, config.requestUrl, {
              bodyToSend: () => attachedForm().bodyToSend(),
              accept,
              send: (url, body) => outbox.submit(url, body, state.language),
            }),
          advance: () => {
            dispatch({ type: 'advance' });
          },
          redirect: () => {
            dispatch({ type: 'sign-in' });
          },
        });
      } finally {
        dispatch({ type: 'busy', busy: false });
      }
    },
    previous() {
      dispatch({ type: 'previous' });
    },
    takeOver() {
      connection?.takeOver();
    },
    saveNow: (force) => autosave.saveNow(force),
    accept,
    async newApplication() {
      await startNewApplication(store, synchronous);
      dispatch({ type: 'new-application' });
    },
    changeLanguage(next) {
      dispatch({ type: 'language', language: next.lang, redirectUrl: next.redirectUrl });
    },
    async handOver(request) {
      if (!mayHandOver(state)) return { ok: false, reason: 'refused' };
      dispatch({ type: 'busy', busy: true });
      try {
        const result = await handover.handOver(request);
        if (result.ok) dispatch({ type: 'link-made', handedOver: result.handedOver });
        return result;
      } finally {
        dispatch({ type: 'busy', busy: false });
      }
    },
    async takeBack(pageUrl) {
      const { handedOver } = state.shown;
      if (!handedOver) return 'unknown';
      // Whatever the programme now says (even with no receiver left to ask), the device gets its application back.
      const withdrawn = await handover.takeBack(handedOver, config.requestUrl, pageUrl);
      dispatch({ type: 'taken-back' });
      return withdrawn;
    },
  };
}
