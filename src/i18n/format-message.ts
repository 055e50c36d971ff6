import type { Message } from './catalogue';

/** What fills a message's placeholders: numbers are written the language's way. */
export type MessageValues = Readonly<Record<string, string | number>>;

const PLACEHOLDER = /\{(\w+)\}/g;

/**
 * A message in words: its plural form for `values.count` (Intl.PluralRules), its placeholders
 * filled (numbers through Intl.NumberFormat, so 12 000 in French). A placeholder with no value
 * stays as written, which a test of the catalogues catches before a creator does.
 */
export function formatMessage(message: Message, values: MessageValues, locale: string): string {
  const count = values.count;
  const words =
    typeof message === 'string' ? message : ((typeof count === 'number' ? message[new Intl.PluralRules(locale).select(count)] : undefined) ?? message.other);
  return words.replace(PLACEHOLDER, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) return whole;
    return typeof value === 'number' ? new Intl.NumberFormat(locale).format(value) : value;
  });
}

/** The placeholders a message's words name, in every plural form. */
export function placeholdersOf(message: Message): Set<string> {
  const forms = typeof message === 'string' ? [message] : Object.values(message);
  return new Set(forms.flatMap((words) => [...words.matchAll(PLACEHOLDER)].map((match) => match[1] ?? '')));
}
