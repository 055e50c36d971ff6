import type { WizardConfig } from '../config/config-schema';
import { continueActions } from '../wizard/wizard-machine';

/**
 * Whether the first step can be shown before the application form is loaded: it asks for
 * nothing (no FormSection) and, by the wizard machine's rules, its Continue only moves on
 * (checked here so a change to those rules cannot leave Welcome sending without a form).
 */
export function opensOnWelcomeAlone(config: Pick<WizardConfig, 'steps' | 'skipLastStep'>): boolean {
  const first = config.steps[0];
  if (!first || first.blocks.some((block) => block.component === 'FormSection')) return false;
  const actions = continueActions(0, config.steps.length, config.skipLastStep ?? false);
  return actions.length === 1 && actions[0] === 'advance';
}
