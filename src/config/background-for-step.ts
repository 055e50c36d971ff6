import type { WizardConfig } from './config-schema';

/** The cover image of a step: the single configured image, or the step's own (the last one serves any further step). */
export function backgroundForStep(backgrounds: WizardConfig['backgrounds'], step: number): string {
  if (typeof backgrounds === 'string') return backgrounds;
  const index = Math.min(Math.max(step, 0), backgrounds.length - 1);
  // The schema guarantees at least one entry.
  return backgrounds[index] ?? '';
}
