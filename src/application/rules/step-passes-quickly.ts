import type { ApplicationValues } from '../values/application-values';
import { pathsOfStep, validateApplication, type ValidationContext } from './validate-application';

/**
 * Whether Continue may leave `step` at once, without react-hook-form's full check (which touches
 * and re-checks every field of the step, re-rendering each): none of the step's fields breaks a
 * rule, by the same function the schema runs, and none still shows an error that only the full
 * check would clear. When this says no, the full check runs and shows what needs attention.
 */
export function stepPassesQuickly(
  values: ApplicationValues,
  context: ValidationContext,
  step: number,
  showsError: (path: string) => boolean,
): boolean {
  const paths = new Set(pathsOfStep(values, context, step));
  if (paths.size === 0) return true;
  for (const path of paths) if (showsError(path)) return false;
  return !validateApplication(values, context).some((issue) => paths.has(issue.path));
}
