import { getPath } from '../values/field-paths';
import type { FieldSpec } from './field-specs';
import type { ShowOnCondition } from './form-config-schema';

/**
 * Whether a configured answer is in play: shown on screen, validated, and sent. It is the one
 * rule for all three, so an answer the creator can see is always checked and sent, and one
 * they cannot see never is. A field's conditions are its own `showOnCondition`, and for a
 * yes/no follow-up also its question's reveal (see fieldSpecsOf).
 */

/** True when every condition holds; `valueAt` reads the answer at a dotted path. */
export function conditionsHold(conditions: readonly ShowOnCondition[], valueAt: (path: string) => unknown): boolean {
  return conditions.every((condition) => valueAt(condition.path) === condition.equals);
}

/** The spec of the answer at `path`, if the programme has one (phone and platforms have none). */
export function valueSpecAt(specs: readonly FieldSpec[], path: string): Extract<FieldSpec, { type: 'value' }> | undefined {
  for (const spec of specs) if (spec.type === 'value' && spec.path === path) return spec;
  return undefined;
}

/** The conditions under which the answer at `path` is shown: a value's or a file field's; none for another path. */
export function conditionsAt(specs: readonly FieldSpec[], path: string): readonly ShowOnCondition[] | undefined {
  for (const spec of specs) if ((spec.type === 'value' || spec.type === 'file') && spec.path === path) return spec.conditions;
  return undefined;
}

/** The paths whose conditions do not hold for these values: hidden, so neither validated nor sent. */
export function hiddenPaths(values: unknown, specs: readonly FieldSpec[]): Set<string> {
  const hidden = new Set<string>();
  for (const spec of specs) {
    if ((spec.type === 'value' || spec.type === 'file') && !conditionsHold(spec.conditions, (path) => getPath(values, path))) hidden.add(spec.path);
  }
  return hidden;
}
