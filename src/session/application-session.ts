import type { ProgrammeForm } from '../application/rules/programme-form';
import type { WizardConfig } from '../config/config-schema';
import { holdsAnApplication } from '../boot/holds-an-application';
import { startNewApplication } from '../drafts/draft-store';
import type { InitialApplication } from '../drafts/initial-application';
import { clearAfterAcceptance } from '../outbox/clear-after-acceptance';
import { submitApplication } from '../outbox/submit-application';
import { continueActions, runContinue } from '../wizard/wizard-machine';
import { heldPageConnection, type PageConnection } from './page-connection';
import { createAutosave } from './session-autosave';
import type { SessionForm } from './session-form';
import { pageOutbox } from './page-outbox';
import { proofOfWorkGate } from '../proof-of-work/proof-of-work-gate';
import { sessionHandover } from './session-handover';
import { initialSessionState, mayContinue, mayHandOver, mayWrite } from './session-state';
import { sessionEffects } from './session-effects';
import { sessionTransition, type SessionEvent } from './session-transitions';
import { sessionUploads } from '../uploads/session-uploads';
import type { SessionDevices } from './session-devices';
import type { ApplicationSession } from './application-session-contract';

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
  const outbox = pageOutbox({
    store,
    locks,
    timeoutMs: sendTimeoutMs,
    onAccepted: (ending) => accept(ending === 'elsewhere', ending === 'withdrawn'),
    proofs,
    uploads,
  });
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

  const held = heldPageConnection({
    locks,
    page,
    serviceWorker,
    form: attachedForm,
    autosave,
    outbox,
    proofs,
    onRole: (role, reason) => {
      dispatch({ type: 'role', role, reason, answers: form?.values() });
    },
    onMessage: (message) => {
      dispatch({ type: 'tab-message', message });
    },
    opened: (opened) => {
      connection = opened;
      dispatch({ type: 'connected' });
    },
    closed: (closed) => {
      if (connection !== closed) return;
      connection = null;
      dispatch({ type: 'disconnected' });
    },
  });

  const carryOut = sessionEffects({
    programme,
    programmeTitle: config.programmeTitle,
    stepCount,
    store,
    synchronous,
    autosave,
    outbox,
    held,
    form: () => form,
    connection: () => connection,
    redirect: devices.redirect,
    dispatch,
  });

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
