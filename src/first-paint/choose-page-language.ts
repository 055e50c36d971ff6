import { chooseLanguage } from '../i18n/choose-language';
import type { TextDirection } from '../i18n/text-direction';
import { LANGUAGE_CHOICE_KEY } from '../storage/language-choice';
import { CHOOSING_CLASS, LANGUAGE_ATTRIBUTE } from './page-marks';
import { takeAskedLanguage } from './take-asked-language';

/**
 * A programme in several languages opens in the creator's language before anything is painted,
 * on a first visit as on a return. In the head, this chooses the language the app would (the very
 * same chooseLanguage: a `?lang=` link followed, the remembered choice, the browser's languages),
 * remembers a `?lang=` and takes it off the address, and names the choice in LANGUAGE_ATTRIBUTE
 * (the app keeps to it even where storage is blocked). For a language other than the one
 * index.html was drawn in (`offered[0]`), it sets <html lang dir> and hides #root until
 * swapPageLanguage puts that language's Welcome in place (CHOOSING_CLASS, layout.css).
 * `directions`: each offered language's, as the build worked them out (i18n/text-direction.ts).
 */
export function choosePageLanguage(offered: readonly string[], directions: Readonly<Record<string, TextDirection>>, page: Window = window): void {
  try {
    const asked = takeAskedLanguage(page);
    let kept: string | null = null;
    try {
      kept = page.localStorage.getItem(LANGUAGE_CHOICE_KEY);
    } catch {
      // Storage blocked: the browser's languages decide.
    }
    const drawn = offered[0] ?? '';
    // Old engines may lack navigator.languages: the programme's default then.
    const preferred = (page.navigator.languages as readonly string[] | undefined) ?? [];
    const chosen = chooseLanguage(offered, drawn, preferred, asked ?? kept);
    if (asked !== null && chosen.toLowerCase() === asked.toLowerCase()) {
      try {
        page.localStorage.setItem(LANGUAGE_CHOICE_KEY, chosen);
      } catch {
        // Storage blocked or full: this visit is in the language asked for, the next one asks again.
      }
    }
    const root = page.document.documentElement;
    root.setAttribute(LANGUAGE_ATTRIBUTE, chosen);
    if (chosen === drawn) return;
    root.lang = chosen;
    if (directions[chosen] === 'rtl') root.dir = 'rtl';
    else root.removeAttribute('dir');
    root.classList.add(CHOOSING_CLASS);
  } catch {
    // Anything unforeseen: the page stays in the language it was drawn in, as with no script.
  }
}
