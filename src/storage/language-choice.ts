/**
 * The language a creator chose with the page's language switch, kept on this device so that the
 * next visit opens in it, Welcome included: index.html's head reads it before the first paint
 * (scripts/prerender-welcome.ts), which only localStorage allows. A language tag, nothing personal.
 */
export const LANGUAGE_CHOICE_KEY = 'creator-wizard:language';

/** The query parameter a language link carries (`?lang=fr`), for a page whose script has not run yet. */
export const LANGUAGE_PARAMETER = 'lang';

export function rememberLanguage(tag: string): void {
  try {
    localStorage.setItem(LANGUAGE_CHOICE_KEY, tag);
  } catch {
    // Storage blocked or full: the page still changes language; the next visit asks the browser.
  }
}

export function rememberedLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_CHOICE_KEY);
  } catch {
    return null;
  }
}
