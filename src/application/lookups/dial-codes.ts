import { DEFAULT_COUNTRY, DEFAULT_DIAL_CODE } from '../values/defaults';
import { perLocale } from '../values/usable-locale';
import { countries, countriesFor, type Country } from './countries';

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

function buildDialCodes(sortedCountries: readonly Country[]): DialCode[] {
  const entries = sortedCountries.flatMap((country) =>
    country.countryCodes.map((code) => ({
      code,
      name: `${country.country} (+${code})`,
      flag: flagEmoji(country.isoCode2),
      isoCode2: country.isoCode2,
    })),
  );
  const isDefault = (entry: DialCode): boolean => entry.code === DEFAULT_DIAL_CODE && entry.isoCode2 === DEFAULT_DIAL_CODE_COUNTRY;
  // The countries are already sorted by name, so only the default moves to the top.
  return [...entries.filter(isDefault), ...entries.filter((entry) => !isDefault(entry))];
}

/**
 * Every (country, dial code) pair with the country named in `locale`: the United States (+1)
 * first, then by name as that language sorts it; made once per locale.
 */
export const dialCodesFor: (locale: string) => readonly DialCode[] = perLocale((locale) => buildDialCodes(countriesFor(locale)));

/** The entry's select option value, `${code}:${isoCode2}` such as "1:US": unique where countries share a code. */
export function dialCodeOptionValue(entry: Pick<DialCode, 'code' | 'isoCode2'>): string {
  return `${entry.code}:${entry.isoCode2}`;
}

/** The option value selected at first, "1:US". */
export const DEFAULT_DIAL_CODE_OPTION_VALUE = `${DEFAULT_DIAL_CODE}:${DEFAULT_DIAL_CODE_COUNTRY}`;

// Option values are the same in every language, so one map from the English names serves all.
const dialCodeByOptionValue = new Map(
  countries.flatMap((country) =>
    country.countryCodes.map((code) => [dialCodeOptionValue({ code, isoCode2: country.isoCode2 }), { code, isoCode2: country.isoCode2 }] as const),
  ),
);

/** The code and country behind a select option value (the same in every language), or undefined for an unknown value. */
export function dialCodeForOptionValue(value: string): Pick<DialCode, 'code' | 'isoCode2'> | undefined {
  return dialCodeByOptionValue.get(value);
}
