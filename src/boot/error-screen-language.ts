import { builtInLanguage } from '../i18n/built-in-catalogues';

/** Whether Intl takes the tag: config.json's own pattern lets through tags that make Intl throw ("en-a1"). */
function usable(tag: string): boolean {
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
}

/**
 * The language of the configuration-error screen: the one config.json names (`named`) when the
 * file is readable that far, so a mistake elsewhere in a French programme does not turn its page
 * English; otherwise the one index.html was built in (`built`). Only a language the app speaks by
 * itself: a broken file's `messages` are not trusted, and the page's `lang` must be its words'.
 */
export function errorScreenLanguage(named: string | undefined, built: string): string {
  for (const tag of [named, built]) {
    if (tag && usable(tag) && builtInLanguage(tag) !== null) return tag;
  }
  return 'en';
}
