import * as z from 'zod/mini';
import type { Message } from '../i18n/catalogue';
import { placeholdersOf } from '../i18n/format-message';
import { KNOWN_MESSAGES, type KnownMessageKey } from './known-messages';

const PLURAL_FORMS = ['zero', 'one', 'two', 'few', 'many'] as const;

/**
 * config.json's `messages`: a programme's own words for any text the app writes, by its key
 * (src/i18n/messages-en.ts lists them). A key the app does not have is refused (strict object),
 * and so is a message without a placeholder its key fills (a `{count}` left out would leave a
 * creator without the number): checked as a pattern, so the JSON Schema says it to an editor too.
 * A message with a count may give plural forms; `other` carries the placeholders.
 */
export function messagesSchema(): z.ZodMiniType<Partial<Record<KnownMessageKey, Message>>> {
  // Used by the JSON Schema only (config-json-schema.ts), and the tools' checks (message-findings.ts) say the same.
  const shape = {} as Record<KnownMessageKey, z.ZodMiniOptional<z.ZodMiniType<Message>>>;
  for (const key of Object.keys(KNOWN_MESSAGES) as KnownMessageKey[]) {
    const english: Message = KNOWN_MESSAGES[key];
    const needed = [...placeholdersOf(english)];
    const words = z
      .string()
      .check(
        z.trim(),
        z.minLength(1, 'must not be empty'),
        ...needed.map((name) => z.regex(new RegExp(`\\{${name}\\}`), `must contain {${name}}, which the app fills in`)),
      );
    shape[key] = z.optional(
      typeof english === 'string'
        ? words
        : (z.union([
            words,
            z.strictObject({ ...Object.fromEntries(PLURAL_FORMS.map((form) => [form, z.optional(z.string())])), other: words }),
          ]) as z.ZodMiniType<Message>),
    );
  }
  // Built key by key, so its type is said here rather than inferred.
  return z.strictObject(shape);
}
