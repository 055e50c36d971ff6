import { type ReactElement, StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { loadApplication } from '../boot/load-application';
import { loadBlankApplication } from '../boot/load-blank-application';
import type { WizardConfig } from '../config/config-schema';
import type { InitialApplication } from '../drafts/initial-application';
import { appStore } from '../storage/app-store';
import { advance } from '../wizard/wizard-machine';
import { AppErrorBoundary } from './app-error-boundary';
import { WizardApp } from './wizard-app';

/**
 * The full wizard, in a chunk of its own: the form, the rules, drafts, the submission queue
 * and the tab lock. Loaded before the first render when the device holds an application, or
 * after the Welcome step of a first visit is on screen.
 */
export async function renderApplication(root: Root, config: WizardConfig): Promise<void> {
  const wizard = await applicationElement(config, { fromWelcome: false });
  root.render(
    <StrictMode>
      <AppErrorBoundary>{wizard}</AppErrorBoundary>
    </StrictMode>,
  );
}

/**
 * Reads what the device holds and gives the wizard to render. `fromWelcome`: for a first visit's
 * Welcome (welcome-takeover.tsx), which shows it when Continue is pressed, so it opens on step 1
 * and focuses that step's heading when shown. `aheadOfContinue`: built behind that Welcome before
 * the press, from a blank application, refused if the device holds one (load-blank-application.ts).
 */
export async function applicationElement(
  config: WizardConfig,
  { fromWelcome, aheadOfContinue = false }: { fromWelcome: boolean; aheadOfContinue?: boolean },
): Promise<ReactElement> {
  const { programme, initial } = aheadOfContinue ? await loadBlankApplication(config, appStore) : await loadApplication(config, appStore);
  const opening = fromWelcome && initial.wizard.current === 0 ? continuedFromWelcome(initial, config.steps.length) : initial;
  return <WizardApp config={config} programme={programme} initial={opening} focusOnMount={fromWelcome} />;
}

/** Continue was pressed on the Welcome step shown before the form loaded: open on the next step. */
function continuedFromWelcome(initial: InitialApplication, stepCount: number): InitialApplication {
  return { ...initial, wizard: advance(initial.wizard, stepCount), reported: [0] };
}
