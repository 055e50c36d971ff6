import type { Message } from '../i18n/catalogue';
import { formatMessage, type MessageValues } from '../i18n/format-message';
import { STATUS_EN, type StatusMessageKey } from '../i18n/status-messages-en';
import { STATUS_ES } from '../i18n/status-messages-es';
import { STATUS_FR } from '../i18n/status-messages-fr';

/** The status page's words in one language: a key's words, its placeholders filled. */
export type StatusText = (key: StatusMessageKey, values?: MessageValues) => string;

/**
 * The words for a language tag: the built-in catalogue of its language (English for one the app
 * does not speak), under the programme's own words for these keys (config.json's `messages`, in
 * that language). All three catalogues are in the page's one chunk: together they weigh less than
 * a request for one.
 */
export function statusTexts(language: string, overrides: Readonly<Record<string, unknown>> = {}): StatusText {
  const base = language.toLowerCase().split('-')[0];
  const catalogue: Readonly<Record<StatusMessageKey, string>> = base === 'fr' ? STATUS_FR : base === 'es' ? STATUS_ES : STATUS_EN;
  return (key, values = {}) => {
    const given = Object.hasOwn(overrides, key) ? overrides[key] : undefined;
    const message: Message = typeof given === 'string' && given.trim() !== '' ? given : catalogue[key];
    return formatMessage(message, values, language);
  };
}
