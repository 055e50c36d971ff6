import { type SubmitEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { BlockView } from '../blocks/block-view';
import { backgroundForStep } from '../config/background-for-step';
import type { WizardConfig } from '../config/config-schema';
import { SafeHtml } from '../html/safe-html';
import { sendApplication } from '../outbox/send-application';
import { analytics } from '../telemetry/analytics';
import { useWizard, type WizardEffects } from '../wizard/use-wizard';
import { BACK_BUTTON_TEXT, continueButtonText, stepBarItems } from '../wizard/wizard-machine';
import { CoverPanel } from './cover-panel';
import { SiteFooter } from './site-footer';
import { StepBar } from './step-bar';

export const DEFAULT_SERVER_ERROR_TEXT = 'Something went wrong. Please, try again later.';

const NARROW_SCREEN = '(max-width: 576px)';

export function WizardApp({ config }: { config: WizardConfig }) {
  const stepCount = config.steps.length;
  const [serverError, setServerError] = useState(false);

  const effects = useMemo<WizardEffects>(
    () => ({
      validateStep: () => true,
      submit: async () => {
        if (!config.requestUrl) return true;
        const result = await sendApplication(config.requestUrl, { personalInfo: {}, platforms: {}, fields: [] });
        setServerError(!result.ok);
        if (result.ok) analytics.track('Form Submitted');
        return result.ok;
      },
      redirect: () => {
        analytics.track('Sign In Clicked');
        window.location.assign(config.redirectUrl);
      },
    }),
    [config.requestUrl, config.redirectUrl],
  );

  const wizard = useWizard({
    stepCount,
    skipLastStep: config.skipLastStep ?? false,
    programmeTitle: config.programmeTitle,
    effects,
  });
  const current = wizard.state.current;
  const step = config.steps[current] ?? config.steps[0];
  if (!step) throw new Error('The configuration has no steps.');

  const contentRef = useRef<HTMLDivElement>(null);
  const stepRef = useRef<HTMLDivElement>(null);
  const shownStep = useRef(current);

  // On every step change, focus moves to the new step's heading, and the page scrolls to it
  // (on phones, past the cover picture).
  useEffect(() => {
    if (shownStep.current === current) return;
    shownStep.current = current;
    const region = stepRef.current;
    if (!region) return;
    const target = region.querySelector<HTMLElement>('h1, h2, h3') ?? region;
    target.tabIndex = -1;
    target.focus({ preventScroll: true });
    if (window.matchMedia(NARROW_SCREEN).matches) contentRef.current?.scrollIntoView({ block: 'start' });
    else window.scrollTo({ top: 0 });
  }, [current]);

  const onSubmit = useCallback(
    (event: SubmitEvent<HTMLFormElement>) => {
      event.preventDefault();
      void wizard.next();
    },
    [wizard],
  );

  return (
    <div className={`layout${step.styles?.grayBg ? ' layout--gray' : ''}`}>
      <CoverPanel
        logo={config.logo}
        background={backgroundForStep(config.backgrounds, current)}
        onBack={wizard.canGoBack ? wizard.previous : null}
      />
      <div className="content-panel" ref={contentRef}>
        <main className="content-panel__main">
        <StepBar items={stepBarItems(config.steps.map((s) => s.name), current)} />
        <form className="step-form" noValidate onSubmit={onSubmit} aria-busy={wizard.busy}>
          <div className="step" ref={stepRef} key={current} aria-label={step.name} role="group">
            {step.blocks.map((block, index) => (
              <BlockView key={`${String(index)}-${block.component}`} block={block} />
            ))}
          </div>
          <div className="step-actions">
            {wizard.canGoBack ? (
              <button type="button" className="button button--secondary step-actions__back" onClick={wizard.previous}>
                {BACK_BUTTON_TEXT}
              </button>
            ) : null}
            {step.hideConfirmButton ? null : (
              <button type="submit" className="button button--primary" aria-disabled={wizard.busy}>
                {continueButtonText(current, stepCount, step.continueButtonText)}
              </button>
            )}
          </div>
          <p className="server-error" role="alert">
            {serverError ? (config.serverErrorText ?? DEFAULT_SERVER_ERROR_TEXT) : null}
          </p>
        </form>
        {step.footer ? <SafeHtml className="step-footer" html={step.footer} /> : null}
        </main>
        <SiteFooter html={config.footerHtml} links={config.footerLinks} />
      </div>
    </div>
  );
}
