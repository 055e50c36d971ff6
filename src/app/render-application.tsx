import { type ReactElement, StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { loadApplication } from '../boot/load-application';
import { loadBlankApplication } from '../boot/load-blank-application';
import { browserPageEvents, defaultServiceWorker } from '../browser/page-events';
import { defaultLocks } from '../browser/web-locks';
import type { WizardConfig } from '../config/config-schema';
import type { InitialApplication } from '../drafts/initial-application';
import { createApplicationSession, type ApplicationSession, type SessionDevices } from '../session/application-session';
import { appStore } from '../storage/app-store';
import { pageLocalStorage } from '../storage/sync-storage';
import { advance } from '../wizard/wizard-machine';
import type { Messages } from '../i18n/messages';
import { MessagesContext } from '../i18n/messages-context';
import { AppErrorBoundary } from './app-error-boundary';
import { FormWords } from './form-words';
import { WizardApp } from './wizard-app';

/** The page's one store, its Web Locks, localStorage, life, service worker and way out to the creator hub, handed to every session. */
const PAGE_DEVICES: SessionDevices = {
  store: appStore,
  locks: defaultLocks(),
  synchronous: pageLocalStorage,
  page: browserPageEvents(),
  serviceWorker: defaultServiceWorker(),
  redirect: (url) => {
    window.location.assign(url);
  },
};

/** The wizard to render, and its session (which Welcome wakes on Continue). */
export interface PreparedWizard {
  element: ReactElement;
  session: ApplicationSession;
}

/**
 * The full wizard, in a chunk of its own: the form, the rules, drafts, the submission queue
 * and the tab lock. Loaded before the first render when the device holds an application, or
 * after the Welcome step of a first visit is on screen.
 */
export async function renderApplication(root: Root, config: WizardConfig, messages: Messages): Promise<void> {
  const { element } = await applicationElement(config, { fromWelcome: false });
  root.render(
    <StrictMode>
      <MessagesContext.Provider value={messages}>
        <AppErrorBoundary>{element}</AppErrorBoundary>
      </MessagesContext.Provider>
    </StrictMode>,
  );
}

/**
 * Reads what the device holds and prepares the wizard. `fromWelcome`: for a first visit's Welcome
 * (welcome-takeover.tsx), which shows it when Continue is pressed, so it opens on step 1 and
 * focuses that step's heading when shown. `aheadOfContinue`: built behind that Welcome before the
 * press, from a blank application, refused if the device holds one (load-blank-application.ts);
 * its session sleeps until Continue wakes it.
 */
export async function applicationElement(
  config: WizardConfig,
  { fromWelcome, aheadOfContinue = false }: { fromWelcome: boolean; aheadOfContinue?: boolean },
): Promise<PreparedWizard> {
  const { programme, initial } = aheadOfContinue ? await loadBlankApplication(config, appStore) : await loadApplication(config, appStore);
  const opening = fromWelcome && initial.wizard.current === 0 ? continuedFromWelcome(initial, config.steps.length) : initial;
  const session = createApplicationSession({ config, programme, initial: opening, devices: PAGE_DEVICES, asleep: aheadOfContinue, sendTimeoutMs: config.submitTimeoutMs });
  const element = (
    <FormWords>
      <WizardApp config={config} programme={programme} initial={opening} session={session} focusOnMount={fromWelcome} />
    </FormWords>
  );
  return { element, session };
}

/** Continue was pressed on the Welcome step shown before the form loaded: open on the next step. */
function continuedFromWelcome(initial: InitialApplication, stepCount: number): InitialApplication {
  return { ...initial, wizard: advance(initial.wizard, stepCount), reported: [0] };
}
