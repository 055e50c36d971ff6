import type { ApplicationValues } from '../values/application-values';
import { validateApplication, type ValidationContext } from './validate-application';

/**
 * Whether Continue may leave a step, whose fields are `stepPaths`, at once, without
 * react-hook-form's full check (which touches and re-checks every field of the step, re-rendering
 * each): none of the step's fields breaks a rule, by the same function the schema runs, and none
 * still shows an error that only the full check would clear. When this says no, the full check
 * runs and shows what needs attention.
 */
export function stepPassesQuickly(
  values: ApplicationValues,
  context: ValidationContext,
  stepPaths: readonly string[],
  showsError: (path: string) => boolean,
): boolean {
  if (stepPaths.some(showsError)) return false;
  const paths = new Set(stepPaths);
  return !validateApplication(values, context).some((issue) => paths.has(issue.path));
}
