import type * as z from 'zod/mini';
import { article, customMessage, describeConfigIssue, describeValue, type ConfigProblem } from './describe-config-issue';

// For the deployer's tools only (npm run check-config, the receiver's start): the app's bundle
// leaves this out, being at its byte budget on a creator's first load.

type Issue = z.core.$ZodIssue;

function joinWithOr(parts: readonly string[]): string {
  return parts.length < 2 ? parts.join('') : `${parts.slice(0, -1).join(', ')}, or ${parts.at(-1) ?? ''}`;
}

/**
 * The message of a union none of whose forms the value is even of the right kind for (a select's
 * `options` missing, or a number where a list or a built-in list's name goes): every form it
 * could take, lists included, and what was found. Undefined when some form got further (then
 * that form's own problems say more), or the schema words the union itself.
 */
export function acceptedForms(issue: Extract<Issue, { code: 'invalid_union' }>): string | undefined {
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

/** describeConfigIssue with the fuller union messages, for `npm run check-config` and the receiver. */
export function describeConfigIssueForDeployers(issue: Issue): ConfigProblem[] {
  return describeConfigIssue(issue, acceptedForms);
}
