import type * as z from 'zod/mini';

type Issue = z.core.$ZodIssue;

/** One problem of a configuration, located by its dotted path (`steps.1.name`). */
export interface ConfigProblem {
  path: string;
  message: string;
}

/** A zod issue's path as a problem names it: `steps.1.name`, or the document itself. */
export function problemPath(path: readonly PropertyKey[]): string {
  return path.map(String).join('.') || '(the document)';
}

export function article(noun: string): string {
  return /^[aeiou]/.test(noun) ? `an ${noun}` : `a ${noun}`;
}

export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return article(typeof value);
}

// zod/mini ships no locale, so an issue without a message of ours reads "Invalid input".
export function customMessage(issue: Issue): string | undefined {
  return issue.message && issue.message !== 'Invalid input' ? issue.message : undefined;
}

// True when an option of a union refused the input at the top for being the wrong kind of value
// (a string where an object was expected): the input was not meant for that option.
function refusedOutright(issue: Issue): boolean {
  if (issue.path.length > 0) return false;
  if (issue.code === 'invalid_type') return true;
  if (issue.code === 'invalid_union') return issue.errors.every((option) => option.every(refusedOutright));
  return false;
}

/**
 * Turns a zod issue into readable sentences, naming what was expected and what was found.
 * When a union (a cover is a path or a responsive set) fails, and the input was meant for
 * exactly one of its options (it is an object, and only the set is an object), the problems
 * found inside that option are reported instead of one vague "does not match".
 */
export function describeConfigIssue(issue: Issue, unionForms?: UnionForms): ConfigProblem[] {
  if (issue.code === 'invalid_union') {
    const forms = unionForms?.(issue);
    if (forms) return forms;
    const meant = issue.errors.filter((option) => !option.every(refusedOutright));
    const [only] = meant;
    if (meant.length === 1 && only) {
      return only.flatMap((inner) => describeConfigIssue({ ...inner, path: [...issue.path, ...inner.path] }, unionForms));
    }
  }
  return [describeOne(issue)];
}

/**
 * Fuller problems for a union, where they can be given (describe-union-forms.ts): the deployer's
 * tools pass it; the app leaves it out, since its bytes are on every creator's first load.
 */
export type UnionForms = (issue: Extract<Issue, { code: 'invalid_union' }>) => ConfigProblem[] | undefined;

// What each discriminated union of the schema chooses between, as a deployer calls it.
const VARIANT_NOUNS: Readonly<Record<string, string>> = {
  component: 'block component',
  kind: 'field kind',
};

/**
 * The message for an object whose discriminator (a block's `component`, a field's `kind`)
 * names no known variant: what is unknown, about which field when it says, and what exists.
 */
function unknownVariant(discriminator: string, input: unknown, options: readonly unknown[]): string {
  const noun = VARIANT_NOUNS[discriminator] ?? `"${discriminator}" value`;
  // The issue's input is the whole object (the block, the field); the unknown name is its discriminator.
  const object = input && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
  const name = object[discriminator];
  const of = discriminator === 'kind' && typeof object.path === 'string' ? ` of field "${object.path}"` : '';
  const known = `the ${noun}s are ${options.map(String).join(', ')}`;
  if (name === undefined) return `the ${noun}${of} is missing; ${known}`;
  return `the ${noun} ${JSON.stringify(name)}${of} is unknown; ${known}`;
}

function describeOne(issue: Issue): ConfigProblem {
  const path = problemPath(issue.path);
  switch (issue.code) {
    case 'invalid_type': {
      const expected = article(issue.expected);
      const message = issue.input === undefined ? `expected ${expected}, but it is missing` : `expected ${expected}, got ${describeValue(issue.input)}`;
      return { path, message };
    }
    case 'invalid_union': {
      const detail = issue as { note?: string; options?: unknown[]; discriminator?: string };
      if (detail.note === 'No matching discriminator') {
        return { path, message: unknownVariant(detail.discriminator ?? '', issue.input, detail.options ?? []) };
      }
      return { path, message: customMessage(issue) ?? 'does not match any of the accepted forms' };
    }
    case 'unrecognized_keys':
      return { path, message: `unknown ${issue.keys.length > 1 ? 'keys' : 'key'} ${issue.keys.map((key) => `"${key}"`).join(', ')}` };
    case 'invalid_value':
      return { path, message: `expected one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}` };
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return { path, message: customMessage(issue) ?? 'must not be empty' };
      return { path, message: customMessage(issue) ?? `expected at least ${String(issue.minimum)}` };
    case 'too_big':
      return { path, message: customMessage(issue) ?? `expected at most ${String(issue.maximum)}` };
    case 'invalid_format':
      return { path, message: customMessage(issue) ?? `is not a valid ${issue.format}` };
    default:
      return { path, message: customMessage(issue) ?? 'is not valid' };
  }
}
