import type { Message } from '../i18n/catalogue';
import { formatMessage, type MessageValues } from '../i18n/format-message';
import { STATUS_EN, type StatusMessageKey } from '../i18n/status-messages-en';
import { STATUS_ES } from '../i18n/status-messages-es';
import { STATUS_FR } from '../i18n/status-messages-fr';

/** The status page's words in one language: a key's words, its placeholders filled. */
export type StatusText = (key: StatusMessageKey, values?: MessageValues) => string;

export interface StatusWords {
  text: StatusText;
  /**
   * The language a key's words are in: the page's, or English where neither the programme nor a
   * built-in catalogue has them in it (an Arabic programme that gives only some), so the page marks
   * them and they are read aloud, and punctuated, as English.
   */
  languageOf: (key: StatusMessageKey) => string;
}

/**
 * The words for a language tag: the built-in catalogue of its language (English for one the app
 * does not speak), under the programme's own words for these keys (config.json's `messages`, in
 * that language). All three catalogues are in the page's one chunk: together they weigh less than
 * a request for one.
 */
export function statusWords(language: string, overrides: Readonly<Record<string, unknown>> = {}): StatusWords {
  const base = language.toLowerCase().split('-')[0];
  const catalogue: Readonly<Record<StatusMessageKey, string>> | null = base === 'fr' ? STATUS_FR : base === 'es' ? STATUS_ES : base === 'en' ? STATUS_EN : null;
  const given = (key: StatusMessageKey): string | null => {
    const value = Object.hasOwn(overrides, key) ? overrides[key] : undefined;
    return typeof value === 'string' && value.trim() !== '' ? value : null;
  };
  return {
    text: (key, values = {}) => {
      const message: Message = given(key) ?? (catalogue ?? STATUS_EN)[key];
      return formatMessage(message, values, language);
    },
    languageOf: (key) => (given(key) !== null || catalogue !== null ? language : 'en'),
  };
}
