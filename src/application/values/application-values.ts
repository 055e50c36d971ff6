import type { PlatformEntry, PlatformKey } from './platforms';

/** A yes/no answer with its follow-up explanation. */
export interface YesNoAnswer {
  value: boolean | null;
  explanation?: string;
}

/**
 * One file kept for a file field (docs/configuration.md): the bytes themselves stay on the device
 * (src/storage/device-files.ts), found by their SHA-256; the answer names them.
 */
export interface FileAnswerItem {
  /** 64 lower-case hex digits: the SHA-256 of the bytes kept (after a photo is made smaller). */
  sha256: string;
  name: string;
  /** The MIME type, such as image/jpeg. */
  type: string;
  /** In bytes. */
  size: number;
}

/** A file field's answer: the files kept, in the order chosen; an empty list means no file. */
export type FileAnswer = readonly FileAnswerItem[];

export type SingleAnswer = string | readonly string[] | boolean | YesNoAnswer | FileAnswer | null;

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
