/**
 * The steps the wizard keeps drawn: every step reached so far and the one after the current
 * step, in page order. Only the current one is visible; the others wait hidden, so Continue
 * and Back show a step that is already built instead of building it after the press.
 */
export function stepsKeptRendered(reached: readonly number[], current: number, stepCount: number): number[] {
  const kept = new Set<number>();
  for (const step of [...reached, current, current + 1]) {
    if (Number.isInteger(step) && step >= 0 && step < stepCount) kept.add(step);
  }
  return [...kept].sort((a, b) => a - b);
}
