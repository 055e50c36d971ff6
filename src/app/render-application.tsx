import { type ReactElement, useEffect, useMemo } from 'react';
import type { ProgrammeForm } from '../application/rules/programme-form';
import { programmeFormOf } from '../config/programme-form-of';
import { loadApplication } from '../boot/load-application';
import { loadBlankApplication } from '../boot/load-blank-application';
import { browserPageEvents, defaultServiceWorker } from '../browser/page-events';
import { defaultLocks } from '../browser/web-locks';
import type { WizardConfig } from '../config/config-schema';
import type { InitialApplication } from '../drafts/initial-application';
import { createApplicationSession } from '../session/application-session';
import type { ApplicationSession } from '../session/application-session-contract';
import type { SessionDevices } from '../session/session-devices';
import { appStore } from '../storage/app-store';
import { pageLocalStorage } from '../storage/sync-storage';
import { advance } from '../wizard/wizard-machine';
import { FormWords } from './form-words';
import { useProgrammeInLanguage } from './programme-context';
import { WizardApp } from './wizard-app';
import { OpenHandoverScreen } from './open-handover-screen';
import { createOpenHandoverFlow } from '../handover/open-handover-flow';

/** The page's one store, its Web Locks, localStorage, life, service worker and way out to the creator hub, given to every session. */
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
 * How the wizard opens. `as-stored`: where the device left it (a returning creator, or a
 * programme whose Welcome is not shown alone). `after-welcome`: Continue was pressed on a first
 * visit's Welcome (welcome-giving-way.tsx), so it opens on step 1 and focuses that step's heading
 * once shown. `behind-welcome`: the same, built ahead of that press from a blank application,
 * refused if the device holds one (load-blank-application.ts), its session asleep until
 * Continue wakes it.
 */
export type WizardOpening = 'as-stored' | 'after-welcome' | 'behind-welcome';

/**
 * The full wizard, in a chunk of its own: the form, the rules, drafts, the submission queue
 * and the tab lock. Loaded before the first render when the device holds an application, or
 * after the Welcome step of a first visit is on screen. Reads what the device holds (or makes
 * sure it holds nothing, behind Welcome) and prepares the wizard.
 */
export async function applicationElement(config: WizardConfig, opening: WizardOpening): Promise<PreparedWizard> {
  const behindWelcome = opening === 'behind-welcome';
  const fromWelcome = opening !== 'as-stored';
  const { programme, initial } = behindWelcome ? await loadBlankApplication(config, appStore) : await loadApplication(config, appStore);
  const opened = fromWelcome && initial.wizard.current === 0 ? continuedFromWelcome(initial, config.steps.length) : initial;
  const session = createApplicationSession({
    config,
    programme,
    initial: opened,
    devices: PAGE_DEVICES,
    asleep: behindWelcome,
    sendTimeoutMs: config.submitTimeoutMs,
  });
  const element = (
    <FormWords>
      <WizardInLanguage built={config} builtProgramme={programme} initial={opened} session={session} focusOnMount={fromWelcome} />
    </FormWords>
  );
  return { element, session };
}

interface WizardInLanguageProps {
  built: WizardConfig;
  builtProgramme: ProgrammeForm;
  initial: InitialApplication;
  session: ApplicationSession;
  focusOnMount: boolean;
}

/**
 * The wizard in the page's language now (app/language-root.tsx): built once, with the programme
 * as the page first read it, and given the words of another language when the creator changes
 * it. The questions are the same in every language (config/translation-findings.ts), so the
 * answers, the step and the session stay; the form reads counts and names the lists in the new
 * language, the session sends in it.
 */
function WizardInLanguage({ built, builtProgramme, initial, session, focusOnMount }: WizardInLanguageProps) {
  const config = useProgrammeInLanguage(built);
  const programme = useMemo(() => (config === built ? builtProgramme : programmeFormOf(config)), [config, built, builtProgramme]);
  useEffect(() => {
    session.changeLanguage(config);
  }, [session, config]);
  return <WizardApp config={config} programme={programme} initial={initial} session={session} focusOnMount={focusOnMount} />;
}

/**
 * The page was opened by a resume link (handover/resume-fragment.ts): the link is opened, and
 * the wizard then shows what the device holds (the link's application, or its own if the creator
 * kept it). `link` is the fragment's id and key, or 'malformed'.
 */
export function openHandoverElement(config: WizardConfig, link: { id: string; key: string } | 'malformed', pageUrl: string): ReactElement {
  const programme = programmeFormOf(config);
  const flow = createOpenHandoverFlow({ store: appStore, programme, stepCount: config.steps.length, requestUrl: config.requestUrl, pageUrl, link });
  const loadWizard = async () => (await applicationElement(config, 'as-stored')).element;
  return (
    <FormWords>
      <OpenHandoverScreen config={config} flow={flow} loadWizard={loadWizard} />
    </FormWords>
  );
}

/** Continue was pressed on the Welcome step shown before the form loaded: open on the next step. */
function continuedFromWelcome(initial: InitialApplication, stepCount: number): InitialApplication {
  return { ...initial, wizard: advance(initial.wizard, stepCount), reported: [0] };
}
