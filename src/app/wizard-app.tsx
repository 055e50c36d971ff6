import { type SubmitEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import type { ProgrammeForm } from '../application/rules/programme-form';
import { preloadFormSection } from '../blocks/lazy-form-section-block';
import type { WizardConfig } from '../config/config-schema';
import { PendingInputsContext } from '../form/pending-inputs';
import { ProgrammeFormContext } from '../form/programme-form-context';
import { RefusedFilesContext } from '../form/refused-files-context';
import { RequestUrlContext } from '../form/request-url-context';
import { SessionUploadsContext } from '../uploads/session-uploads-context';
import type { InitialApplication } from '../drafts/initial-application';
import { canGoBack, continueActions, continueButtonText } from '../wizard/wizard-machine';
import { useMessages } from '../i18n/messages-context';
import { stepsKeptRendered } from '../wizard/steps-kept-rendered';
import { useStillWhilePressed } from '../browser/use-still-while-pressed';
import { whenIdle } from '../browser/when-idle';
import { showsServerError } from '../outbox/shows-server-error';
import type { ApplicationSession } from '../session/application-session-contract';
import { appStore } from '../storage/app-store';
import { useStorageHealth } from '../storage/use-storage-health';
import { ReadOnlyBanner } from './read-only-banner';
import { HandedOverBanner, TAKE_BACK_ID } from './handed-over-banner';
import { currentPageUrl, HandoverOffer } from './handover-offer';
import { offersHandover, pageCanEncrypt } from '../handover/offers-handover';
import { HomeScreenHint } from './home-screen-hint';
import { pointOutProblems } from './point-out-problems';
import { SaveStatus } from './save-status';
import { filesProblemText } from './files-problem-text';
import { refusedFileRows } from './refused-file-rows';
import { KeptSteps } from './kept-steps';
import { SessionContext } from './session-awake';
import { StepFocus } from './step-focus';
import { StatusReceiptLine } from './status-receipt-line';
import { WizardLayout } from './wizard-layout';
import { useApplicationSession } from './use-application-session';
import { ScrollMemory } from './use-scroll-memory';
import { useWarmHiddenStep } from './use-warm-hidden-step';

interface WizardAppProps {
  config: WizardConfig;
  programme: ProgrammeForm;
  initial: InitialApplication;
  /** The application's session (session/application-session.ts), asleep while built behind Welcome. */
  session: ApplicationSession;
  /** Arrived from the Welcome step shown before this loaded: focus the step's heading at once. */
  focusOnMount?: boolean;
}

export function WizardApp({ config, programme, initial, session, focusOnMount = false }: WizardAppProps) {
  const messages = useMessages();
  const stepCount = config.steps.length;
  const { form, pendingInputs, failedAttempts, state } = useApplicationSession(session, programme, initial.values);
  const storageHealth = useStorageHealth(appStore);
  const current = state.wizard.current;
  const step = config.steps[current] ?? config.steps[0];
  if (!step) throw new Error('The configuration has no steps.');

  const contentRef = useRef<HTMLDivElement>(null);
  // Every kept step is in the form; focus and error lookups read only the one on screen.
  const formRef = useRef<HTMLFormElement>(null);
  // Read by shownRegion, which keeps one identity so that the effects taking it do not run again on every step change.
  const latestStep = useRef(current);
  useEffect(() => {
    latestStep.current = current;
  }, [current]);
  const shownRegion = useCallback(
    (): HTMLElement | null => formRef.current?.querySelector<HTMLElement>(`.step[data-step="${String(latestStep.current)}"]`) ?? null,
    [],
  );

  // After a Continue that found problems: focus the first one and say how many there are, once
  // the step's fields are drawn (point-out-problems.ts).
  const announcer = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (failedAttempts === 0) return undefined;
    const region = shownRegion();
    if (!region) return undefined;
    return pointOutProblems(region, announcer.current, (count) => messages.text('problems', { count }));
  }, [failedAttempts, shownRegion, messages]);

  // The next step, built hidden, has its fonts and words readied while this one is filled in.
  useWarmHiddenStep(current + 1 < stepCount ? current + 1 : null, formRef);

  // The form widgets are not needed for Welcome; fetch them once the browser is idle.
  useEffect(() => {
    whenIdle(preloadFormSection);
  }, []);

  const saveNow = useCallback(() => session.saveNow(), [session]);
  // The session's identity is the page's, so the kept steps (memoized) are not re-rendered.
  const reloadKeepingDraft = useCallback(() => {
    void session.saveNow().finally(() => {
      window.location.reload();
    });
  }, [session]);
  const kept = stepsKeptRendered(state.wizard.reached, current, stepCount);

  // Another tab edits, or another device continues the application: this one only shows it.
  const readOnly = state.role === 'viewer' || state.handedOver !== null;
  // The banners above the form come with news from another tab or device, which may arrive while
  // a finger is on a control below: they wait for the press to end (the form is read only at once).
  const shownAsViewer = useStillWhilePressed(state.role === 'viewer');
  const shownSentElsewhere = useStillWhilePressed(state.sentElsewhere);
  const shownWithdrawn = useStillWhilePressed(state.withdrawn);
  const busy = state.busy;
  const backAllowed = canGoBack(state.wizard, stepCount);
  const previous = useCallback(() => {
    session.previous();
  }, [session]);
  const isLast = current === stepCount - 1;
  const serverErrorText = config.serverErrorText ?? messages.text('sendFailed');
  // A file refused for good (or left on another device) keeps the application here: its field is named.
  const filesProblem = filesProblemText(state.outbox, programme, form.getValues());
  // The rows of the files refused say so (the same map while the status stands: the rows are memoised).
  const refusedFiles = useMemo(() => refusedFileRows(state.outbox), [state.outbox]);
  const uploading = state.outbox.state === 'uploading' && !state.outbox.files.failed ? state.outbox.files : undefined;
  const sendsFromHere = continueActions(current, stepCount, config.skipLastStep ?? false).includes('submit');

  const takeBack = useCallback(() => session.takeBack(currentPageUrl()), [session]);
  const focusTakeBack = useCallback(() => {
    document.getElementById(TAKE_BACK_ID)?.focus();
  }, []);
  const [canEncrypt] = useState(pageCanEncrypt);

  const onSubmit = useCallback(
    (event: SubmitEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (readOnly) return;
      void session.next();
    },
    [readOnly, session],
  );

  return (
    <SessionContext.Provider value={session}>
      <FormProvider {...form}>
        <PendingInputsContext.Provider value={pendingInputs}>
          <ProgrammeFormContext.Provider value={programme}>
            <RequestUrlContext.Provider value={config.requestUrl ?? null}>
              <RefusedFilesContext.Provider value={refusedFiles}>
                <SessionUploadsContext.Provider value={session.uploads}>
                  <WizardLayout
                    config={config}
                    current={current}
                    onBack={backAllowed && !readOnly ? previous : null}
                    saveDraft={saveNow}
                    contentRef={contentRef}
                  >
                    <form className="step-form" noValidate onSubmit={onSubmit} aria-busy={busy} ref={formRef}>
                      {shownAsViewer ? <ReadOnlyBanner onTakeOver={session.takeOver} /> : null}
                      {shownAsViewer ? null : <HandedOverBanner handedOver={state.handedOver} onTakeBack={takeBack} />}
                      {initial.notice ? (
                        <p className="draft-notice" role="status">
                          {messages.text(initial.notice)}
                        </p>
                      ) : null}
                      {shownSentElsewhere ? (
                        <p className="draft-notice" role="status">
                          {messages.text('sentFromAnotherDevice')}
                        </p>
                      ) : null}
                      {shownWithdrawn ? (
                        <p className="draft-notice" role="status">
                          {messages.text('applicationWithdrawn')}
                        </p>
                      ) : null}
                      <fieldset className="step-fieldset" disabled={readOnly}>
                        <KeptSteps steps={config.steps} kept={kept} current={current} onReload={reloadKeepingDraft} />
                        {isLast && state.submitted && !state.sentElsewhere && !state.withdrawn ? <StatusReceiptLine /> : null}
                        {/* Just above the button that sends, in room kept free on that step by an invisible copy
              of the text, so the line shows beside the failed action, on screen, without moving
              the buttons under the pointer. */}
                        <div className="server-error-slot">
                          {sendsFromHere ? (
                            <p className="server-error server-error--sizer" aria-hidden="true">
                              {serverErrorText}
                            </p>
                          ) : null}
                          <p className="server-error" role="alert">
                            {filesProblem
                              ? messages.text(filesProblem.key, { field: filesProblem.field, name: filesProblem.name ?? '' })
                              : showsServerError(state.outbox)
                                ? serverErrorText
                                : null}
                          </p>
                        </div>
                        <div className="step-actions">
                          {backAllowed ? (
                            <button type="button" className="button button--secondary step-actions__back" onClick={previous}>
                              {messages.text('back')}
                            </button>
                          ) : null}
                          {step.hideConfirmButton ? null : (
                            <button type="submit" className="button button--primary" aria-disabled={busy}>
                              {step.continueButtonText ?? messages.text(continueButtonText(current, stepCount))}
                            </button>
                          )}
                        </div>
                      </fieldset>
                      {offersHandover(config, current, state.submitted, canEncrypt) ? (
                        <HandoverOffer
                          config={config}
                          session={session}
                          showButton={!readOnly && state.outbox.state !== 'sending'}
                          focusAfterHandover={focusTakeBack}
                        />
                      ) : null}
                      {isLast && state.submitted && !readOnly ? (
                        <button type="button" className="button button--link new-application" onClick={() => void session.newApplication()}>
                          {messages.text('startNew')}
                        </button>
                      ) : null}
                      <SaveStatus
                        saveState={state.saveState}
                        sending={state.outbox.state === 'sending'}
                        storageHealth={storageHealth}
                        accepted={state.submitted}
                        uploading={uploading}
                      />
                      <HomeScreenHint hasDraft={state.saveState === 'saved' && !state.submitted && !readOnly} step={current} sent={state.submitted} />
                      {/* Built behind Welcome, the wizard keeps no scroll position and moves no focus until its
              session wakes; arriving from Welcome is then a step change, not a reopening. */}
                      {state.awake ? (
                        <>
                          <ScrollMemory current={current} restoreOnOpen={!focusOnMount} />
                          <StepFocus current={current} formRef={formRef} contentRef={contentRef} focusOnMount={focusOnMount} />
                        </>
                      ) : null}
                      <p className="visually-hidden" role="status" ref={announcer} />
                    </form>
                  </WizardLayout>
                </SessionUploadsContext.Provider>
              </RefusedFilesContext.Provider>
            </RequestUrlContext.Provider>
          </ProgrammeFormContext.Provider>
        </PendingInputsContext.Provider>
      </FormProvider>
    </SessionContext.Provider>
  );
}
