import { chooseLanguage } from '../i18n/choose-language';
import { rememberedLanguage, rememberLanguage } from '../storage/language-choice';
import { LANGUAGE_ATTRIBUTE } from '../first-paint/page-marks';
import { takeAskedLanguage } from '../first-paint/take-asked-language';

/**
 * The language this page opens in, of those a programme offers (`offered`, the default first):
 * a `?lang=` the address carries (a language link followed before the app ran: it is remembered
 * and taken off the address), else the creator's remembered choice, else the browser's languages.
 * index.html's head made the same choice before the first paint, with the same function.
 */
export function pageLanguage(offered: readonly string[], preferred: readonly string[] = navigator.languages): string {
  const fallback = offered[0] ?? document.documentElement.lang;
  const asked = takeAskedLanguage();
  // index.html's head chose already, from the same facts and a `?lang=` it then took away.
  const decided = document.documentElement.getAttribute(LANGUAGE_ATTRIBUTE);
  const chosen = chooseLanguage(offered, fallback, preferred, asked ?? decided ?? rememberedLanguage());
  if (asked !== null && chosen.toLowerCase() === asked.toLowerCase()) rememberLanguage(chosen);
  return chosen;
}
