import { chooseLanguage } from '../i18n/choose-language';
import { textDirection } from '../i18n/text-direction';
import { LANGUAGE_CHOICE_KEY, LANGUAGE_PARAMETER } from '../storage/language-choice';
import { PRERENDERED_SELECTOR } from './early-continue';

/**
 * A programme in several languages opens in the creator's language before anything is painted,
 * on a first visit as on a return (scripts/prerender-welcome.ts writes both scripts into
 * index.html, with the Welcome of each other language in a <template>):
 *
 * - languageHeadScript, in the head: chooses the language the app would (the very same
 *   chooseLanguage, its source inlined: a `?lang=` link followed, the remembered choice, the
 *   browser's languages), remembers a `?lang=` and takes it off the address, and names the
 *   choice in LANGUAGE_ATTRIBUTE (the app keeps to it even where storage is blocked); for a
 *   language other than the one index.html was drawn in, sets <html lang dir> and hides #root
 *   until the swap below (CHOOSING_CLASS, layout.css).
 * - languageSwapScript, right after the templates: puts that language's Welcome, loading line,
 *   title and load-failure line in place of the drawn ones, and shows #root again. Both run
 *   during parsing, before the first paint, so no other language is ever seen first.
 */

/** The attribute on <html> naming the language chosen before the app ran (boot/page-language.ts keeps to it). */
export const LANGUAGE_ATTRIBUTE = 'data-language';

/** The class on <html> while #root waits for its language's Welcome (hidden: layout.css). */
export const CHOOSING_CLASS = 'choosing-language';

/** The attribute of <html> holding the load-failure line in the chosen language, for the starter. */
export const LOAD_FAILED_ATTRIBUTE = 'data-load-failed';

/** index.html's head script for a programme offering `offered` (its default, index.html's language, first). */
export function languageHeadScript(offered: readonly string[]): string {
  const directions = Object.fromEntries(offered.map((tag) => [tag, textDirection(tag)]));
  return [
    '(function(){try{',
    `var offered=${JSON.stringify(offered)},directions=${JSON.stringify(directions)},key=${JSON.stringify(LANGUAGE_CHOICE_KEY)},asked=null,kept=null;`,
    `try{var url=new URL(location.href);asked=url.searchParams.get(${JSON.stringify(LANGUAGE_PARAMETER)});`,
    `if(asked!==null){url.searchParams.delete(${JSON.stringify(LANGUAGE_PARAMETER)});history.replaceState(history.state,"",url.href);}}catch(e){}`,
    'try{kept=localStorage.getItem(key);}catch(e){}',
    `var choose=${chooseLanguage.toString()};`,
    'var chosen=choose(offered,offered[0],navigator.languages||[],asked!==null?asked:kept);',
    'if(asked!==null&&chosen.toLowerCase()===asked.toLowerCase()){try{localStorage.setItem(key,chosen);}catch(e){}}',
    `var h=document.documentElement;h.setAttribute(${JSON.stringify(LANGUAGE_ATTRIBUTE)},chosen);`,
    'if(chosen===offered[0])return;',
    'h.lang=chosen;',
    'if(directions[chosen]==="rtl")h.dir="rtl";else h.removeAttribute("dir");',
    `h.classList.add(${JSON.stringify(CHOOSING_CLASS)});`,
    '}catch(e){}})();',
  ].join('');
}

/** The script after the templates (see the module comment); #root is shown again whatever happens. */
export function languageSwapScript(): string {
  return [
    '(function(){var h=document.documentElement;try{',
    `var l=h.getAttribute(${JSON.stringify(LANGUAGE_ATTRIBUTE)});if(!l||!h.classList.contains(${JSON.stringify(CHOOSING_CLASS)}))return;`,
    'var t=document.querySelector("template[data-language=\\""+l+"\\"]"),r=document.getElementById("root");if(!t||!r)return;',
    `var p=r.querySelector(${JSON.stringify(PRERENDERED_SELECTOR)});if(p)p.replaceWith(t.content.cloneNode(true));`,
    'var line=r.querySelector(".boot-message");if(line)line.textContent=t.getAttribute("data-loading");',
    `document.title=t.getAttribute("data-title");h.setAttribute(${JSON.stringify(LOAD_FAILED_ATTRIBUTE)},t.getAttribute("data-load-failed"));`,
    `}catch(e){}finally{h.classList.remove(${JSON.stringify(CHOOSING_CLASS)});}})();`,
  ].join('');
}
