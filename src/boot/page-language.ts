import { chooseLanguage } from '../i18n/choose-language';
import { LANGUAGE_PARAMETER, rememberedLanguage, rememberLanguage } from '../storage/language-choice';
import { LANGUAGE_ATTRIBUTE } from '../first-paint/page-marks';

/**
 * The language this page opens in, of those a programme offers (`offered`, the default first):
 * a `?lang=` the address carries (a language link followed before the app ran: it is remembered
 * and taken off the address), else the creator's remembered choice, else the browser's languages.
 * index.html's head made the same choice before the first paint, with the same function.
 */
export function pageLanguage(offered: readonly string[], preferred: readonly string[] = navigator.languages): string {
  const fallback = offered[0] ?? document.documentElement.lang;
  let asked: string | null = null;
  try {
    const url = new URL(window.location.href);
    asked = url.searchParams.get(LANGUAGE_PARAMETER);
    if (asked !== null) {
      url.searchParams.delete(LANGUAGE_PARAMETER);
      history.replaceState(history.state, '', url.href);
    }
  } catch {
    // An address this page cannot rewrite: the choice is still made below.
  }
  // index.html's head chose already, from the same facts and a `?lang=` it then took away.
  const decided = document.documentElement.getAttribute(LANGUAGE_ATTRIBUTE);
  const chosen = chooseLanguage(offered, fallback, preferred, asked ?? decided ?? rememberedLanguage());
  if (asked !== null && chosen.toLowerCase() === asked.toLowerCase()) rememberLanguage(chosen);
  return chosen;
}
