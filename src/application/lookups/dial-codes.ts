import { DEFAULT_COUNTRY, DEFAULT_DIAL_CODE } from '../values/defaults';
import { countries } from './countries';

/** One phone country code option: `code` is the plain code sent with the application, such as "1-809". */
export interface DialCode {
  code: string;
  name: string;
  flag: string;
  isoCode2: string;
}

const DEFAULT_DIAL_CODE_COUNTRY = DEFAULT_COUNTRY;

const REGIONAL_INDICATOR_A = 0x1f1e6;

/** The emoji flag of an ISO 3166-1 alpha-2 code: its two letters as regional indicator symbols. */
export function flagEmoji(isoCode2: string): string {
  const letters = isoCode2.toUpperCase();
  const indicator = (index: number): number => REGIONAL_INDICATOR_A + letters.charCodeAt(index) - 'A'.charCodeAt(0);
  return String.fromCodePoint(indicator(0), indicator(1));
}

function buildDialCodes(): DialCode[] {
  const entries = countries.flatMap((country) =>
    country.countryCodes.map((code) => ({
      code,
      name: `${country.country} (+${code})`,
      flag: flagEmoji(country.isoCode2),
      isoCode2: country.isoCode2,
    })),
  );
  const isDefault = (entry: DialCode): boolean =>
    entry.code === DEFAULT_DIAL_CODE && entry.isoCode2 === DEFAULT_DIAL_CODE_COUNTRY;
  // The countries are already sorted by name, so only the default moves to the top.
  return [...entries.filter(isDefault), ...entries.filter((entry) => !isDefault(entry))];
}

/** Every (country, dial code) pair: the United States (+1) first, then by country name. */
export const dialCodes: readonly DialCode[] = buildDialCodes();

/** The entry's select option value, `${code}:${isoCode2}` such as "1:US": unique where countries share a code. */
export function dialCodeOptionValue(entry: DialCode): string {
  return `${entry.code}:${entry.isoCode2}`;
}

/** The option value selected at first, "1:US". */
export const DEFAULT_DIAL_CODE_OPTION_VALUE = `${DEFAULT_DIAL_CODE}:${DEFAULT_DIAL_CODE_COUNTRY}`;

const dialCodeByOptionValue = new Map(dialCodes.map((entry) => [dialCodeOptionValue(entry), entry]));

/** The entry behind a select option value, or undefined for an unknown value. */
export function dialCodeForOptionValue(value: string): DialCode | undefined {
  return dialCodeByOptionValue.get(value);
}
