import { programmeForm, type ProgrammeForm } from '../application/rules/programme-form';
import type { WizardConfig } from './config-schema';

/**
 * A parsed configuration's form: each step's FormSection fields, the required platforms and the
 * rule bounds, passed to the application's rules (which take them as arguments, so application/
 * never imports config/).
 */
export function programmeFormOf(config: WizardConfig): ProgrammeForm {
  return programmeForm({
    fieldsByStep: config.steps.map((step) => step.blocks.flatMap((block) => (block.component === 'FormSection' ? block.data.fields : []))),
    requiredPlatforms: config.requiredPlatforms,
    fieldRules: config.fieldRules,
    locale: config.lang,
  });
}
