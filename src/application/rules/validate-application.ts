import type { ApplicationValues } from '../values/application-values';
import { getPath, PHONE_CODE_PATH, PHONE_NUMBER_PATH, PLATFORMS_FILLED_PATH } from '../values/field-paths';
import { firstFailure, MESSAGES, RULES, type FieldValue, type RuleBounds } from './field-rules';
import type { FieldSpec } from './field-specs';
import type { FieldRules } from './form-config-schema';
import { conditionsHold } from './field-visibility';
import { asChecked, platformFieldRules } from './platform-field-rules';
import { platformsFilled } from './platform-picker';
import { platformFields, type PlatformKey } from '../values/platforms';
import { fileAnswerOf } from '../values/file-answer';

/** One failed rule: the dotted path of the field and the message to show under it. */
export interface FieldIssue {
  path: string;
  message: string;
  /**
   * The receiver's rule a body broke, for the rules that are not the form's own (`not-asked`,
   * `unstorable-text`: src/application/body) and a file field's (`required`, `file-count`);
   * absent for a rule the form shows by its message.
   */
  rule?: string;
}

export interface ValidationContext {
  specs: readonly FieldSpec[];
  requiredPlatforms: readonly PlatformKey[];
  fieldRules: FieldRules;
  /**
   * The page's language, in which counts may be typed ("12 000" in French); absent, a count is
   * digits only, as in a sent body (flattenApplication writes counts as digits).
   */
  locale?: string | undefined;
}

function asFieldValue(value: unknown): FieldValue {
  if (typeof value === 'string' || typeof value === 'boolean' || value === null || value === undefined) return value;
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return typeof value === 'number' ? String(value) : undefined;
}

/** Configured bounds for a path; `platforms.*.handle` style wildcards match any platform. */
function boundsFor(fieldRules: FieldRules, path: string): RuleBounds | undefined {
  return fieldRules[path] ?? fieldRules[path.replace(/^platforms\.[^.]+\./, 'platforms.*.')];
}

function phoneIssues(values: unknown): FieldIssue[] {
  const code = asFieldValue(getPath(values, PHONE_CODE_PATH));
  const number = asFieldValue(getPath(values, PHONE_NUMBER_PATH));
  const issues: FieldIssue[] = [];
  // The code is required on its own, and not just spaces; a number needs a code and a code a number.
  const codeFailure = firstFailure(code, ['required', 'notBlank'], undefined, { required: MESSAGES.phoneNumberNeedsCode });
  if (codeFailure) issues.push({ path: PHONE_CODE_PATH, message: codeFailure });
  const numberFailure =
    RULES.digits(number) ??
    (typeof code === 'string' && code.trim() !== '' && !(typeof number === 'string' && number.trim() !== '') ? MESSAGES.phoneCodeNeedsNumber : null);
  if (numberFailure) issues.push({ path: PHONE_NUMBER_PATH, message: numberFailure });
  return issues;
}

function platformIssues(values: ApplicationValues, context: ValidationContext): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const cards = values.platformCards;
  const keys = [...new Set([...cards, ...context.requiredPlatforms.filter((key) => key !== 'website')])];
  for (const platform of keys) {
    // The website's own fields belong to the website question, which validates them when shown.
    if (platform === 'website' && !cards.includes('website')) continue;
    const required = context.requiredPlatforms.includes(platform);
    for (const field of platformFields(platform)) {
      const path = `platforms.${platform}.${field}`;
      const message = firstFailure(
        asChecked(path, asFieldValue(getPath(values, path)), context.locale),
        platformFieldRules(field, required),
        boundsFor(context.fieldRules, path),
        { digits: MESSAGES.followers },
      );
      if (message) issues.push({ path, message });
    }
  }
  if (!platformsFilled(cards, values.platforms, context.locale)) issues.push({ path: PLATFORMS_FILLED_PATH, message: MESSAGES.platformsFilled });
  return issues;
}

/** The rule a file field with more files than its maxFiles breaks. */
export const FILE_COUNT = 'file-count';

/** The rules of a file field: at least one file when required, at most maxFiles. */
function fileIssue(values: ApplicationValues, spec: Extract<FieldSpec, { type: 'file' }>): FieldIssue | undefined {
  const count = fileAnswerOf(getPath(values, spec.path)).length;
  if (spec.required && count === 0) return { path: spec.path, message: MESSAGES.fileRequired, rule: 'required' };
  if (count > spec.maxFiles) return { path: spec.path, message: `${MESSAGES.fileCount}:${String(spec.maxFiles)}`, rule: FILE_COUNT };
  return undefined;
}

/** Every rule of the form at once; hidden conditional fields are skipped, so their rules are dropped. */
export function validateApplication(values: ApplicationValues, context: ValidationContext): FieldIssue[] {
  const issues: FieldIssue[] = [];
  for (const spec of context.specs) {
    if (spec.type === 'phone') issues.push(...phoneIssues(values));
    else if (spec.type === 'platforms') issues.push(...platformIssues(values, context));
    else if (spec.type === 'file') {
      if (!conditionsHold(spec.conditions, (path) => getPath(values, path))) continue;
      const issue = fileIssue(values, spec);
      if (issue) issues.push(issue);
    } else {
      if (!conditionsHold(spec.conditions, (path) => getPath(values, path))) continue;
      const message = firstFailure(
        asChecked(spec.path, asFieldValue(getPath(values, spec.path)), context.locale),
        spec.rules,
        boundsFor(context.fieldRules, spec.path),
        spec.messages,
      );
      if (message) issues.push({ path: spec.path, message });
    }
  }
  return issues;
}

/** The paths Continue checks on a step: its fields, the picker's current cards and platforms.filled. */
export function pathsOfStep(values: ApplicationValues, context: ValidationContext, step: number): string[] {
  const paths: string[] = [];
  for (const spec of context.specs) {
    if (spec.step !== step) continue;
    if (spec.type === 'phone') paths.push(PHONE_CODE_PATH, PHONE_NUMBER_PATH);
    else if (spec.type === 'platforms') {
      for (const platform of values.platformCards) for (const field of platformFields(platform)) paths.push(`platforms.${platform}.${field}`);
      paths.push(PLATFORMS_FILLED_PATH);
    } else paths.push(spec.path);
  }
  return paths;
}
