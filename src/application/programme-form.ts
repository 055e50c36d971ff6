import type { WizardConfig } from '../config/config-schema';
import { emptyApplication, type ApplicationValues } from './application-values';
import { fieldSpecsOf, type FieldSpec } from './field-specs';
import type { FieldConfig } from './form-config-schema';
import { DEFAULT_PICKER_PLATFORMS, type PlatformKey } from './platforms';
import type { ValidationContext } from './validate-application';

/** Everything the form needs to know about a programme, derived once from its configuration. */
export interface ProgrammeForm {
  /** The configured fields of each step (empty for steps without a form). */
  fieldsByStep: FieldConfig[][];
  context: ValidationContext;
  emptyValues: ApplicationValues;
}

export function programmeForm(config: WizardConfig): ProgrammeForm {
  const fieldsByStep = config.steps.map((step) =>
    step.blocks.flatMap((block) => (block.component === 'FormSection' ? block.data.fields : [])),
  );
  const specs: FieldSpec[] = fieldsByStep.flatMap((fields, step) => fieldSpecsOf(fields, step));
  const requiredPlatforms = config.requiredPlatforms ?? [];
  const picker = fieldsByStep.flat().find((field) => field.kind === 'platforms');
  const offered = picker?.platforms ?? DEFAULT_PICKER_PLATFORMS;
  // Required platforms always have a card; otherwise the picker opens with its first platform.
  const requiredOffered = requiredPlatforms.filter((key) => offered.includes(key));
  const firstCards: PlatformKey[] = !picker ? [] : requiredOffered.length > 0 ? requiredOffered : offered.slice(0, 1);
  return {
    fieldsByStep,
    context: { specs, requiredPlatforms, fieldRules: config.fieldRules ?? {} },
    emptyValues: emptyApplication(fieldsByStep.flat(), firstCards),
  };
}
