import type { Message } from '../i18n/catalogue.ts';
import { MAIL_EN } from '../i18n/mail-messages-en.ts';
import { inLanguage, offeredLanguages } from './translated-config.ts';

/** What the creator's e-mails take from the programme in force: its language, its name and its own words. */
export interface MailProgramme {
  /** The language the e-mail is written in: the application's, else the programme's `lang`. */
  readonly lang: string;
  readonly programmeTitle: string;
  /** The programme's `messages` for the e-mails' keys, in that language. */
  readonly messages: Readonly<Record<string, Message>>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The programme (a config.json the receiver applies, parsed) as an e-mail in `language` reads it:
 * a programme in several languages gives that language's title and words where it has them (its
 * default's otherwise); the e-mail is written in `language`, or the programme's `lang` without one.
 * Pure, and bundled for the receiver (vite.server.config.ts); the page never imports it.
 */
export function mailProgramme(config: unknown, language: string | null): MailProgramme {
  const offered = offeredLanguages(config);
  const wanted = language === null ? undefined : offered.find((tag) => tag.toLowerCase() === language.toLowerCase());
  const read = inLanguage(config, wanted ?? offered[0] ?? '');
  const programme = isRecord(read) ? read : {};
  const title = typeof programme.programmeTitle === 'string' ? programme.programmeTitle : typeof programme.title === 'string' ? programme.title : '';
  const given = isRecord(programme.messages) ? programme.messages : {};
  const messages = Object.fromEntries(Object.entries(given).filter(([key, words]) => Object.hasOwn(MAIL_EN, key) && typeof words === 'string')) as Record<
    string,
    Message
  >;
  const lang = language ?? (typeof programme.lang === 'string' ? programme.lang : 'en');
  return { lang, programmeTitle: title.trim(), messages };
}
