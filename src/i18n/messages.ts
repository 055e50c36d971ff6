import type { Catalogue, Message, MessageKey } from './catalogue';
import { formatMessage, type MessageValues } from './format-message';
import { readProblemCode, type ProblemCode } from './problem-code';

/** The app's texts in one language, with a programme's own words where it gives them. */
export interface Messages {
  /** The language the texts are in (a BCP 47 tag), for Intl and `lang`. */
  readonly locale: string;
  /** A text, its placeholders filled (its key, where the words have not arrived: a fault tests catch). */
  text(key: MessageKey, values?: MessageValues): string;
  /** What a validation rule's code says, in words; a code the catalogue does not know is shown as given. */
  problem(code: ProblemCode): string;
  /** The same texts, with `more` where the catalogue has none (English's form words, which come with the form). */
  with(more: Partial<Catalogue>): Messages;
}

/** Messages from a catalogue (whole, or English's part for the entry), each replaced by the programme's override when there is one. */
export function createMessages(locale: string, catalogue: Partial<Catalogue>, overrides: Readonly<Partial<Record<string, Message>>> = {}): Messages {
  const text = (key: MessageKey, values: MessageValues = {}): string => {
    const message = overrides[key] ?? catalogue[key];
    return message === undefined ? key : formatMessage(message, values, locale);
  };
  return {
    locale,
    text,
    problem: (code) => {
      const { key, count } = readProblemCode(code);
      return Object.hasOwn(catalogue, key) ? text(key as MessageKey, count === undefined ? {} : { count }) : code;
    },
    with: (more) => createMessages(locale, { ...more, ...catalogue }, overrides),
  };
}
