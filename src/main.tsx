import { type ReactNode, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppErrorBoundary } from './app/app-error-boundary';
import { ConfigErrorScreen } from './app/config-error-screen';
import { LanguageRoot, type ProgrammeInLanguage } from './app/language-root';
import type { WizardConfig } from './config/config-schema';
import { WelcomeGivingWay } from './app/welcome-giving-way';
import { focusControlAt, focusedControlIndex, takeEarlyContinue } from './boot/early-continue';
import { PRERENDERED_SELECTOR } from './first-paint/page-marks';
import { landOnRoot } from './boot/land-on-root';
import { takeResumeFragment, watchForResumeLinks } from './handover/resume-fragment';
import { holdsAnApplication } from './boot/holds-an-application';
import { opensOnWelcomeAlone } from './boot/opens-on-welcome-alone';
import { whenIdle } from './browser/when-idle';
import { errorScreenLanguage } from './boot/error-screen-language';
import { loadConfig, type LoadedConfig } from './boot/load-config';
import { programmeMessages } from './i18n/built-in-catalogues';
import { MessagesContext } from './i18n/messages-context';
import { prepareSanitizer } from './html/sanitize-html';
import { applyDocumentLanguage } from './i18n/document-language';
import { registerServiceWorker } from './pwa/service-worker';
import { reportUnknownConfigKeys } from './telemetry/report-unknown-config-keys';
import { appStore } from './storage/app-store';
import { rememberHoldsApplication } from './storage/resume-hint';
import { startTelemetry } from './telemetry/start-telemetry';
import './styles/base.css';
import './styles/layout.css';

async function boot(): Promise<void> {
  // First of all: a resume link's key leaves the address (index.html's head took it already, where built).
  const resume = takeResumeFragment();
  watchForResumeLinks();
  landOnRoot();
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element.');
  const loadFullApplication = () => import('./app/render-application');
  // A returning creator's device holds an application: the wizard's chunk is fetched at once,
  // alongside the configuration, rather than after it (on a slow connection, one round trip less).
  const holding = holdsAnApplication(appStore);
  holding
    .then((holds) => {
      // Read by index.html's head on the next visit, before the first paint (storage/resume-hint.ts).
      rememberHoldsApplication(holds);
      return holds ? loadFullApplication() : undefined;
    })
    .catch(() => undefined);
  // Where the browser has no HTML sanitizer of its own, DOMPurify loads alongside the configuration.
  let [result] = await Promise.all([loadConfig(), prepareSanitizer().catch(() => undefined)]);
  const root = createRoot(container);
  // The worker (and workbox-window) wait for the page to load and the first render to be done:
  // neither is on the critical path of the Welcome step.
  const registerWhenIdle = () => {
    whenIdle(registerServiceWorker);
  };
  const registerAfterLoad = () => {
    if (document.readyState === 'complete') registerWhenIdle();
    else window.addEventListener('load', registerWhenIdle, { once: true });
  };
  // The page's error screen for a file that is no programme: in the language the broken file
  // still names, where it can be read, else index.html's. Still registered and checked: the way
  // out of a broken pair of app and configuration is often a newer version already waiting.
  const showProblems = async (broken: Extract<LoadedConfig, { ok: false }>) => {
    const language = errorScreenLanguage(broken.language, document.documentElement.lang);
    applyDocumentLanguage(language);
    const messages = await programmeMessages(language);
    document.title = messages.text('configBroken');
    root.render(
      <MessagesContext.Provider value={messages}>
        <ConfigErrorScreen problems={broken.problems} />
      </MessagesContext.Provider>,
    );
  };
  // A config.json the build did not check is drawn as Welcome before its full check, which then
  // runs while Welcome is read (boot/load-config.ts); anywhere else the page waits for the check.
  if (resume || !result.ok || !opensOnWelcomeAlone(result.config) || (await holding)) result = await result.confirmed();
  if (!result.ok) {
    await showProblems(result);
    registerAfterLoad();
    return;
  }
  const { config } = result;
  document.title = config.title;
  applyDocumentLanguage(config.lang);
  // English is in the entry; another language's catalogue is a small chunk, fetched with nothing
  // else to wait for here (a returning creator's wizard chunk is already on its way).
  const messages = await programmeMessages(config.lang, config.messages);
  // The programme in another of its languages, when the creator changes it (app/language-root.tsx).
  const readLanguage = async (tag: string): Promise<ProgrammeInLanguage | null> => {
    const other = await result.inLanguage(tag);
    return other.ok
      ? {
          config: other.config,
          messages: await programmeMessages(other.config.lang, other.config.messages),
          foreignTexts: result.fallbackTexts?.(other.config.lang),
        }
      : null;
  };
  const inPageLanguage = (page: (shown: WizardConfig) => ReactNode) => (
    <StrictMode>
      <LanguageRoot initial={{ config, messages, foreignTexts: result.fallbackTexts?.(config.lang) }} offered={result.offered} read={readLanguage}>
        {(shown) => <AppErrorBoundary>{page(shown)}</AppErrorBoundary>}
      </LanguageRoot>
    </StrictMode>
  );
  if (resume) {
    // Opened by a link to continue on this device: the link is opened before anything is shown.
    const { openHandoverElement } = await loadFullApplication();
    const element = openHandoverElement(config, resume, window.location.href);
    root.render(inPageLanguage(() => element));
  } else if (opensOnWelcomeAlone(config) && !(await holding)) {
    // The wizard is built from the file as checked: at once for the file the build checked, else
    // once the check (started when idle, after Welcome is drawn) has passed it. A file that fails
    // it gets its error screen in Welcome's place.
    const confirmed = result.confirmed;
    const checkedConfig = async () => {
      const checked = await confirmed();
      if (checked.ok) return checked.config;
      await showProblems(checked);
      throw new Error('config.json did not pass its check');
    };
    if (result.awaitsCheck) {
      whenIdle(() => {
        checkedConfig().catch(() => undefined);
      });
    }
    // A first visit: Welcome is drawn at once; the form follows while the browser is idle,
    // built hidden behind Welcome with its session asleep, and Continue shows it and wakes it
    // (the stages of Welcome giving way: boot/welcome-gives-way.ts). The wizard is built from the programme
    // as first read; it takes the words of the language shown from the language root.
    const loadWizard = async () => {
      const [{ applicationElement }, checked] = await Promise.all([loadFullApplication(), checkedConfig()]);
      return applicationElement(checked, 'after-welcome');
    };
    // A blank application, refused if the device has come to hold one (another tab's draft):
    // nothing stored is read, set aside or forgotten before Continue.
    const buildAhead = async () => {
      const [{ applicationElement }, checked] = await Promise.all([loadFullApplication(), checkedConfig()]);
      return applicationElement(checked, 'behind-welcome');
    };
    // Index.html's Welcome is live until the app replaces it: a press of Continue there is made
    // again on the app's (boot/early-continue.ts), and a control focused there is focused again.
    const focused = focusedControlIndex(container.querySelector(PRERENDERED_SELECTOR), document.activeElement);
    const giveFocusBack = () => {
      if (focused !== null) focusControlAt(container, focused);
    };
    root.render(
      inPageLanguage((shown) => (
        <WelcomeGivingWay
          config={shown}
          loadWizard={loadWizard}
          buildAhead={buildAhead}
          continuePressedEarly={takeEarlyContinue}
          onReplacedPrerendered={giveFocusBack}
        />
      )),
    );
  } else {
    const { applicationElement } = await loadFullApplication();
    const { element } = await applicationElement(config, 'as-stored');
    root.render(inPageLanguage(() => element));
  }
  // Telemetry and the report of unknown keys follow the configuration as checked.
  const confirmed = result.confirmed;
  const report = (checked: LoadedConfig) => {
    if (!checked.ok) return;
    startTelemetry(checked.config);
    reportUnknownConfigKeys(checked.unknownKeys);
  };
  if (result.awaitsCheck) whenIdle(() => void confirmed().then(report));
  else report(result);
  registerAfterLoad();
}

// Started from a microtask, not from the module's top level: under an inspector (Lighthouse,
// DevTools) the stack Chromium records for a fetch made while the module's top-level function is
// on the stack needs that function's source positions, so V8 parses the whole entry again (about
// 30 ms of main thread here). A microtask runs as soon as the module is evaluated, before any task.
queueMicrotask(() => {
  void boot();
});
