import type { ProgrammeForm } from '../application/rules/programme-form';
import type { WizardConfig } from '../config/config-schema';
import { holdsAnApplication } from '../boot/holds-an-application';
import { heldAcrossRerun } from '../browser/held-across-rerun';
import type { PageEvents } from '../browser/page-events';
import { restoreDraft } from '../drafts/draft-record';
import { loadStoredDraft, startNewApplication } from '../drafts/draft-store';
import { allStepsReached, type InitialApplication } from '../drafts/initial-application';
import { clearAfterAcceptance } from '../outbox/clear-after-acceptance';
import type { OutboxStatus } from '../outbox/outbox';
import { submitApplication } from '../outbox/submit-application';
import type { KeyValueStore } from '../storage/resilient-store';
import type { SyncStorage } from '../storage/sync-storage';
import { clearUnloadCopy } from '../storage/unload-copy';
import type { DraftMessage } from '../tabs/draft-channel';
import type { EditorRole, RoleChangeReason } from '../tabs/editor-lock';
import { trackFormSubmitted, trackSignInClicked, trackStepReached } from '../telemetry/analytics-events';
import { advance, back, continueActions, goToStep, initialWizardState, runContinue, type WizardState } from '../wizard/wizard-machine';
import { connectToPage, type PageConnection } from './page-connection';
import { createAutosave, type SaveState } from './session-autosave';
import type { SessionForm } from './session-form';
import { pageOutbox } from './page-outbox';
import { proofOfWorkGate } from '../proof-of-work/proof-of-work-gate';
import type { WithdrawResult } from '../handover/drafts-endpoint';
import { readHandedOver, type HandedOver } from '../storage/handed-over';
import { sessionHandover, type HandOverRequest, type HandOverResult } from './session-handover';

/**
 * Everything the session uses of the browser, passed in: where it keeps the application, how
 * tabs take turns, the page's life, the service worker. The page passes its own
 * (app/render-application.tsx); a unit test passes fakes, in Node, with no DOM at all.
 */
export interface SessionDevices {
  store: KeyValueStore;
  /** The page's Web Locks (undefined where there are none: every tab edits, sends as it comes). */
  locks: LockManager | undefined;
  /** localStorage on the page: the unload copy of the draft and the resume hint, written synchronously. */
  synchronous: SyncStorage;
  /** The page going away and coming back, the network coming back, and the page's address. */
  page: PageEvents;
  /** The service worker, which a waiting application is passed to as the page goes away (undefined: none). */
  serviceWorker: ServiceWorkerContainer | undefined;
  /** Leaves for the creator hub (the last step's Sign In). */
  redirect: (url: string) => void;
}

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
}

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
  /** Saves the draft now (`force`: even in a read-only tab, delivering the keystrokes it holds). */
  saveNow: (force?: boolean) => Promise<void>;
  /** Ends an accepted application: personal data cleared, every tab told, the wizard moved on. */
  accept: (elsewhere?: boolean) => Promise<void>;
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
  let { lang: language, redirectUrl } = config;
  const listeners = new Set<() => void>();
  const reported = new Set<number>(initial.reported ?? (initial.restored || initial.submitted ? initial.wizard.reached : []));
  let form: SessionForm | null = null;
  let attached = false;
  let disposed = false;
  // The page's resources, held while awake and attached (page-connection.ts).
  let connection: PageConnection | null = null;
  // Acceptance under way: nothing is written from its first moment.
  let accepting = false;
  let snapshot: SessionSnapshot = {
    awake: !asleep,
    wizard: initial.wizard,
    submitted: initial.submitted,
    role: locks ? 'unknown' : 'editor',
    saveState: 'idle',
    outbox: { state: 'empty' },
    busy: false,
    handedOver: initial.handedOver ?? null,
    sentElsewhere: false,
  };

  function update(change: Partial<SessionSnapshot>): void {
    snapshot = { ...snapshot, ...change };
    for (const listener of listeners) listener();
  }

  function attachedForm(): SessionForm {
    if (!form) throw new Error('The application session has no form: attach one first.');
    return form;
  }

  const proofs = proofOfWorkGate(config.requestUrl, page.href);
  const outbox = pageOutbox({ store, locks, timeoutMs: sendTimeoutMs, onAccepted: (elsewhere) => accept(elsewhere), proofs });
  const stopHearingOutbox = outbox.subscribe((status) => {
    update({ outbox: status });
  });

  const autosave = createAutosave({
    form: attachedForm,
    store,
    synchronous,
    // Until the lock answers (a few ms) this tab saves too, so nothing typed that early is lost.
    writes: () => connection !== null && snapshot.role !== 'viewer' && !snapshot.submitted && !accepting && snapshot.handedOver === null,
    place: () => snapshot.wizard,
    onState: (saveState) => {
      update({ saveState });
    },
    onSaved: (record) => {
      connection?.post({ type: 'saved', record });
      // An application waiting to be sent takes the edit, so no attempt sends the older answers.
      if (form) void outbox.revise(form.currentBody());
    },
  });

  const handover = sessionHandover({
    store,
    outbox,
    saveNow: () => autosave.saveNow(),
    answers: () => {
      attachedForm().flush();
      return { values: attachedForm().values(), wizard: snapshot.wizard };
    },
  });

  /** The wizard's place changes, for whatever reason: what it reaches is reported. */
  function place(change: Partial<SessionSnapshot> & { wizard: WizardState }): void {
    update(change);
    reportSteps();
  }

  /** The creator moves: saved like a keystroke, so a reload comes back to the same step. */
  function move(wizard: WizardState): void {
    if (wizard === snapshot.wizard) return;
    place({ wizard });
    autosave.schedule();
  }

  /** "Step Reached" goes out once per step, the first time it is on screen (never while asleep). */
  function reportSteps(): void {
    if (!snapshot.awake) return;
    for (const step of snapshot.wizard.reached) {
      if (reported.has(step)) continue;
      reported.add(step);
      trackStepReached(step, config.programmeTitle, stepCount);
    }
  }

  /** Shows a stored draft (another tab's, or this tab's after taking over). */
  function showDraft(stored: unknown): void {
    const draft = restoreDraft(stored, programme, stepCount);
    if (draft.kind !== 'restored') return;
    form?.reset(draft.values);
    place({ wizard: draft.wizard });
  }

  async function reloadDraft(): Promise<void> {
    showDraft(await loadStoredDraft(store, synchronous));
  }

  function showAccepted(): void {
    form?.reset(programme.emptyValues);
    place({ submitted: true, wizard: allStepsReached(stepCount) });
  }

  function showNewApplication(): void {
    accepting = false;
    form?.reset(programme.emptyValues);
    place({ submitted: false, sentElsewhere: false, wizard: initialWizardState });
  }

  function onMessage(message: DraftMessage): void {
    switch (message.type) {
      case 'saved':
        if (snapshot.role === 'viewer') showDraft(message.record);
        break;
      case 'editor-role-passed':
        if (snapshot.role === 'editor') void reloadDraft();
        break;
      case 'accepted':
        showAccepted();
        break;
      case 'new-application':
        showNewApplication();
        break;
      case 'device-handover':
        update({ handedOver: message.handedOver });
        if (message.handedOver === null && snapshot.role === 'editor') void outbox.resume();
        break;
    }
  }

  /**
   * What a change of editor role does with the draft: a tab whose role was taken saves
   * everything it holds and tells the new editor; the first editor saves what was typed while the
   * lock was answering; a tab that becomes the editor later carries on from the last save.
   */
  function onRole(role: EditorRole, reason: RoleChangeReason): void {
    update({ role });
    // Only the editor sends, or picks up an application left unsent.
    if (role === 'editor') void outbox.resume();
    else outbox.stop();
    if (reason === 'stolen' && !snapshot.submitted) {
      void autosave.saveNow(true).then(() => {
        connection?.post({ type: 'editor-role-passed' });
      });
    } else if (role === 'editor' && reason === 'first') {
      if (JSON.stringify(form?.values()) !== JSON.stringify(initial.values)) void autosave.saveNow();
    } else if (role === 'editor') {
      void reloadDraft();
      // Another tab may have handed the application to another device, or taken it back.
      void readHandedOver(store).then((handedOver) => {
        update({ handedOver });
      }, () => undefined);
    }
  }

  // Kept, not taken again, when the page lets go and attaches again in the same task.
  const held = heldAcrossRerun(
    () => {
      const opened = connectToPage({ locks, page, serviceWorker, form: attachedForm(), autosave, outbox, proofs, onRole, onMessage });
      connection = opened;
      // On screen now: the steps it opens on are reported (a restored draft's were, before).
      reportSteps();
      // Without Web Locks every tab edits: the role is known at once.
      if (!locks) onRole('editor', 'first');
      return opened;
    },
    (opened) => {
      opened.close();
      if (connection === opened) connection = null;
    },
  );

  function live(): boolean {
    return snapshot.awake && attached && !disposed;
  }

  function connectIfLive(): void {
    if (live()) held.acquire();
    else held.release();
  }

  let waking: Promise<boolean> | null = null;
  async function decideWake(): Promise<boolean> {
    if (snapshot.awake) return true;
    // Asleep, it was built blank behind Welcome, and wrote nothing since: whatever the store holds
    // now is another tab's, which only a load from the store may read (and set aside, or forget).
    if (await holdsAnApplication(store, synchronous)) return false;
    if (disposed) return false;
    update({ awake: true });
    connectIfLive();
    return true;
  }

  /** `elsewhere`: another device sent the application first; this one's answers go, unsent, as after any acceptance. */
  async function accept(elsewhere = false): Promise<void> {
    accepting = true;
    autosave.cancel();
    clearUnloadCopy(synchronous);
    await clearAfterAcceptance(store, Date.now());
    if (!elsewhere) trackFormSubmitted();
    connection?.post({ type: 'accepted' });
    // Accepted in the background (a retry): the wizard moves on by itself.
    place({ submitted: true, sentElsewhere: elsewhere, wizard: skipLastStep ? snapshot.wizard : goToStep(snapshot.wizard, stepCount - 1, stepCount) });
  }

  return {
    getSnapshot: () => snapshot,
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
      attached = true;
      connectIfLive();
      return () => {
        attached = false;
        connectIfLive();
      };
    },
    dispose() {
      disposed = true;
      // Letting go writes a pending save first (page-connection.ts): nothing typed is lost.
      connectIfLive();
      // A send still on its way ends as it would, but a session no page shows has no one to tell.
      stopHearingOutbox();
    },
    async next() {
      if (snapshot.busy || snapshot.handedOver) return false;
      const from = snapshot.wizard.current;
      update({ busy: true });
      try {
        return await runContinue(continueActions(from, stepCount, skipLastStep), {
          validate: () => attachedForm().validateStep(from),
          submit: () =>
            submitApplication(snapshot.submitted, config.requestUrl, {
              bodyToSend: () => attachedForm().bodyToSend(),
              accept,
              send: (url, body) => outbox.submit(url, body, language),
            }),
          advance: () => {
            move(advance(snapshot.wizard, stepCount));
          },
          redirect: () => {
            trackSignInClicked();
            devices.redirect(redirectUrl);
          },
        });
      } finally {
        update({ busy: false });
      }
    },
    previous() {
      move(back(snapshot.wizard, stepCount));
    },
    takeOver() {
      connection?.takeOver();
    },
    saveNow: (force) => autosave.saveNow(force),
    accept,
    async newApplication() {
      await startNewApplication(store, synchronous);
      outbox.reset();
      connection?.post({ type: 'new-application' });
      showNewApplication();
    },
    changeLanguage(next) {
      ({ lang: language, redirectUrl } = next);
    },
    async handOver(request) {
      if (snapshot.role !== 'editor' || snapshot.submitted || snapshot.handedOver || snapshot.busy) return { ok: false, reason: 'refused' };
      update({ busy: true });
      try {
        const result = await handover.handOver(request);
        if (result.ok) {
          update({ handedOver: result.handedOver });
          connection?.post({ type: 'device-handover', handedOver: result.handedOver });
        }
        return result;
      } finally {
        update({ busy: false });
      }
    },
    async takeBack(pageUrl) {
      const handedOver = snapshot.handedOver;
      if (!handedOver) return 'unknown';
      // Whatever the programme now says (even with no receiver left to ask), the device gets its application back.
      const withdrawn = await handover.takeBack(handedOver, config.requestUrl, pageUrl);
      update({ handedOver: null });
      connection?.post({ type: 'device-handover', handedOver: null });
      if (snapshot.role === 'editor') void outbox.resume();
      return withdrawn;
    },
  };
}
