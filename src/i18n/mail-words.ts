import type { Message } from './catalogue.ts';
import { formatMessage, type MessageValues } from './format-message.ts';
import { MAIL_EN, type MailCatalogue, type MailMessageKey } from './mail-messages-en.ts';
import { MAIL_ES } from './mail-messages-es.ts';
import { MAIL_FR } from './mail-messages-fr.ts';
import { textDirection, type TextDirection } from './text-direction.ts';

/** The texts of the creator's e-mails in one language, a programme's own words over the built-in ones. */
export interface MailWords {
  readonly lang: string;
  readonly direction: TextDirection;
  /** A text, its placeholders filled. */
  text(key: MailMessageKey, values: MessageValues): string;
}

/** The built-in catalogue of a language tag (`fr-CA` is French); English for a language without one. */
export function mailCatalogue(tag: string): MailCatalogue {
  switch (tag.toLowerCase().split('-')[0]) {
    case 'fr':
      return MAIL_FR;
    case 'es':
      return MAIL_ES;
    default:
      return MAIL_EN;
  }
}

/**
 * The e-mails' words in `lang`, with the programme's `messages` in place of the built-in ones
 * where it gives them (keys of other texts, and plural forms, which no e-mail text has, are passed over).
 */
export function mailWords(lang: string, overrides: Readonly<Record<string, Message>> = {}): MailWords {
  const catalogue = mailCatalogue(lang);
  return {
    lang,
    direction: textDirection(lang),
    text(key, values) {
      const own = Object.hasOwn(overrides, key) ? overrides[key] : undefined;
      return formatMessage(typeof own === 'string' ? own : catalogue[key], values, lang);
    },
  };
}
