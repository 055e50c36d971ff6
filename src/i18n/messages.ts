import type { Catalogue, Message, MessageKey } from './catalogue';
import { formatMessage, type MessageValues } from './format-message';
import { readProblemCode, type ProblemCode } from './problem-code';

/** The app's texts in one language, with a programme's own words where it gives them. */
export interface Messages {
  /** The language the texts are in (a BCP 47 tag), for Intl and `lang`. */
  readonly locale: string;
  /** A text, its placeholders filled. */
  text(key: MessageKey, values?: MessageValues): string;
  /** What a validation rule's code says, in words; a code the catalogue does not know is shown as given. */
  problem(code: ProblemCode): string;
}

/** Messages from a catalogue, each replaced by the programme's override when there is one. */
export function createMessages(locale: string, catalogue: Catalogue, overrides: Readonly<Partial<Record<MessageKey, Message>>> = {}): Messages {
  const text = (key: MessageKey, values: MessageValues = {}): string => formatMessage(overrides[key] ?? catalogue[key], values, locale);
  return {
    locale,
    text,
    problem: (code) => {
      const { key, count } = readProblemCode(code);
      return Object.hasOwn(catalogue, key) ? text(key as MessageKey, count === undefined ? {} : { count }) : code;
    },
  };
}
