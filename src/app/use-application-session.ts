import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ProgrammeForm } from '../application/rules/programme-form';
import type { WizardConfig } from '../config/config-schema';
import { restoreDraft } from '../drafts/draft-record';
import { loadStoredDraft, startNewApplication } from '../drafts/draft-store';
import { allStepsReached, type InitialApplication } from '../drafts/initial-application';
import { useAutosave } from '../drafts/use-autosave';
import { useApplicationForm } from '../form/use-application-form';
import { clearAfterAcceptance } from '../outbox/clear-after-acceptance';
import { DEFAULT_SEND_TIMEOUT_MS } from '../outbox/send-application';
import { submitApplication } from '../outbox/submit-application';
import { showsServerError, useOutbox } from '../outbox/use-outbox';
import type { KeyValueStore } from '../storage/resilient-store';
import { clearUnloadCopy } from '../storage/unload-copy';
import { useStorageHealth } from '../storage/use-storage-health';
import { useDraftChannel } from '../tabs/use-draft-channel';
import { useEditorRole } from '../tabs/use-editor-role';
import { useTabHandover } from '../tabs/use-tab-handover';
import { trackFormSubmitted, trackSignInClicked } from '../telemetry/analytics-events';
import { registerFormValues } from '../telemetry/personal-values';
import { useWizard, type WizardEffects } from '../wizard/use-wizard';
import { goToStep, initialWizardState, type WizardState } from '../wizard/wizard-machine';

/** Where the session keeps the application, and how tabs take turns; the page passes its own, a test fakes. */
export interface SessionDevices {
  store: KeyValueStore;
  /** The page's Web Locks (undefined where there are none: every tab edits, sends as it comes). */
  locks: LockManager | undefined;
}

/**
 * Everything that keeps one application alive across keystrokes, reloads, tabs and networks:
 * the form, the wizard's place, autosave, the submission queue, and the tab that may edit.
 * Wiring only: each decision is made where it belongs (the submit step beside the outbox, the
 * handover in tabs/, the scrubbers' source in telemetry/). The wizard's screen (WizardApp) only
 * reads what this returns.
 */
export function useApplicationSession(config: WizardConfig, programme: ProgrammeForm, initial: InitialApplication, { store, locks }: SessionDevices, awake = true) {
  const stepCount = config.steps.length;
  const skipLastStep = config.skipLastStep ?? false;
  const { form, pendingInputs, validateStep, bodyToSend, currentBody, failedAttempts } = useApplicationForm(programme, initial.values);
  const [wizardState, setWizardState] = useState<WizardState>(initial.wizard);
  const [submitted, setSubmitted] = useState(initial.submitted);
  const storageHealth = useStorageHealth(store);

  // The telemetry scrubbers read what has been typed (including keystrokes a text field still
  // holds) only when an event or report is about to leave the device.
  useEffect(() => registerFormValues(() => form.getValues(), () => pendingInputs.shownTexts()), [form, pendingInputs]);

  /** Shows a stored draft (another tab's, or this tab's after taking over). */
  const showDraft = useCallback(
    (stored: unknown) => {
      const draft = restoreDraft(stored, programme, stepCount);
      if (draft.kind !== 'restored') return;
      form.reset(draft.values);
      setWizardState(draft.wizard);
    },
    [form, programme, stepCount],
  );

  const reloadDraft = useCallback(async () => {
    showDraft(await loadStoredDraft(store));
  }, [showDraft, store]);

  const showAccepted = useCallback(() => {
    setSubmitted(true);
    form.reset(programme.emptyValues);
    setWizardState(allStepsReached(stepCount));
  }, [form, programme, stepCount]);

  const showNewApplication = useCallback(() => {
    setSubmitted(false);
    form.reset(programme.emptyValues);
    setWizardState(initialWizardState);
  }, [form, programme]);


  // Built ahead behind Welcome (not awake), the session only holds the form: it takes no lock,
  // hears no other tab, saves nothing and sends nothing until Continue shows it (wizard-awake.ts).
  const { role, reason, takeOver } = useEditorRole(locks, awake);
  const editing = role === 'editor';

  const channel = useDraftChannel({
    saved: (record) => {
      if (role === 'viewer') showDraft(record);
    },
    'handed-over': () => {
      if (role === 'editor') void reloadDraft();
    },
    accepted: showAccepted,
    'new-application': showNewApplication,
  }, awake);

  const autosave = useAutosave({
    form,
    pendingInputs,
    wizard: wizardState,
    store,
    // Until the lock answers (a few ms) this tab saves too, so nothing typed that early is lost.
    active: awake && role !== 'viewer' && !submitted,
    onSaved: (record) => {
      channel.post({ type: 'saved', record });
      // An application waiting to be sent takes the edit, so no attempt sends the older answers.
      void outbox.revise(currentBody());
    },
  });

  useTabHandover({
    role,
    reason,
    submitted,
    saveNow: autosave.saveNow,
    changedSinceOpen: () => JSON.stringify(form.getValues()) !== JSON.stringify(initial.values),
    reloadDraft,
    post: channel.post,
  });

  const accept = useCallback(async () => {
    autosave.stop();
    clearUnloadCopy();
    await clearAfterAcceptance(store, Date.now());
    trackFormSubmitted();
    channel.post({ type: 'accepted' });
    setSubmitted(true);
    // Accepted in the background (a retry): the wizard moves on by itself.
    if (!skipLastStep) setWizardState((state) => goToStep(state, stepCount - 1, stepCount));
  }, [autosave, channel, skipLastStep, stepCount, store]);

  const { outbox, status } = useOutbox({
    store,
    locks,
    timeoutMs: config.submitTimeoutMs ?? DEFAULT_SEND_TIMEOUT_MS,
    active: awake && editing,
    onAccepted: accept,
  });

  const effects = useMemo<WizardEffects>(
    () => ({
      validateStep,
      submit: () => submitApplication(submitted, config.requestUrl, { bodyToSend, accept, send: (url, body) => outbox.submit(url, body) }),
      redirect: () => {
        trackSignInClicked();
        window.location.assign(config.redirectUrl);
      },
    }),
    [accept, bodyToSend, config.redirectUrl, config.requestUrl, outbox, submitted, validateStep],
  );

  const wizard = useWizard({
    stepCount,
    skipLastStep,
    programmeTitle: config.programmeTitle,
    effects,
    state: wizardState,
    setState: setWizardState,
    alreadyReported: initial.reported ?? (initial.restored || initial.submitted ? initial.wizard.reached : []),
    onScreen: awake,
  });

  const newApplication = useCallback(async () => {
    await startNewApplication(store);
    outbox.reset();
    channel.post({ type: 'new-application' });
    showNewApplication();
  }, [channel, outbox, showNewApplication, store]);

  return {
    form,
    pendingInputs,
    failedAttempts,
    wizard,
    wizardState,
    submitted,
    role,
    takeOver,
    saveState: autosave.saveState,
    saveNow: autosave.saveNow,
    storageHealth,
    serverError: showsServerError(status),
    sending: status.state === 'sending',
    newApplication,
  };
}
