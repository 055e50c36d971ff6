import { DEFAULT_COUNTRY, DEFAULT_DIAL_CODE } from './defaults';
import { setPath } from './field-paths';
import type { FieldConfig } from './form-config-schema';
import type { PlatformEntry, PlatformKey } from './platforms';

/** A yes/no answer with its follow-up explanation. */
export interface YesNoAnswer {
  value: boolean | null;
  explanation?: string;
}

export type SingleAnswer = string | readonly string[] | boolean | YesNoAnswer | null;

/** Everything the form holds: the three sections of the application, plus the picker's cards and the agreement. */
export interface ApplicationValues {
  personalInfo: {
    firstName: string;
    lastName: string;
    emailAddress: string;
    phone: { countryCode: string; subscriber: string };
    addressFirstLine: string;
    addressSecondLine: string;
    city: string;
    zip: string;
    company: string;
    provinceCode: string;
    countryCode: string;
  };
  platforms: Partial<Record<PlatformKey, PlatformEntry>>;
  /** The picker's cards, in order; not sent. */
  platformCards: PlatformKey[];
  fields: { single: Record<string, SingleAnswer> };
  /** The agreement box, when a programme configures one; never sent. */
  agreement?: boolean;
}


function emptyAnswer(field: FieldConfig): SingleAnswer {
  switch (field.kind) {
    case 'yesNo':
      return { value: null, explanation: '' };
    case 'select':
      return field.multiple ? [] : '';
    case 'checkbox':
      return false;
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
