import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { conditionsAt, conditionsHold } from '../application/rules/field-visibility';
import type { ShowOnCondition } from '../application/rules/form-config-schema';
import { useProgrammeForm } from '../form/programme-form-context';

const ALWAYS: readonly ShowOnCondition[] = [];

/**
 * Whether the answer at `path` is on screen now: the same conditions, read by the same function,
 * as validation and the PUT body use (application/rules/field-visibility). It re-renders only when an
 * answer a condition reads changes. `undefined` (phone, platforms): always shown.
 */
export function useFieldShown(path: string | undefined): boolean {
  const { context } = useProgrammeForm();
  const conditions = useMemo(() => (path === undefined ? ALWAYS : (conditionsAt(context.specs, path) ?? ALWAYS)), [context, path]);
  const watchedPaths = useMemo(() => conditions.map((condition) => condition.path), [conditions]);
  const watched = useWatch({ name: watchedPaths, disabled: watchedPaths.length === 0 }) as unknown[] | undefined;
  return conditionsHold(conditions, (conditionPath) => watched?.[watchedPaths.indexOf(conditionPath)]);
}
