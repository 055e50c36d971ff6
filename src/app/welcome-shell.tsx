import { type SubmitEvent, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { WizardConfig } from '../config/config-schema';
import { trackStepReached } from '../telemetry/analytics-events';
import { continueButtonText } from '../wizard/wizard-machine';
import { useMessages } from '../i18n/messages-context';
import { StepBlocks } from './step-blocks';
import { WizardLayout } from './wizard-layout';

interface WelcomeShellProps {
  config: WizardConfig;
  /** Loads the application form and shows its first step in place of this one. */
  onContinue: () => Promise<void>;
  /**
   * Whether Continue was pressed on the Welcome index.html carries before the app ran
   * (boot/early-continue.ts), asked once when this Welcome is in the page: the press is then
   * made again on this one's form.
   */
  continuePressedEarly?: () => boolean;
  /**
   * The last load of the form failed before this Welcome was drawn again (a wizard that turned
   * out stale could not be replaced): said as a failed press of its own would say it.
   */
  loadFailed?: boolean;
}

const nothingToSave = () => Promise.resolve();

/**
 * The Welcome step of a first visit, drawn before the application form's code has loaded:
 * it asks for nothing, so the form (react-hook-form, the rules, drafts, the queue) is not on
 * its critical path. It looks exactly like the Welcome step of the full wizard; Continue
 * loads the form (already fetched while the browser was idle) and moves on to step 1.
 */
export function WelcomeShell({ config, onContinue, continuePressedEarly, loadFailed = false }: WelcomeShellProps) {
  const step = config.steps[0];
  if (!step) throw new Error('The configuration has no steps.');
  const messages = useMessages();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const reported = useRef(false);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (reported.current) return;
    reported.current = true;
    trackStepReached(0, config.programmeTitle, config.steps.length);
  }, [config.programmeTitle, config.steps.length]);

  // Before the first paint of this Welcome, so the button the creator pressed never shows idle
  // again: the submit goes through onSubmit like any press.
  useLayoutEffect(() => {
    if (continuePressedEarly?.()) form.current?.requestSubmit();
  }, [continuePressedEarly]);

  const onSubmit = useCallback(
    (event: SubmitEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (busy) return;
      setBusy(true);
      setFailed(false);
      onContinue().catch(() => {
        setFailed(true);
        setBusy(false);
      });
    },
    [busy, onContinue],
  );

  const reload = useCallback(() => {
    window.location.reload();
  }, []);

  return (
    <WizardLayout config={config} current={0} onBack={null} saveDraft={nothingToSave}>
      <form ref={form} className="step-form" noValidate onSubmit={onSubmit} aria-busy={busy}>
        <fieldset className="step-fieldset">
          <StepBlocks step={step} onReload={reload} />
          <div className="step-actions">
            {step.hideConfirmButton ? null : (
              <button type="submit" className="button button--primary" aria-disabled={busy}>
                {step.continueButtonText ?? messages.text(continueButtonText(0, config.steps.length))}
              </button>
            )}
          </div>
        </fieldset>
        <p className="server-error" role="alert">
          {failed || loadFailed ? messages.text('formLoadFailed') : null}
        </p>
      </form>
    </WizardLayout>
  );
}
