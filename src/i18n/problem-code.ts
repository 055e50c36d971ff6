/**
 * What a validation rule says is wrong, as data rather than words: a message key, with the
 * number a bound names (`maxLength:100`), as src/application/rules/field-rules.ts writes it (a
 * layer that cannot import this one). The page says it in the creator's language, the
 * receiver's 422 in English, from the same rules.
 */
export type ProblemCode = string;

/** The message key and count a code names. */
export function readProblemCode(code: ProblemCode): { key: string; count: number | undefined } {
  const [key = '', count] = code.split(':');
  return { key, count: count === undefined ? undefined : Number(count) };
}
