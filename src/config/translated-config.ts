/**
 * A programme in several languages is one config.json: `languages` lists them (the default,
 * `lang`, among them), and any value the creator sees may be given once per language, as an
 * object keyed by exactly those tags:
 *
 *     "title": { "en": "Apply to the programme", "fr": "Posez votre candidature" }
 *
 * One file rather than a file per language, because what is asked must be the same in every
 * language (the receiver checks each application against one set of questions): here the steps,
 * fields, option values and rules exist once, and only words can differ. It also changes in one
 * piece: a page, the service worker's kept copy and the receiver never hold the French words of
 * one version beside the English of another.
 *
 * The page reads the programme in one language at a time: `inLanguage` swaps each translated
 * value for that language's (the default's where it has none) and sets `lang`, and the result is
 * checked by the schema as any single-language config.json is.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A language tag as config.json writes one (`en`, `fr-CA`). */
export const LANGUAGE_TAG = /^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/;

/** A JSON object (not an array, not null): where config.json's keyed values live. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The languages a programme offers, the default first: its `languages` when that is a list of
 * tags that includes `lang`, otherwise `lang` alone (a mistaken list is reported by
 * translationProblems and the schema, not guessed at here).
 */
export function offeredLanguages(raw: unknown): string[] {
  if (!isPlainObject(raw) || typeof raw.lang !== 'string') return [];
  const fallback = raw.lang;
  const listed = Array.isArray(raw.languages) ? raw.languages.filter((tag): tag is string => typeof tag === 'string' && LANGUAGE_TAG.test(tag)) : [];
  if (!listed.some((tag) => tag.toLowerCase() === fallback.toLowerCase())) return [fallback];
  return [fallback, ...listed.filter((tag) => tag.toLowerCase() !== fallback.toLowerCase())];
}

/** Whether a value is one text given per language: an object whose every key is an offered language. */
export function isTranslation(value: unknown, offered: readonly string[]): value is Record<string, unknown> {
  if (!isPlainObject(value) || offered.length < 2) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((key) => offered.includes(key));
}

/**
 * The programme as it reads in `language` (one of offeredLanguages): every translated value
 * replaced by that language's, or the default language's where it has none; `lang` set to it.
 * Anything that is not a programme is given back as it is, for the schema to describe.
 */
export function inLanguage(raw: unknown, language: string): unknown {
  const offered = offeredLanguages(raw);
  if (offered.length < 2 || !isPlainObject(raw)) return raw;
  const fallback = offered[0] ?? language;
  const pick = (value: unknown): unknown => {
    if (isTranslation(value, offered)) return pick(language in value ? value[language] : value[fallback]);
    if (Array.isArray(value)) return value.map(pick);
    // A text given only in other languages is absent in this one, as if not written: left out
    // rather than kept as undefined, which a map of texts (`messages`) would take for a text given
    // as nothing (the app's own words apply there instead, as for a single key such as
    // `continueButtonText`).
    if (isPlainObject(value))
      return Object.fromEntries(
        Object.entries(value).flatMap(([key, item]) => {
          const picked = pick(item);
          return picked === undefined ? [] : [[key, picked]];
        }),
      );
    return value;
  };
  const picked = pick(raw) as Record<string, Json>;
  return { ...picked, lang: offered.includes(language) ? language : fallback };
}

/**
 * The texts the programme shows in `language` that it has only in another (its default's words,
 * where a translated value lacks this language), each with the language it is in: the page marks
 * them with their own `lang` and `dir`, so that English in an Arabic page keeps its punctuation at
 * its end and is read aloud as English. Empty when the page reads the default language.
 */
export function fallbackTexts(raw: unknown, language: string): ReadonlyMap<string, string> {
  const found = new Map<string, string>();
  const offered = offeredLanguages(raw);
  const fallback = offered[0];
  if (offered.length < 2 || fallback === undefined || language === fallback || !offered.includes(language)) return found;
  const visit = (value: unknown, inFallback: boolean): void => {
    if (typeof value === 'string') {
      if (inFallback && value.trim() !== '') found.set(value, fallback);
    } else if (isTranslation(value, offered)) {
      if (language in value) visit(value[language], inFallback);
      else visit(value[fallback], true);
    } else if (Array.isArray(value)) {
      for (const item of value) visit(item, inFallback);
    } else if (isPlainObject(value)) {
      for (const item of Object.values(value)) visit(item, inFallback);
    }
  };
  visit(raw, false);
  return found;
}

/** A problem with the translations of a programme, by the path of the value. */
export interface TranslationProblem {
  path: string;
  message: string;
}

/**
 * What is wrong with a programme's translations: a `languages` list that does not name `lang`,
 * a tag that is not one, a translated value missing a language (the page would show the
 * default's words there, in the middle of another language), or one keyed by a language the
 * programme does not offer (a typo such as "fr_CA": the value is then not read as translated).
 */
export function translationProblems(raw: unknown): TranslationProblem[] {
  if (!isPlainObject(raw) || raw.languages === undefined) return [];
  const problems: TranslationProblem[] = [];
  if (!Array.isArray(raw.languages)) return [{ path: 'languages', message: 'expected a list of language tags, such as ["en", "fr"]' }];
  raw.languages.forEach((tag, index) => {
    if (typeof tag !== 'string' || !LANGUAGE_TAG.test(tag))
      problems.push({ path: `languages.${String(index)}`, message: 'expected a language tag such as "fr" or "fr-CA"' });
  });
  const offered = offeredLanguages(raw);
  if (typeof raw.lang === 'string' && offered.length < 2 && raw.languages.length > 0) {
    problems.push({ path: 'languages', message: `must include "lang" ("${raw.lang}"), the language the page falls back to` });
    return problems;
  }
  const visit = (value: unknown, path: string) => {
    if (isTranslation(value, offered)) {
      // Where the default language has no text either, each language without one gets the app's
      // own words in it (a button's "Continue"); otherwise it would get the default's words.
      const missing = offered[0] !== undefined && offered[0] in value ? offered.filter((tag) => !(tag in value)) : [];
      if (missing.length > 0)
        problems.push({ path, message: `has no ${missing.map((tag) => `"${tag}"`).join(', ')} text: give one per language in "languages"` });
      return;
    }
    if (isPlainObject(value)) {
      const keys = Object.keys(value);
      const languageLike = keys.length > 0 && keys.every((key) => LANGUAGE_TAG.test(key.replace('_', '-')) && key.length <= 8);
      if (languageLike && keys.some((key) => offered.includes(key))) {
        const strangers = keys.filter((key) => !offered.includes(key));
        problems.push({
          path,
          message: `${strangers.map((tag) => `"${tag}"`).join(', ')} is not one of the programme's languages (${offered.map((tag) => `"${tag}"`).join(', ')})`,
        });
        return;
      }
      for (const [key, item] of Object.entries(value)) visit(item, path ? `${path}.${key}` : key);
      return;
    }
    if (Array.isArray(value))
      value.forEach((item, index) => {
        visit(item, `${path}.${String(index)}`);
      });
  };
  for (const [key, value] of Object.entries(raw)) {
    if (key !== 'languages') visit(value, key);
  }
  return problems;
}
