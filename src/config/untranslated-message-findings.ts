import type { ConfigProblem } from './describe-config-issue';
import { KNOWN_MESSAGES } from './known-messages';
import { isPlainObject, isTranslation, LANGUAGE_TAG, offeredLanguages } from './translated-config';
import { builtInLanguage } from '../i18n/built-in-catalogues';

/** How many of the missing keys a finding names before it says "and N more". */
const NAMED = 8;

/** Whether a message value is words (a text, or plural forms) rather than absent. */
const isWords = (value: unknown): boolean => typeof value === 'string' || isPlainObject(value);

/**
 * The app's own texts (Back, the saving and offline lines, the file field's words, the status page,
 * the e-mails) that a programme offered in a language the app has no catalogue for leaves out: its
 * pages show them in English. On a right-to-left page that is worse than a foreign word, since an
 * English sentence's full stop shows at its start ("today." reads ".today"). docs/configuration.md
 * asks a programme in such a language to give every message; this says which it has not. A
 * warning, not an error: the page works, and a programme may add its words a few at a time.
 */
export function untranslatedMessageFindings(raw: unknown): ConfigProblem[] {
  if (!isPlainObject(raw)) return [];
  const offered = offeredLanguages(raw);
  const messages = isPlainObject(raw.messages) ? raw.messages : {};
  const allKeys = Object.keys(KNOWN_MESSAGES);
  const findings: ConfigProblem[] = [];
  for (const language of offered) {
    // A tag that is not one is the schema's error, said once there.
    if (!LANGUAGE_TAG.test(language) || builtInLanguage(language)) continue;
    const missing = allKeys.filter((key) => {
      const value = messages[key];
      // A text written once, untranslated, is the programme's words in every language.
      return isTranslation(value, offered) ? !isWords(value[language]) : !isWords(value);
    });
    if (missing.length === 0) continue;
    const named = missing.slice(0, NAMED).join(', ');
    const more = missing.length > NAMED ? ` and ${String(missing.length - NAMED)} more` : '';
    findings.push({
      path: 'messages',
      message: `(${language}) ${String(missing.length)} of the app's ${String(allKeys.length)} own texts have no "${language}" words, so its pages show them in English: ${named}${more}`,
    });
  }
  return findings;
}
