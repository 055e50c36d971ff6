import type { ReactNode, Ref } from 'react';
import { backgroundForStep } from '../config/background-for-step';
import type { WizardConfig } from '../config/config-schema';
import { SafeHtml } from '../html/safe-html';
import { AppStatus } from '../pwa/app-status';
import { stepBarItems } from '../wizard/wizard-machine';
import { CoverPanel } from './cover-panel';
import { LanguageLinks } from './language-links';
import { SiteFooter } from './site-footer';
import { StepBar } from './step-bar';

interface WizardLayoutProps {
  config: WizardConfig;
  current: number;
  /** The cover's back arrow (phones only); null hides it. */
  onBack: (() => void) | null;
  /** Saves the draft before an update reloads the page. */
  saveDraft: () => Promise<void>;
  contentRef?: Ref<HTMLDivElement>;
  /** The step's form. */
  children: ReactNode;
}

/** The page around a step: cover panel, step bar, the step's form and footers (docs/product-rules.md §2). */
export function WizardLayout({ config, current, onBack, saveDraft, contentRef, children }: WizardLayoutProps) {
  const step = config.steps[current] ?? config.steps[0];
  return (
    <div className={`layout${step?.styles?.grayBg ? ' layout--gray' : ''}`}>
      <CoverPanel
        logo={config.logo}
        background={backgroundForStep(config.backgrounds, current)}
        next={current + 1 < config.steps.length ? backgroundForStep(config.backgrounds, current + 1) : undefined}
        onBack={onBack}
      />
      <div className="content-panel" ref={contentRef}>
        <main className="content-panel__main">
          <LanguageLinks />
          <StepBar
            items={stepBarItems(
              config.steps.map((s) => s.name),
              current,
            )}
          />
          {children}
          {step?.footer ? <SafeHtml className="step-footer" html={step.footer} /> : null}
        </main>
        <AppStatus saveDraft={saveDraft} />
        <SiteFooter html={config.footerHtml} links={config.footerLinks} />
      </div>
    </div>
  );
}
