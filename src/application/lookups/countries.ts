// The data is generated from the countries-list package by scripts/generate-lookups.mjs
// (npm run generate:lookups), so only these four fields reach the phone.
import generatedCountries from './countries.generated.json';
import { languageOf, perLocale } from '../values/usable-locale';
import { regionNamesIn } from './region-names';
import { sortByName } from './sort-by-name';

/** A country or territory the form offers, with its calling codes such as "1" or "1-809". */
export interface Country {
  country: string;
  countryCodes: readonly string[];
  isoCode2: string;
  isoCode3: string;
}

/**
 * Every country and territory with its English name, sorted in English: the names an English page
 * shows, the checker's, and the fallback where the platform cannot name a code in another language.
 */
export const countries: readonly Country[] = generatedCountries;

function namedIn(locale: string): readonly Country[] {
  // English keeps the generated names, chosen for this form ("Ivory Coast", "Hong Kong"), where
  // the platform's would be "Côte d’Ivoire" and "Hong Kong SAR China", and differ by engine.
  if (languageOf(locale) === 'en') return countries;
  const nameOf = regionNamesIn(locale);
  const named = countries.map((country) => ({ ...country, country: nameOf(country.isoCode2) ?? country.country }));
  return sortByName(named, (country) => country.country, locale);
}

/**
 * Every country and territory named in `locale` by the platform (Intl.DisplayNames) and sorted
 * for it (Intl.Collator), made once per locale; same codes as `countries`, so the same values.
 */
export const countriesFor: (locale: string) => readonly Country[] = perLocale(namedIn);

/** For a dial code several countries share, the one it chiefly belongs to (first by name would give Canada for +1). */
export const PRIMARY_COUNTRY_FOR_SHARED_DIAL_CODE: Readonly<Record<string, string>> = {
  '1': 'US',
  '7': 'RU',
  '47': 'NO',
  '61': 'AU',
  '64': 'NZ',
  '212': 'MA',
  '262': 'RE',
  '290': 'SH',
  '358': 'FI',
  '500': 'FK',
  '590': 'GP',
  '672': 'NF',
};

function buildCountryByDialCode(): ReadonlyMap<string, Country> {
  const byIsoCode2 = new Map(countries.map((country) => [country.isoCode2, country]));
  const byDialCode = new Map<string, Country>();
  for (const country of countries) {
    for (const code of country.countryCodes) {
      const primary = byIsoCode2.get(PRIMARY_COUNTRY_FOR_SHARED_DIAL_CODE[code] ?? '');
      if (!byDialCode.has(code)) byDialCode.set(code, primary ?? country);
    }
  }
  return byDialCode;
}

const countryByDialCode = buildCountryByDialCode();

/** The first country matching a plain dial code ("1" gives the United States, "1-809" the Dominican Republic). */
export function countryForDialCode(code: string): Country | undefined {
  return countryByDialCode.get(code);
}
