import { EN } from '../i18n/messages-en';
import { MAIL_EN } from '../i18n/mail-messages-en';
import { STATUS_EN } from '../i18n/status-messages-en';

/**
 * Every text a programme may give in config.json's `messages`, with its English words (whose
 * placeholders and plural forms a programme's must match): the wizard's, the status page's and the
 * e-mails' (which the receiver sends).
 * The checker (message-findings.ts), the JSON Schema (messages-schema.ts) and docs/configuration.md
 * read this one list.
 */
export const KNOWN_MESSAGES = { ...EN, ...STATUS_EN, ...MAIL_EN } as const;

export type KnownMessageKey = keyof typeof KNOWN_MESSAGES;
