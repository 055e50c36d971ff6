import type { ApplicationValues, SingleAnswer } from '../values/application-values';
import { DEFAULT_COUNTRY, DEFAULT_DIAL_CODE } from '../values/defaults';
import { setPath } from '../values/field-paths';
import { fieldSpecsOf, type FieldSpec } from './field-specs';
import type { FieldConfig, FieldRules } from './form-config-schema';
import { DEFAULT_PICKER_PLATFORMS, type PlatformKey } from '../values/platforms';
import { FALLBACK_LOCALE } from '../values/usable-locale';
import type { ValidationContext } from './validate-application';

/** Everything the form needs to know about a programme, derived once from its configuration. */
export interface ProgrammeForm {
  /** The configured fields of each step (empty for steps without a form). */
  fieldsByStep: FieldConfig[][];
  context: ValidationContext;
  emptyValues: ApplicationValues;
  /** The page's language (config `lang`): it names and sorts the lists and reads the counts typed. */
  locale: string;
}

/**
 * What a programme's form is made from, as its configuration gives it (config/ reads it out of
 * config.json: programme-form-of.ts); passed in, so these rules never depend on the config's shape.
 */
export interface ProgrammeSource {
  /** The configured fields of each step, in order (empty for steps without a form). */
  fieldsByStep: FieldConfig[][];
  requiredPlatforms?: readonly PlatformKey[] | undefined;
  fieldRules?: FieldRules | undefined;
  /** The page's language; English when not given. */
  locale?: string | undefined;
}

function emptyAnswer(field: FieldConfig): SingleAnswer {
  switch (field.kind) {
    case 'yesNo':
      return { value: null, explanation: '' };
    case 'select':
      return field.multiple ? [] : '';
    case 'checkbox':
      return false;
    case 'file':
      return [];
    default:
      return '';
  }
}

/** A blank application for a programme: every configured question present and empty, phone code +1, country US. */
export function emptyApplication(fields: readonly FieldConfig[], firstCards: readonly PlatformKey[]): ApplicationValues {
  let values: ApplicationValues = {
    personalInfo: {
      firstName: '',
      lastName: '',
      emailAddress: '',
      phone: { countryCode: DEFAULT_DIAL_CODE, subscriber: '' },
      addressFirstLine: '',
      addressSecondLine: '',
      city: '',
      zip: '',
      company: '',
      provinceCode: '',
      countryCode: DEFAULT_COUNTRY,
    },
    platforms: {},
    platformCards: [...firstCards],
    fields: { single: {} },
  };
  for (const field of fields) {
    if (!('path' in field)) continue;
    if (field.path.startsWith('fields.single.')) values = setPath(values, field.path, emptyAnswer(field));
    if (field.path === 'agreement') values = { ...values, agreement: false };
  }
  return values;
}

export function programmeForm({ fieldsByStep, requiredPlatforms = [], fieldRules = {}, locale = FALLBACK_LOCALE }: ProgrammeSource): ProgrammeForm {
  const specs: FieldSpec[] = fieldsByStep.flatMap((fields, step) => fieldSpecsOf(fields, step));
  const picker = fieldsByStep.flat().find((field) => field.kind === 'platforms');
  const offered = picker?.platforms ?? DEFAULT_PICKER_PLATFORMS;
  // Required platforms always have a card; otherwise the picker opens with its first platform.
  const requiredOffered = requiredPlatforms.filter((key) => offered.includes(key));
  const firstCards: PlatformKey[] = !picker ? [] : requiredOffered.length > 0 ? requiredOffered : offered.slice(0, 1);
  return {
    fieldsByStep,
    context: { specs, requiredPlatforms, fieldRules, locale },
    emptyValues: emptyApplication(fieldsByStep.flat(), firstCards),
    locale,
  };
}
