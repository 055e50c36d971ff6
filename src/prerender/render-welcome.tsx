import { renderToStaticMarkup } from 'react-dom/server';
import { WelcomeShell } from '../app/welcome-shell';
import { opensOnWelcomeAlone } from '../boot/opens-on-welcome-alone';
import { parseConfigText } from '../config/parse-config';
import { offeredLanguages } from '../config/translated-config';
import { LanguageSwitchContext } from '../app/language-switch-context';
import { PrerenderHtmlContext } from '../html/prerender-html';
import { builtInLanguage } from '../i18n/built-in-catalogues';
import { createMessages } from '../i18n/messages';
import { MessagesContext } from '../i18n/messages-context';
import { EN } from '../i18n/messages-en';
import { ES } from '../i18n/messages-es';
import { FR } from '../i18n/messages-fr';
import type { PrerenderedWelcome } from './prerendered-welcome';

// At build time every catalogue is at hand: no chunk to wait for.
const CATALOGUES = { en: EN, fr: FR, es: ES };

const stayOnWelcome = () => Promise.resolve();
const stayInLanguage = () => undefined;

/** The languages a config.json offers, its default first (one for most programmes; none when it is not JSON). */
export function welcomeLanguages(configText: string): string[] {
  try {
    return offeredLanguages(JSON.parse(configText));
  } catch {
    return [];
  }
}

/**
 * Runs at build time only (scripts/prerender-welcome.ts loads it through Vite in Node): draws the
 * Welcome step of a first visit from config.json with the app's own components, so index.html
 * shows it before any script runs. Null when the configuration is not valid or its first step
 * is not one the Welcome shell draws (then index.html keeps its loading line).
 */
export function renderWelcome(configText: string, sanitize: (html: string) => string, language = ''): PrerenderedWelcome | null {
  const result = parseConfigText(configText, undefined, language);
  if (!result.ok || !opensOnWelcomeAlone(result.config)) return null;
  const { config } = result;
  const messages = createMessages(config.lang, CATALOGUES[builtInLanguage(config.lang) ?? 'en'], config.messages);
  const offered = welcomeLanguages(configText);
  // Links to each language (app/language-links.tsx), which work before the app runs.
  const languages = offered.length > 1 ? { offered, current: config.lang, choose: stayInLanguage } : null;
  const markup = renderToStaticMarkup(
    <MessagesContext.Provider value={messages}>
      <LanguageSwitchContext.Provider value={languages}>
        <PrerenderHtmlContext.Provider value={sanitize}>
          <WelcomeShell config={config} onContinue={stayOnWelcome} />
        </PrerenderHtmlContext.Provider>
      </LanguageSwitchContext.Provider>
    </MessagesContext.Provider>,
  );
  // React puts its own preloads (the cover, the logo) ahead of the markup; index.html's head
  // already preloads the cover, and a link does not belong in #root.
  return {
    markup: markup.replace(/^(?:<link [^>]*\/>)+/, ''),
    title: config.title,
    lang: config.lang,
    words: { loading: messages.text('loadingApp'), needsScript: messages.text('needsScript'), loadFailed: messages.text('formLoadFailed') },
    checked: { config, unknownKeys: result.unknownKeys },
  };
}

/**
 * The app's DOMPurify policy over a jsdom window, for the build. The policy's link rules read
 * `window.location`, so the window stands in for the page's while a fragment is cleaned.
 */
export async function buildTimeSanitizer(): Promise<(html: string) => string> {
  const [{ JSDOM }, { default: createDOMPurify }, { sanitizeWithDomPurify }] = await Promise.all([
    import('jsdom'),
    import('dompurify'),
    import('../html/dompurify-sanitize'),
  ]);
  const { window } = new JSDOM('', { url: 'https://prerender.invalid/' });
  const purify = createDOMPurify(window);
  return (html) => {
    const global = globalThis as { window?: unknown };
    const previous = global.window;
    global.window = window;
    try {
      return sanitizeWithDomPurify(html, purify);
    } finally {
      global.window = previous;
    }
  };
}
