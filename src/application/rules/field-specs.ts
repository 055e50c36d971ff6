import { AGREEMENT_PATH } from '../values/field-paths';
import { MESSAGES, type RuleBounds } from './field-rules';
import type { RuleName } from './rule-names';
import type { FieldConfig, ShowOnCondition, TextFieldConfig } from './form-config-schema';
import { DEFAULT_PICKER_PLATFORMS, type PlatformKey } from '../values/platforms';

/**
 * What must hold for each answer, derived from the configuration: one spec per value, with the
 * step it belongs to and the conditions under which it is shown (and so validated).
 */
export type FieldSpec =
  | {
      type: 'value';
      path: string;
      step: number;
      rules: RuleName[];
      messages: Partial<Record<RuleName, string>>;
      conditions: ShowOnCondition[];
    }
  /**
   * A file field (file-fields.ts): its answer is a list of files, `required` asks for at least
   * one and `maxFiles` bounds the count (rules 'required' and 'file-count').
   */
  | {
      type: 'file';
      path: string;
      step: number;
      required: boolean;
      maxFiles: number;
      conditions: ShowOnCondition[];
    }
  | { type: 'phone'; step: number }
  | { type: 'platforms'; step: number; offered: readonly PlatformKey[] };

const REQUIRED_TEXT: RuleName[] = ['required', 'notBlank'];

/** The rules docs/product-rules.md §5 gives each path; a configured field may add to them or relax `required`. */
export function defaultRules(path: string): RuleName[] {
  switch (path) {
    case 'personalInfo.firstName':
    case 'personalInfo.lastName':
    case 'personalInfo.addressFirstLine':
    case 'personalInfo.city':
    case 'personalInfo.company':
      return REQUIRED_TEXT;
    case 'personalInfo.emailAddress':
      return ['required', 'email'];
    case 'personalInfo.zip':
      return ['required', 'zip'];
    case 'platforms.website.url':
      return ['required', 'notBlank', 'url'];
    case 'platforms.website.monthlyTraffic':
      return ['required', 'digits'];
    case AGREEMENT_PATH:
      return ['checked'];
    case 'fields.single.pronouns':
      return [];
  }
  if (path.startsWith('personalInfo.')) return [];
  // Every detail question is required (docs/product-rules.md §5), explanations included once revealed.
  return path.endsWith('.explanation') ? REQUIRED_TEXT : ['required'];
}

/** The rules of a configured field: its path's defaults, adjusted by `required` and `validators`. */
export function rulesFor(field: { path: string; required?: boolean | undefined; validators?: readonly RuleName[] | undefined }): RuleName[] {
  let rules = defaultRules(field.path);
  if (field.required === false) rules = rules.filter((rule) => rule !== 'required' && rule !== 'checked');
  if (field.required === true && !rules.includes('required')) rules = ['required', ...rules];
  for (const extra of field.validators ?? []) if (!rules.includes(extra)) rules = [...rules, extra];
  return rules;
}

function messagesFor(field: FieldConfig, path: string): Partial<Record<RuleName, string>> {
  if (path.endsWith('.monthlyTraffic')) return { digits: MESSAGES.followers };
  if (field.kind === 'select' || field.kind === 'yesNo') return { required: MESSAGES.choose };
  if (path.endsWith('.explanation')) return { required: MESSAGES.explain };
  return {};
}

/**
 * The follow-up fields of a yes/no question: the configured ones, or one explanation box;
 * required once revealed unless configured otherwise. `explainLabel`: the box's label when the
 * programme names none, in the page's language (rules and checks leave it out: they need no words).
 */
export function followUpsOf(field: Extract<FieldConfig, { kind: 'yesNo' }>, explainLabel = ''): TextFieldConfig[] {
  const followUps = field.followUp ?? [{ kind: 'text', path: `${field.path}.explanation`, label: field.explanationLabel ?? explainLabel, multiline: true }];
  return followUps.map((followUp) => ({ ...followUp, required: followUp.required ?? true }));
}

/** Whether a widget marks its field required (aria-required): exactly when its rules require an answer. */
export function isRequired(field: { path: string; required?: boolean | undefined; validators?: readonly RuleName[] | undefined }): boolean {
  return rulesFor(field).includes('required');
}

/** The condition under which a yes/no question's follow-ups show. */
export function revealCondition(field: Extract<FieldConfig, { kind: 'yesNo' }>): ShowOnCondition {
  return { path: `${field.path}.value`, equals: (field.revealOn ?? 'yes') === 'yes' };
}

/** Every spec of the fields of one step. */
export function fieldSpecsOf(fields: readonly FieldConfig[], step: number): FieldSpec[] {
  const specs: FieldSpec[] = [];
  for (const field of fields) {
    switch (field.kind) {
      case 'phone':
        specs.push({ type: 'phone', step });
        break;
      case 'platforms':
        specs.push({ type: 'platforms', step, offered: field.platforms ?? DEFAULT_PICKER_PLATFORMS });
        break;
      case 'file':
        specs.push({
          type: 'file',
          path: field.path,
          step,
          required: field.required === true,
          maxFiles: field.maxFiles,
          conditions: field.showOnCondition ? [field.showOnCondition] : [],
        });
        break;
      case 'yesNo': {
        const conditions = field.showOnCondition ? [field.showOnCondition] : [];
        specs.push({
          type: 'value',
          path: `${field.path}.value`,
          step,
          rules: field.required === false ? [] : ['answered'],
          messages: {},
          conditions,
        });
        for (const followUp of followUpsOf(field)) {
          specs.push({
            type: 'value',
            path: followUp.path,
            step,
            rules: rulesFor(followUp),
            messages: messagesFor(followUp, followUp.path),
            conditions: [...conditions, revealCondition(field), ...(followUp.showOnCondition ? [followUp.showOnCondition] : [])],
          });
        }
        break;
      }
      default:
        specs.push({
          type: 'value',
          path: field.path,
          step,
          rules: rulesFor(field),
          messages: messagesFor(field, field.path),
          conditions: field.showOnCondition ? [field.showOnCondition] : [],
        });
    }
  }
  return specs;
}

export type { RuleBounds };
