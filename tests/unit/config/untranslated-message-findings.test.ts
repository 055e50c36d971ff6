// A programme offered in a language the app has no catalogue for (Arabic) shows the app's own
// texts it does not give in English, punctuation at the wrong end on a right-to-left page: the
// checker names them, as a warning, until every one is given.
import { describe, expect, it } from 'vitest';
import defaultConfigText from '../../../public/config.json?raw';
import { KNOWN_MESSAGES } from '../../../src/config/known-messages';
import { untranslatedMessageFindings } from '../../../src/config/untranslated-message-findings';

const ALL = Object.keys(KNOWN_MESSAGES);
const base = JSON.parse(defaultConfigText) as Record<string, unknown>;

/** Arabic words for every app text but `skip`. */
function arabicFor(keys: readonly string[], skip: readonly string[] = []): Record<string, string> {
  return Object.fromEntries(keys.filter((key) => !skip.includes(key)).map((key) => [key, `نص ${key}`]));
}

describe('the app texts a programme leaves in English', () => {
  it('says nothing for the built-in languages, whatever the programme gives', () => {
    expect(untranslatedMessageFindings(base)).toEqual([]);
    expect(untranslatedMessageFindings({ ...base, lang: 'fr-CA' })).toEqual([]);
    expect(untranslatedMessageFindings({ ...base, lang: 'es', languages: ['es', 'en', 'fr'] })).toEqual([]);
  });

  it('names, for an Arabic programme, the texts its messages do not give, the first eight by key', () => {
    const [finding, ...others] = untranslatedMessageFindings({ ...base, lang: 'ar', messages: arabicFor(ALL, ['back', 'offline']) });
    expect(others).toEqual([]);
    expect(finding).toEqual({
      path: 'messages',
      message: `(ar) 2 of the app's ${String(ALL.length)} own texts have no "ar" words, so its pages show them in English: back, offline`,
    });
    const none = untranslatedMessageFindings({ ...base, lang: 'ar' });
    expect(none[0]?.message).toMatch(
      new RegExp(
        `^\\(ar\\) ${String(ALL.length)} of the app's ${String(ALL.length)} own texts .*: ${ALL.slice(0, 8).join(', ')} and ${String(ALL.length - 8)} more$`,
      ),
    );
  });

  it('says nothing once every text is given, plural forms included', () => {
    expect(untranslatedMessageFindings({ ...base, lang: 'ar', messages: { ...arabicFor(ALL), problems: { one: 'إجابة', other: '{count}' } } })).toEqual([]);
  });

  it('in a programme of several languages, counts only what is given for the added one', () => {
    const perLanguage = Object.fromEntries(ALL.map((key) => [key, key === 'saved' ? { en: 'Kept on this phone' } : { ar: `نص ${key}` }]));
    const findings = untranslatedMessageFindings({ ...base, lang: 'en', languages: ['en', 'ar'], messages: perLanguage });
    expect(findings.map((finding) => finding.message)).toEqual([
      `(ar) 1 of the app's ${String(ALL.length)} own texts have no "ar" words, so its pages show them in English: saved`,
    ]);
    // A text written once, untranslated, is the programme's own words in every language.
    expect(untranslatedMessageFindings({ ...base, lang: 'en', languages: ['en', 'ar'], messages: { ...perLanguage, saved: 'Kept' } })).toEqual([]);
  });

  it('names each added language on its own', () => {
    const findings = untranslatedMessageFindings({
      ...base,
      lang: 'en',
      languages: ['en', 'ar', 'de'],
      messages: Object.fromEntries(ALL.map((key) => [key, { ar: 'نص' }])),
    });
    expect(findings.map((finding) => finding.message.slice(0, 5))).toEqual(['(de) ']);
  });
});
