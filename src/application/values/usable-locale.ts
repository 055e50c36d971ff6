/** The locale the app falls back to where a configured one cannot be used: its own copy is English. */
export const FALLBACK_LOCALE = 'en';

const usable = new Map<string, string>();

/**
 * The configured language tag in its canonical form, or "en" when Intl refuses it: config.json's
 * pattern lets through tags such as "en-a1" that are well-formed to the eye but make every
 * Intl constructor throw, and a list of countries is no reason for the form to fail.
 */
export function usableLocale(locale: string): string {
  let known = usable.get(locale);
  if (known === undefined) {
    try {
      known = Intl.getCanonicalLocales(locale)[0] ?? FALLBACK_LOCALE;
    } catch {
      known = FALLBACK_LOCALE;
    }
    usable.set(locale, known);
  }
  return known;
}

/** The language subtag of a tag, lower-cased: "fr" for "fr-CA". */
export function languageOf(locale: string): string {
  return (locale.split('-')[0] ?? '').toLowerCase();
}

/**
 * `make` made once per usable locale: Intl objects and the lists built with them cost far more
 * to make than to use, and a page asks for the same language over and over.
 */
export function perLocale<T>(make: (locale: string) => T): (locale: string) => T {
  const made = new Map<string, T>();
  return (locale) => {
    const tag = usableLocale(locale);
    let value = made.get(tag);
    if (value === undefined) {
      value = make(tag);
      made.set(tag, value);
    }
    return value;
  };
}
