import type { FieldConfig } from '../application/rules/form-config-schema';
import type { WizardConfig } from './config-schema';
import type { ConfigProblem } from './describe-config-issue';
import { describeConfigIssueForDeployers } from './describe-union-forms';
import { messageFindings } from './message-findings';
import { parseConfig } from './parse-config';
import { inLanguage, offeredLanguages, translationProblems } from './translated-config';

/**
 * What must not go out in a programme offered in several languages (translated-config.ts): its
 * translations' own problems (a language missing from a text, one the programme does not offer),
 * a language in which the file is not a valid programme (an empty French title), and a language
 * in which the questions differ (a translated option value, field name or `requestUrl`): the
 * receiver checks every application against the default language's questions, so a French
 * page sending "Oui" where English sends "Yes" would lose every French application.
 * Problems of another language than the default are named with it: `(fr) steps.0.name`.
 */
export function translationFindings(input: unknown): ConfigProblem[] {
  const offered = offeredLanguages(input);
  const findings: ConfigProblem[] = translationProblems(input);
  const [fallback, ...others] = offered;
  if (fallback === undefined || others.length === 0 || findings.length > 0) return findings;
  const base = parseConfig(inLanguage(input, fallback), describeConfigIssueForDeployers);
  if (!base.ok) return findings;
  const expected = questionsOf(base.config);
  for (const language of others) {
    const parsed = parseConfig(inLanguage(input, language), describeConfigIssueForDeployers);
    if (!parsed.ok) {
      for (const problem of parsed.problems) findings.push({ path: `(${language}) ${problem.path}`, message: problem.message });
      continue;
    }
    for (const problem of messageFindings(parsed.config.messages)) findings.push({ path: `(${language}) ${problem.path}`, message: problem.message });
    for (const path of differences(expected, questionsOf(parsed.config), '')) {
      findings.push({
        path: `(${language}) ${path}`,
        message: `differs from the "${fallback}" programme here, where only words may differ: the receiver checks every application against one set of questions`,
      });
    }
  }
  return findings;
}

/** The keys of a field that are words a creator reads; every other key shapes the question. */
const WORD_KEYS = new Set([
  'label',
  'hint',
  'placeholder',
  'html',
  'yesLabel',
  'noLabel',
  'explanationLabel',
  'countryCodeLabel',
  'numberLabel',
  'addButtonText',
]);

function withoutWords(fields: readonly FieldConfig[]): unknown {
  return JSON.parse(
    JSON.stringify(fields, function (this: unknown, key, value: unknown) {
      if (WORD_KEYS.has(key)) return undefined;
      // An option's `name` is what the creator reads; its `value` is what is sent.
      if (key === 'name' && this && typeof this === 'object' && 'value' in this && !('kind' in this)) return undefined;
      return value;
    }),
  );
}

/** What a programme asks and where it sends it, with config.json's paths, words left out. */
function questionsOf(config: WizardConfig): unknown {
  return {
    requestUrl: config.requestUrl ?? null,
    skipLastStep: config.skipLastStep ?? false,
    requiredPlatforms: config.requiredPlatforms ?? null,
    fieldRules: config.fieldRules ?? null,
    steps: config.steps.map((step) => ({
      blocks: step.blocks.map((block) => (block.component === 'FormSection' ? { data: { fields: withoutWords(block.data.fields) } } : {})),
    })),
  };
}

/** The paths at which two JSON values differ (the first few: one is enough to act on). */
function differences(left: unknown, right: unknown, path: string, found: string[] = []): string[] {
  if (found.length >= 5) return found;
  const join = (key: string | number) => (path ? `${path}.${String(key)}` : String(key));
  if (Array.isArray(left) && Array.isArray(right)) {
    if (left.length !== right.length) found.push(path);
    else left.forEach((item, index) => differences(item, right[index], join(index), found));
    return found;
  }
  if (left && right && typeof left === 'object' && typeof right === 'object') {
    const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
    for (const key of keys) differences((left as Record<string, unknown>)[key], (right as Record<string, unknown>)[key], join(key), found);
    return found;
  }
  if (left !== right) found.push(path);
  return found;
}
