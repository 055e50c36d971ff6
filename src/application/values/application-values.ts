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
