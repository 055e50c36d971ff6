import type * as z from 'zod/mini';
import { article, customMessage, describeConfigIssue, describeValue, problemPath, type ConfigProblem } from './describe-config-issue';

// For the deployer's tools only (npm run check-config, the receiver's start): the app's bundle
// leaves this out, being at its byte budget on a creator's first load.

type Issue = z.core.$ZodIssue;
type UnionIssue = Extract<Issue, { code: 'invalid_union' }>;

/**
 * How each list a union allows is written, by the key it is under: a deployer who wrote
 * `["A", "B"]` is shown the form, not only told that something is wrong.
 */
const LIST_FORMS: Readonly<Record<string, string>> = {
  options: '[{ "name": …, "value": … }, …]',
};

function joinWithOr(parts: readonly string[]): string {
  return parts.length < 2 ? parts.join('') : `${parts.slice(0, -1).join(', ')}, or ${parts.at(-1) ?? ''}`;
}

function listFormOf(key: PropertyKey | undefined): string | undefined {
  return typeof key === 'string' ? LIST_FORMS[key] : undefined;
}

/** The list a union allows under `key`, as a deployer writes it: `a list of options [{ … }, …]`. */
function aListOf(key: PropertyKey | undefined): string {
  if (typeof key !== 'string' || !key.endsWith('s')) return 'a list';
  const form = listFormOf(key);
  return `a list of ${key}${form === undefined ? '' : ` ${form}`}`;
}

/**
 * The forms of a union's options that refused the value outright, each by one issue at the
 * value itself (the wrong type, or not one of the names): `a string`, `one of "a", "b"`, or
 * `a list …`. Undefined when an option got further than that.
 */
function outrightForms(issue: UnionIssue, options: ReadonlyArray<readonly Issue[]>): string[] | undefined {
  const types: string[] = [];
  const values: unknown[] = [];
  for (const option of options) {
    const [only, ...more] = option;
    if (!only || more.length > 0 || only.path.length > 0) return undefined;
    if (only.code === 'invalid_type') types.push(only.expected === 'array' ? aListOf(issue.path.at(-1)) : article(only.expected));
    else if (only.code === 'invalid_value') values.push(...only.values);
    else return undefined;
  }
  if (values.length > 0) types.push(values.length === 1 ? JSON.stringify(values[0]) : `one of ${values.map((value) => JSON.stringify(value)).join(', ')}`);
  return types;
}

/**
 * The message of a union none of whose forms the value is even of the right kind for (a select's
 * `options` missing, or a number where a list or a built-in list's name goes): every form it
 * could take, lists included with how they are written, and what was found. Undefined when some
 * form got further (then that form's own problems say more), or the schema words the union itself.
 */
export function wholeValueForms(issue: UnionIssue): string | undefined {
  if (customMessage(issue) || (issue as { note?: string }).note || issue.errors.length === 0) return undefined;
  const types = outrightForms(issue, issue.errors);
  if (!types) return undefined;
  const found =
    issue.input === undefined ? ', but it is missing' : `, got ${typeof issue.input === 'string' ? JSON.stringify(issue.input) : describeValue(issue.input)}`;
  return `expected ${joinWithOr(types)}${found}`;
}

/**
 * A list where the union allows one (`options: ["A", "B"]`, an option without its `value`): the
 * list's own problems, each by its path inside the list (`options.0.value`), each naming how the
 * list is written and the union's other forms. Undefined when the value is not a list, or more
 * than the list form got past the value itself.
 */
function insideTheList(issue: UnionIssue): ConfigProblem[] | undefined {
  if (!Array.isArray(issue.input) || customMessage(issue) || (issue as { note?: string }).note) return undefined;
  const inside = issue.errors.filter((option) => option.length > 0 && option.every((inner) => inner.path.length > 0));
  const [list] = inside;
  if (inside.length !== 1 || !list) return undefined;
  const others = outrightForms(
    issue,
    issue.errors.filter((option) => option !== list),
  );
  if (!others) return undefined;
  const key = issue.path.at(-1);
  const form = listFormOf(key);
  const written = `${typeof key === 'string' ? JSON.stringify(key) : 'it'} is ${joinWithOr([form === undefined ? 'a list' : `a list ${form}`, ...others])}`;
  return list.flatMap((inner) =>
    describeConfigIssueForDeployers({ ...inner, path: [...issue.path, ...inner.path] }).map((problem) => ({
      ...problem,
      message: `${problem.message}; ${written}`,
    })),
  );
}

/** The deployer's fuller problems of a union (describe-config-issue.ts's UnionForms). */
export function acceptedForms(issue: UnionIssue): ConfigProblem[] | undefined {
  const whole = wholeValueForms(issue);
  if (whole !== undefined) return [{ path: problemPath(issue.path), message: whole }];
  return insideTheList(issue);
}

/** describeConfigIssue with the fuller union messages, for `npm run check-config` and the receiver. */
export function describeConfigIssueForDeployers(issue: Issue): ConfigProblem[] {
  return describeConfigIssue(issue, acceptedForms);
}
