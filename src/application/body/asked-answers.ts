import type { FieldConfig, ShowOnCondition } from '../rules/form-config-schema';
import { followUpsOf } from '../rules/field-specs';
import type { ProgrammeForm } from '../rules/programme-form';

/**
 * The answers a programme asks, as a body's `fields` names them (docs/application-body.md): each
 * value of the form under `fields.single` (its spec, field-specs.ts) by its key without that
 * prefix: `pronouns`, `children.value`, `children.explanation`, a configured follow-up's own name.
 * The page sends no other key (flattenApplication) and the receiver takes no other (answers-not-asked.ts).
 */

/** How an answer is written in the body: Yes/No for a yes/no or a box, a list comma-joined, or text. */
export type AnswerKind = 'yesNo' | 'checkbox' | 'list' | 'text';

export interface AskedAnswer {
  /** The answer's path in the form, `fields.single.<key>`: a path of the programme, never of a body. */
  path: string;
  kind: AnswerKind;
  /** When it is shown, and so sent: its spec's conditions. */
  conditions: readonly ShowOnCondition[];
}

export const FIELDS_PREFIX = 'fields.single.';

function kindsOf(fields: readonly FieldConfig[]): Map<string, AnswerKind> {
  const kinds = new Map<string, AnswerKind>();
  for (const field of fields) {
    if (field.kind === 'yesNo') {
      kinds.set(`${field.path}.value`, 'yesNo');
      for (const followUp of followUpsOf(field)) kinds.set(followUp.path, 'text');
    } else if (field.kind === 'checkbox') kinds.set(field.path, 'checkbox');
    else if (field.kind === 'select' && field.multiple) kinds.set(field.path, 'list');
    else if ('path' in field) kinds.set(field.path, 'text');
  }
  return kinds;
}

const askedByForm = new WeakMap<ProgrammeForm, ReadonlyMap<string, AskedAnswer>>();

/** Every key a body of this programme may answer, made once per form (the receiver asks for every body). */
export function askedAnswers(form: ProgrammeForm): ReadonlyMap<string, AskedAnswer> {
  let asked = askedByForm.get(form);
  if (!asked) {
    const kinds = kindsOf(form.fieldsByStep.flat());
    const map = new Map<string, AskedAnswer>();
    for (const spec of form.context.specs) {
      if (spec.type !== 'value' || !spec.path.startsWith(FIELDS_PREFIX)) continue;
      const key = spec.path.slice(FIELDS_PREFIX.length);
      if (!map.has(key)) map.set(key, { path: spec.path, kind: kinds.get(spec.path) ?? 'text', conditions: spec.conditions });
    }
    asked = map;
    askedByForm.set(form, asked);
  }
  return asked;
}

/** An answer as the form holds it, from its text in the body (booleans were Yes/No, lists comma-joined). */
export function answerFromText(kind: AnswerKind, text: string): unknown {
  if (kind === 'yesNo' || kind === 'checkbox') return text === 'Yes' ? true : text === 'No' ? false : text;
  if (kind === 'list') return text === '' ? [] : text.split(', ');
  return text;
}

/**
 * The programme's path of the question a key not asked belongs to (`children.bogus`, `pronouns.sub`
 * → `fields.single.children`, `fields.single.pronouns`), or undefined when no question of the
 * programme starts it. Only the programme's own paths come out, never the key that was sent.
 */
export function questionPathOf(form: ProgrammeForm, key: string): string | undefined {
  const head = key.split('.')[0] ?? '';
  const path = `${FIELDS_PREFIX}${head}`;
  for (const field of form.fieldsByStep.flat()) {
    if (!('path' in field)) continue;
    if (field.path === path) return field.path;
    if (field.kind === 'yesNo') for (const followUp of followUpsOf(field)) if (followUp.path === path) return followUp.path;
  }
  return undefined;
}
