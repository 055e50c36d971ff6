/** Which way a language's text runs: the value of the `dir` attribute for a page in it. */
export type TextDirection = 'ltr' | 'rtl';

// Scripts written right to left (ISO 15924) in current use; historic ones would only ever be
// named explicitly (`arc-Armi`), and are left out on purpose rather than listed half-way.
const RTL_SCRIPTS = new Set(['adlm', 'arab', 'aran', 'hebr', 'mand', 'mend', 'nkoo', 'rohg', 'samr', 'syrc', 'thaa', 'yezi']);

// Languages whose usual script is one of those. `Intl.Locale#maximize()` knows them too, but an
// engine built with a reduced ICU may not, and `getTextInfo()` is Chromium's alone (and calls
// Dhivehi left to right), so the list decides and the engine is asked only about the rest.
const RTL_LANGUAGES = new Set([
  'ar',
  'arc',
  'bal',
  'bgn',
  'ckb',
  'dv',
  'fa',
  'glk',
  'he',
  'iw',
  'ji',
  'khw',
  'ks',
  'lrc',
  'mzn',
  'nqo',
  'pnb',
  'prs',
  'ps',
  'sd',
  'sdh',
  'syr',
  'ug',
  'ur',
  'yi',
]);

/**
 * The direction of text in `lang` (a BCP 47 tag such as `ar-EG`, `ur`, `az-Arab`, `en`): right to
 * left where the tag names, or its language usually takes, a right-to-left script; left to right
 * otherwise, an unreadable tag included. Pure: the same answer in the browser and at build time.
 */
export function textDirection(lang: string): TextDirection {
  let locale: Intl.Locale;
  try {
    locale = new Intl.Locale(lang);
  } catch {
    return 'ltr';
  }
  // A script named in the tag wins: `ku-Arab` is right to left, `ur-Latn` (romanised) is not.
  if (locale.script) return RTL_SCRIPTS.has(locale.script.toLowerCase()) ? 'rtl' : 'ltr';
  if (RTL_LANGUAGES.has(locale.language)) return 'rtl';
  // Languages written in a script that depends on the region (`pa-PK` in Shahmukhi).
  const script = locale.maximize().script;
  return script !== undefined && RTL_SCRIPTS.has(script.toLowerCase()) ? 'rtl' : 'ltr';
}
