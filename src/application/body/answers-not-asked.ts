import type { ShowOnCondition } from '../rules/form-config-schema';
import type { ProgrammeForm } from '../rules/programme-form';
import { getPath } from '../values/field-paths';
import { isTree } from '../values/is-tree';
import { askedAnswers, FIELDS_PREFIX, questionPathOf } from './asked-answers';
import { valuesOfBody } from './body-values';
import { NOT_ASKED, type RuleIssue } from './rule-issue';

/**
 * The answers of a body the programme does not ask for: a key that is no answer of it
 * (`bogus`), a part of a question that has none (`children.bogus`, `children.__proto__`,
 * `pronouns.sub` where `pronouns` is a plain answer), and a follow-up its answer hides
 * (`pets.explanation` with `pets.value` "No"). The page never sends one (flattenApplication sends
 * only askedAnswers, and only shown), so a body with one is refused (422) rather than stored,
 * exported and sent by webhook. Each is named by the programme's path (`fields.single.children`),
 * or by its place in the body (`fields.3.key`) when no question of the programme starts its key:
 * never by the key that was sent. Entries of the wrong shape are left to the shape's own checks.
 */

const HIDDEN = 'hidden by the answer it depends on, so not asked';

/** Whether a value is what a blank answer holds: nothing on the page may be hidden behind it. */
function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/**
 * Whether a follow-up's condition may have held on the page that sent the body. The body proves
 * a condition false only through an answer it carries: an answer that was itself hidden on the
 * page is sent empty or not at all, so an unsent or blank answer of a conditional question proves nothing
 * (a condition on a hidden answer is not refused for what the receiver cannot see). Text is
 * sent trimmed, so it is compared trimmed.
 */
function mayHold(condition: ShowOnCondition, values: unknown, conditional: ReadonlySet<string>, sent: ReadonlySet<string>): boolean {
  const value = getPath(values, condition.path);
  const unsent = condition.path.startsWith(FIELDS_PREFIX) ? !sent.has(condition.path) : isBlank(value);
  // A platform is sent only with its handle (or URL): its other parts may have been filled unsent.
  if (unsent && (conditional.has(condition.path) || condition.path.startsWith('platforms.'))) return true;
  if (value === condition.equals) return true;
  return typeof value === 'string' && typeof condition.equals === 'string' && value === condition.equals.trim();
}

export function answersNotAsked(form: ProgrammeForm, body: unknown): RuleIssue[] {
  if (!isTree(body) || !Array.isArray(body.fields)) return [];
  const asked = askedAnswers(form);
  const issues: RuleIssue[] = [];
  const answers: Array<{ key: string; value: string }> = [];
  body.fields.forEach((entry: unknown, index) => {
    if (!isTree(entry) || typeof entry.key !== 'string' || typeof entry.value !== 'string') return;
    if (asked.has(entry.key)) {
      answers.push({ key: entry.key, value: entry.value });
      return;
    }
    const key: string = entry.key;
    const question = questionPathOf(form, key);
    const isFileQuestion = form.context.specs.some((spec) => spec.type === 'file' && spec.path === `${FIELDS_PREFIX}${key}`);
    issues.push(
      question && isFileQuestion
        ? { path: question, rule: NOT_ASKED, message: 'a file question: its files are listed in "files", not answered in "fields"' }
        : question
          ? { path: question, rule: NOT_ASKED, message: 'this question has no such part: the programme does not ask it' }
          : { path: `fields.${String(index)}.key`, rule: NOT_ASKED, message: 'not a question of this programme' },
    );
  });

  const values = valuesOfBody(body, answers, form);
  const conditional = new Set(form.context.specs.flatMap((spec) => (spec.type === 'value' && spec.conditions.length > 0 ? [spec.path] : [])));
  const sent = new Set(answers.flatMap(({ key }) => asked.get(key)?.path ?? []));
  const shown = (conditions: readonly ShowOnCondition[]) => conditions.every((condition) => mayHold(condition, values, conditional, sent));
  const reported = new Set<string>();
  for (const { key } of answers) {
    const answer = asked.get(key);
    if (!answer || reported.has(answer.path)) continue;
    if (shown(answer.conditions)) continue;
    reported.add(answer.path);
    issues.push({ path: answer.path, rule: NOT_ASKED, message: HIDDEN });
  }
  // The other answers a condition hides (a personal detail, the website's URL) are sent empty or
  // not at all: one sent filled, where the body proves it hidden, was not asked either.
  // A file field hidden by the answers sent takes no files (its files go in `files`, by its key).
  const filed = new Set(
    Array.isArray(body.files) ? body.files.flatMap((entry: unknown) => (isTree(entry) && typeof entry.key === 'string' ? [entry.key] : [])) : [],
  );
  for (const spec of form.context.specs) {
    if (spec.type !== 'file' || spec.conditions.length === 0) continue;
    const key = spec.path.slice(FIELDS_PREFIX.length);
    if (filed.has(key) && !shown(spec.conditions)) issues.push({ path: `files.${key}`, rule: NOT_ASKED, message: HIDDEN });
  }
  for (const spec of form.context.specs) {
    if (spec.type !== 'value' || spec.path.startsWith(FIELDS_PREFIX) || spec.conditions.length === 0) continue;
    if (isBlank(getPath(values, spec.path)) || shown(spec.conditions)) continue;
    issues.push({ path: spec.path, rule: NOT_ASKED, message: HIDDEN });
  }
  return issues;
}
