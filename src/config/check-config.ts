import type { ConfigProblem } from './describe-config-issue';
import { parseConfigText } from './parse-config';

/**
 * What `npm run check-config` says about a config.json: the app's own parse (the same
 * `parseConfigText`), so a file that passes here opens in the app. Errors stop the app;
 * unknown keys do not (the app leaves them out), but they are usually typos, so they are
 * warnings, and `--strict` makes them fail the check too.
 */
export interface ConfigCheck {
  errors: ConfigProblem[];
  warnings: ConfigProblem[];
}

export function checkConfigText(text: string): ConfigCheck {
  const result = parseConfigText(text);
  return { errors: result.ok ? [] : result.problems, warnings: result.unknownKeys };
}

/** The report, one line per problem by its path, and the exit code: 1 on an error (or a warning when strict). */
export function reportConfigCheck(file: string, check: ConfigCheck, strict: boolean): { lines: string[]; exitCode: number } {
  const lines = [
    ...check.errors.map((problem) => `error   ${problem.path}: ${problem.message}`),
    ...check.warnings.map((problem) => `warning ${problem.path}: ${problem.message}`),
  ];
  const failed = check.errors.length > 0 || (strict && check.warnings.length > 0);
  const count = (n: number, noun: string) => `${String(n)} ${noun}${n === 1 ? '' : 's'}`;
  lines.push(
    failed
      ? `${file}: ${count(check.errors.length, 'error')}, ${count(check.warnings.length, 'warning')}${strict && check.errors.length === 0 ? ' (--strict)' : ''}`
      : `${file}: valid${check.warnings.length > 0 ? ` with ${count(check.warnings.length, 'warning')}` : ''}`,
  );
  return { lines, exitCode: failed ? 1 : 0 };
}
