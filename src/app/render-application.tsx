import { type ReactElement, useEffect, useMemo } from 'react';
import type { ProgrammeForm } from '../application/rules/programme-form';
import { programmeFormOf } from '../config/programme-form-of';
import { loadApplication } from '../boot/load-application';
import { loadBlankApplication } from '../boot/load-blank-application';
import { defaultLocks } from '../browser/web-locks';
import type { WizardConfig } from '../config/config-schema';
import type { InitialApplication } from '../drafts/initial-application';
import { createApplicationSession, type ApplicationSession, type SessionDevices } from '../session/application-session';
import { appStore } from '../storage/app-store';
import { advance } from '../wizard/wizard-machine';
import { FormWords } from './form-words';
import { useProgrammeInLanguage } from './programme-context';
import { WizardApp } from './wizard-app';

/** The page's one store, its Web Locks and its way out to the creator hub, handed to every session. */
const PAGE_DEVICES: SessionDevices = {
  store: appStore,
  locks: defaultLocks(),
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
 *
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
      <WizardInLanguage built={config} builtProgramme={programme} initial={opening} session={session} focusOnMount={fromWelcome} />
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

/** Continue was pressed on the Welcome step shown before the form loaded: open on the next step. */
function continuedFromWelcome(initial: InitialApplication, stepCount: number): InitialApplication {
  return { ...initial, wizard: advance(initial.wizard, stepCount), reported: [0] };
}
