import * as z from 'zod/mini';
import type { Message } from '../i18n/catalogue';

/** One message as the app reads it from config.json: words, or plural forms with `other`. */
export function messageSchema(): z.ZodMiniType<Message> {
  const words = z.string().check(z.trim(), z.minLength(1, 'must not be empty'));
  return z.union([
    words,
    z.strictObject({ zero: z.optional(words), one: z.optional(words), two: z.optional(words), few: z.optional(words), many: z.optional(words), other: words }),
  ]);
}
