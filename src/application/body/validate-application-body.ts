import type { ApplicationValues, SingleAnswer } from '../values/application-values';
import { PERSONAL_INFO_TEXT_FIELDS, setPath } from '../values/field-paths';
import { isTree, type Tree } from '../values/is-tree';
import type { FieldConfig } from '../rules/form-config-schema';
import { isPlatformKey, platformFields, type PlatformEntry, type PlatformKey } from '../values/platforms';
import type { ProgrammeForm } from '../rules/programme-form';
import { validateApplication, type FieldIssue } from '../rules/validate-application';

/**
 * Checks a received PUT body (docs/application-body.md) against the programme's form with the very
 * rules the wizard applies before sending: the body is read back into the form's values (the
 * inverse of flattenApplication) and given to validateApplication. The receiver runs this, so a
 * body the wizard would never send is refused with the same messages the creator would see.
 * Pure: no DOM, no storage, so the server can import its bundle.
 */

/** Upper bounds on what a body may hold, whatever the programme: a question list is short. */
const MAX_FIELD_ENTRIES = 200;
const MAX_TEXT_LENGTH = 5000;


function isText(value: unknown): value is string {
  return typeof value === 'string' && value.length <= MAX_TEXT_LENGTH;
}

const TEXT_MESSAGE = `expected text of at most ${String(MAX_TEXT_LENGTH)} characters`;

function personalInfoIssues(personalInfo: unknown, issues: FieldIssue[]): void {
  if (!isTree(personalInfo)) {
    issues.push({ path: 'personalInfo', message: 'expected an object' });
    return;
  }
  for (const [key, value] of Object.entries(personalInfo)) {
    if (key === 'phone') {
      if (!isTree(value) || !isText(value.countryCode) || !isText(value.subscriber) || Object.keys(value).length !== 2) {
        issues.push({ path: 'personalInfo.phone', message: 'expected { countryCode, subscriber } as text' });
      }
    } else if (!(PERSONAL_INFO_TEXT_FIELDS as readonly string[]).includes(key)) {
      issues.push({ path: `personalInfo.${key}`, message: 'unknown field' });
    } else if (!isText(value)) {
      issues.push({ path: `personalInfo.${key}`, message: TEXT_MESSAGE });
    }
  }
}

function platformIssues(platforms: unknown, issues: FieldIssue[]): void {
  if (!isTree(platforms)) {
    issues.push({ path: 'platforms', message: 'expected an object' });
    return;
  }
  for (const [key, entry] of Object.entries(platforms)) {
    if (!isPlatformKey(key)) {
      issues.push({ path: `platforms.${key}`, message: 'unknown platform' });
      continue;
    }
    if (!isTree(entry)) {
      issues.push({ path: `platforms.${key}`, message: 'expected an object' });
      continue;
    }
    const allowed: readonly string[] = platformFields(key);
    for (const [field, value] of Object.entries(entry)) {
      if (!allowed.includes(field)) issues.push({ path: `platforms.${key}.${field}`, message: 'unknown field' });
      else if (!isText(value)) issues.push({ path: `platforms.${key}.${field}`, message: TEXT_MESSAGE });
    }
  }
}

/** Each form's questions by path, made once: the receiver looks one up for every answer of every body. */
const questionsByPath = new WeakMap<ProgrammeForm, Map<string, FieldConfig>>();

/** The configured question a flattened key belongs to (`children.explanation` → the `children` question). */
function questionOf(form: ProgrammeForm, key: string): FieldConfig | undefined {
  let questions = questionsByPath.get(form);
  if (!questions) {
    questions = new Map();
    for (const field of form.fieldsByStep.flat()) if ('path' in field && !questions.has(field.path)) questions.set(field.path, field);
    questionsByPath.set(form, questions);
  }
  return questions.get(`fields.single.${key.split('.')[0] ?? ''}`);
}

/** An answer as the form holds it, from its flattened text (booleans were Yes/No, lists comma-joined). */
function answerValue(question: FieldConfig, key: string, text: string): unknown {
  const yesNo = (): boolean | string => (text === 'Yes' ? true : text === 'No' ? false : text);
  if (question.kind === 'yesNo' && key.endsWith('.value')) return yesNo();
  if (question.kind === 'checkbox') return yesNo();
  if (question.kind === 'select' && question.multiple) return text === '' ? [] : text.split(', ');
  return text;
}

function fieldIssues(fields: unknown, form: ProgrammeForm, issues: FieldIssue[]): Array<{ key: string; value: string }> {
  if (!Array.isArray(fields)) {
    issues.push({ path: 'fields', message: 'expected a list of { key, value }' });
    return [];
  }
  if (fields.length > MAX_FIELD_ENTRIES) {
    issues.push({ path: 'fields', message: `expected at most ${String(MAX_FIELD_ENTRIES)} answers` });
    return [];
  }
  const seen = new Set<string>();
  const answers: Array<{ key: string; value: string }> = [];
  fields.forEach((entry: unknown, index) => {
    if (!isTree(entry) || typeof entry.key !== 'string' || !isText(entry.value) || Object.keys(entry).length !== 2) {
      issues.push({ path: `fields.${String(index)}`, message: 'expected { key, value } as text' });
    } else if (seen.has(entry.key)) {
      issues.push({ path: `fields.${String(index)}.key`, message: `"${entry.key}" is answered twice` });
    } else if (!questionOf(form, entry.key)) {
      issues.push({ path: `fields.${String(index)}.key`, message: `"${entry.key}" is not a question of this programme` });
    } else {
      seen.add(entry.key);
      answers.push({ key: entry.key, value: entry.value });
    }
  });
  return answers;
}

/** The form's values the body stands for; only called on a body whose shape was checked. */
function valuesOf(body: Tree, answers: Array<{ key: string; value: string }>, form: ProgrammeForm): ApplicationValues {
  const personal = body.personalInfo as Record<string, unknown>;
  let values: ApplicationValues = form.emptyValues;
  const personalInfo = { ...values.personalInfo };
  for (const key of PERSONAL_INFO_TEXT_FIELDS) personalInfo[key] = typeof personal[key] === 'string' ? personal[key] : '';
  const phone = personal.phone as { countryCode: string; subscriber: string } | undefined;
  personalInfo.phone = phone ? { countryCode: phone.countryCode, subscriber: phone.subscriber } : { countryCode: '', subscriber: '' };

  const platforms = body.platforms as Partial<Record<PlatformKey, PlatformEntry>>;
  const offered = new Set(form.context.specs.flatMap((spec) => (spec.type === 'platforms' ? spec.offered : [])));
  // The picker's cards are the offered platforms that were sent; an unfilled card is never sent.
  const platformCards = (Object.keys(platforms) as PlatformKey[]).filter((key) => offered.has(key));
  values = { ...values, personalInfo, platforms: { ...platforms }, platformCards };
  // The agreement is never sent; the wizard sends nothing before it is ticked.
  if (values.agreement !== undefined) values = { ...values, agreement: true };

  for (const { key, value } of answers) {
    const question = questionOf(form, key);
    if (question) values = setPath(values, `fields.single.${key}`, answerValue(question, key, value) as SingleAnswer);
  }
  // A yes/no question left unanswered is sent without its `.value`: its empty answer stays null.
  return values;
}

/**
 * Every problem of a received application body, as `{ path, message }`; none when the wizard
 * would have sent it. Paths name the body's parts for its shape and the form's fields for its rules.
 */
export function validateApplicationBody(body: unknown, form: ProgrammeForm): FieldIssue[] {
  if (!isTree(body)) return [{ path: '', message: 'expected an object with personalInfo, platforms and fields' }];
  const issues: FieldIssue[] = [];
  for (const key of Object.keys(body)) {
    if (key !== 'personalInfo' && key !== 'platforms' && key !== 'fields') issues.push({ path: key, message: 'unknown part of an application' });
  }
  personalInfoIssues(body.personalInfo, issues);
  platformIssues(body.platforms, issues);
  const answers = fieldIssues(body.fields, form, issues);
  if (issues.length > 0) return issues;
  // Without the page's language: the wizard sends counts as digits whatever the creator typed,
  // so a body with "12 000" is one it never sends, and what is stored stays digits.
  return validateApplication(valuesOf(body, answers, form), { ...form.context, locale: undefined });
}
