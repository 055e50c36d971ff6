import type * as z from 'zod/mini';

type Issue = z.core.$ZodIssue;

/** One problem of a configuration, located by its dotted path (`steps.1.name`). */
export interface ConfigProblem {
  path: string;
  message: string;
}

function article(noun: string): string {
  return /^[aeiou]/.test(noun) ? `an ${noun}` : `a ${noun}`;
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return article(typeof value);
}

// zod/mini ships no locale, so an issue without a message of ours reads "Invalid input".
function customMessage(issue: Issue): string | undefined {
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
export function describeConfigIssue(issue: Issue): ConfigProblem[] {
  if (issue.code === 'invalid_union') {
    const forms = acceptedForms(issue);
    if (forms) return [{ path: issue.path.map(String).join('.') || '(the document)', message: forms }];
    const meant = issue.errors.filter((option) => !option.every(refusedOutright));
    const [only] = meant;
    if (meant.length === 1 && only) {
      return only.flatMap((inner) => describeConfigIssue({ ...inner, path: [...issue.path, ...inner.path] }));
    }
  }
  return [describeOne(issue)];
}

function joinWithOr(parts: readonly string[]): string {
  return parts.length < 2 ? parts.join('') : `${parts.slice(0, -1).join(', ')}, or ${parts.at(-1) ?? ''}`;
}

/**
 * The message of a union none of whose forms the value is even of the right kind for (a select's
 * `options` missing, or a number where a list or a built-in list's name goes): every form it
 * could take, lists included, and what was found. Undefined when some form got further (then
 * that form's own problems say more), or the schema words the union itself.
 */
function acceptedForms(issue: Extract<Issue, { code: 'invalid_union' }>): string | undefined {
  if (customMessage(issue) || (issue as { note?: string }).note || issue.errors.length === 0) return undefined;
  const types: string[] = [];
  const values: unknown[] = [];
  for (const option of issue.errors) {
    const [only, ...more] = option;
    if (!only || more.length > 0 || only.path.length > 0) return undefined;
    if (only.code === 'invalid_type') {
      const key = issue.path.at(-1);
      const listOf = typeof key === 'string' && key.endsWith('s') ? ` of ${key}` : '';
      types.push(only.expected === 'array' ? `a list${listOf}` : article(only.expected));
    } else if (only.code === 'invalid_value') values.push(...only.values);
    else return undefined;
  }
  if (values.length > 0) types.push(values.length === 1 ? JSON.stringify(values[0]) : `one of ${values.map((value) => JSON.stringify(value)).join(', ')}`);
  const found = issue.input === undefined ? ', but it is missing' : `, got ${typeof issue.input === 'string' ? JSON.stringify(issue.input) : describeValue(issue.input)}`;
  return `expected ${joinWithOr(types)}${found}`;
}

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
  const path = issue.path.map(String).join('.') || '(the document)';
  switch (issue.code) {
    case 'invalid_type': {
      const expected = article(issue.expected);
      const message =
        issue.input === undefined
          ? `expected ${expected}, but it is missing`
          : `expected ${expected}, got ${describeValue(issue.input)}`;
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
