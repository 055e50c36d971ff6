import { PERSONAL_INFO_TEXT_FIELDS } from '../values/field-paths';
import { isTree } from '../values/is-tree';
import { isPlatformKey, platformFields } from '../values/platforms';
import { answersNotAsked } from './answers-not-asked';
import { FIELDS_PREFIX } from './asked-answers';
import { fileReferenceIssues } from './file-references';
import { bodyPathPart } from './body-path';
import { valuesOfBody } from './body-values';
import { unstorableText } from './unstorable-text';
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
      issues.push({ path: `personalInfo.${bodyPathPart(key)}`, message: 'unknown field' });
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
      issues.push({ path: `platforms.${bodyPathPart(key)}`, message: 'unknown platform' });
      continue;
    }
    if (!isTree(entry)) {
      issues.push({ path: `platforms.${key}`, message: 'expected an object' });
      continue;
    }
    const allowed: readonly string[] = platformFields(key);
    for (const [field, value] of Object.entries(entry)) {
      if (!allowed.includes(field)) issues.push({ path: `platforms.${key}.${bodyPathPart(field)}`, message: 'unknown field' });
      else if (!isText(value)) issues.push({ path: `platforms.${key}.${field}`, message: TEXT_MESSAGE });
    }
  }
}

function fieldIssues(fields: unknown, issues: FieldIssue[]): Array<{ key: string; value: string }> {
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
    } else {
      seen.add(entry.key);
      answers.push({ key: entry.key, value: entry.value });
    }
  });
  return answers;
}

/**
 * Every problem of a received application body, as `{ path, message }`; none when the wizard
 * would have sent it. Paths name the body's parts for its shape and the form's fields for its rules.
 */
export function validateApplicationBody(body: unknown, form: ProgrammeForm): FieldIssue[] {
  // Text no store keeps is refused first, wherever it is: nothing below reads it (unstorable-text.ts).
  const unstorable = unstorableText(body, form);
  if (unstorable.length > 0) return unstorable;
  if (!isTree(body)) return [{ path: '', message: 'expected an object with personalInfo, platforms and fields' }];
  const issues: FieldIssue[] = [];
  for (const key of Object.keys(body)) {
    if (key !== 'personalInfo' && key !== 'platforms' && key !== 'fields' && key !== 'files')
      issues.push({ path: bodyPathPart(key), message: 'unknown part of an application' });
  }
  personalInfoIssues(body.personalInfo, issues);
  platformIssues(body.platforms, issues);
  const answers = fieldIssues(body.fields, issues);
  // Missing `files` reads as none: a page built before file fields sends none (file-references.ts).
  const files = fileReferenceIssues(body.files, form);
  issues.push(...files.issues);
  // Only what the programme asks, and only where the answers sent show it (answers-not-asked.ts).
  issues.push(...answersNotAsked(form, body));
  if (issues.length > 0) return issues;
  // Without the page's language: the wizard sends counts as digits whatever the creator typed,
  // so a body with "12 000" is one it never sends, and what is stored stays digits.
  // A file field's rules ('required', 'file-count') are named by the body's part, `files.<key>`.
  const filePaths = new Set(form.context.specs.flatMap((spec) => (spec.type === 'file' ? [spec.path] : [])));
  return validateApplication(valuesOfBody(body, answers, form, files.references), { ...form.context, locale: undefined }).map((issue) =>
    filePaths.has(issue.path) ? { ...issue, path: `files.${issue.path.slice(FIELDS_PREFIX.length)}` } : issue,
  );
}
