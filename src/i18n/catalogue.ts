import type { EN } from './messages-en';

/** The name of a text the app writes: a key of the English catalogue, which every other one has too. */
export type MessageKey = keyof typeof EN;

/** A message with a count, by the plural category Intl.PluralRules gives that count (`other` always). */
export type PluralMessage = Readonly<Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }>;

/** One text: words with `{placeholders}`, or plural forms of it. */
export type Message = string | PluralMessage;

/** Every text of the app in one language. */
export type Catalogue = Readonly<Record<MessageKey, Message>>;
