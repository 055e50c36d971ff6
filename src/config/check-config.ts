import { deployFindings } from './deploy-findings';
import type { ConfigProblem } from './describe-config-issue';
import { describeConfigIssueForDeployers } from './describe-union-forms';
import { parseConfigText } from './parse-config';
import { programmeFormOf } from './programme-form-of';
import { receiverEnvironmentFindings, type ReceiverEnvironment } from './receiver-environment-findings';
import { fileFieldsOf } from '../application/rules/file-fields';
import { inLanguage } from './translated-config';
import { translationFindings } from './translation-findings';
import { untranslatedMessageFindings } from './untranslated-message-findings';

/**
 * What `npm run check-config` says about a config.json: the app's own parse (the same
 * `parseConfigText`), so a file that passes here opens in the app, and then what must not be
 * deployed though the app opens with it (src/config/deploy-findings.ts: a key that is a typo of a
 * known one, a condition or rule that names no field or a value it never holds, a required select
 * without options, a path used twice). Both are errors. Other unknown keys do not stop the app
 * (it leaves them out) and may be a newer version's settings, so they are warnings, and
 * `--strict` makes them fail the check too. Given the receiver's environment (the script passes
 * its own), what that receiver could not apply is an error as well (receiver-environment-findings.ts).
 * The app's own texts a programme in a language without a built-in catalogue leaves in English are a
 * warning too (untranslated-message-findings.ts).
 */
export interface ConfigCheck {
  errors: ConfigProblem[];
  warnings: ConfigProblem[];
}

export function checkConfigText(text: string, env: ReceiverEnvironment = {}): ConfigCheck {
  const result = parseConfigText(text, describeConfigIssueForDeployers);
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch {
    return { errors: result.ok ? [] : result.problems, warnings: result.unknownKeys };
  }
  const fileFields = result.ok ? fileFieldsOf(programmeFormOf(result.config)).map((field) => field.key) : [];
  const findings = [...deployFindings(inLanguage(input, ''), result), ...translationFindings(input), ...receiverEnvironmentFindings(fileFields, env)];
  const refused = new Set(findings.map((finding) => finding.path));
  return {
    errors: [...(result.ok ? [] : result.problems), ...findings],
    warnings: [...result.unknownKeys.filter((unknown) => !refused.has(unknown.path)), ...untranslatedMessageFindings(input)],
  };
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
