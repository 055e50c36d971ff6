// Writes src/application/lookups/countries.generated.json from the countries-list package, so the
// app ships only the four fields it needs (a few kB) instead of the package's whole data set.
// Usage: node scripts/generate-lookups.mjs          rewrite the file
//        node scripts/generate-lookups.mjs --check  exit 1 when the committed file is out of date
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { getCountryDataList } from 'countries-list';

/** @typedef {{ country: string; countryCodes: string[]; isoCode2: string; isoCode3: string }} Country */

const OUTPUT = fileURLToPath(new URL('../src/application/lookups/countries.generated.json', import.meta.url));

// ITU-T E.164 country codes have at most three digits; anything longer carries an area code.
const MAX_COUNTRY_CODE_DIGITS = 3;

/**
 * Codes the package gets wrong for this form, kept by hand.
 * The Crown Dependencies share +44 with the United Kingdom and are told apart by their area
 * code; Kosovo's own code since 2017 is +383 (377, 381 and 386 are Monaco's, Serbia's and
 * Slovenia's, and listing them would send those picks to Kosovo).
 * @type {Readonly<Record<string, readonly string[]>>}
 */
export const DIAL_CODE_OVERRIDES = {
  GG: ['44-1481'],
  IM: ['44-1624'],
  JE: ['44-1534'],
  XK: ['383'],
};

/**
 * Splits a package number such as 1809 into "1-809": the country code is the prefix that is
 * itself a whole code in the data (E.164 codes are prefix-free), else its first three digits.
 * @param {number} phone
 * @param {ReadonlySet<string>} plainCodes codes of at most three digits found in the data
 * @returns {string}
 */
export function splitDialCode(phone, plainCodes) {
  const digits = String(phone);
  for (let length = 1; length < digits.length; length += 1) {
    const prefix = digits.slice(0, length);
    if (plainCodes.has(prefix)) return `${prefix}-${digits.slice(length)}`;
  }
  if (digits.length <= MAX_COUNTRY_CODE_DIGITS) return digits;
  return `${digits.slice(0, MAX_COUNTRY_CODE_DIGITS)}-${digits.slice(MAX_COUNTRY_CODE_DIGITS)}`;
}

/**
 * The countries, sorted by name, derived from the package's list.
 * @param {ReadonlyArray<{ name: string; iso2: string; iso3: string; phone: readonly number[] }>} list
 * @returns {Country[]}
 */
export function deriveCountries(list) {
  const plainCodes = new Set(list.flatMap((entry) => entry.phone.map(String)).filter((code) => code.length <= MAX_COUNTRY_CODE_DIGITS));
  for (const iso2 of Object.keys(DIAL_CODE_OVERRIDES)) {
    // An override for a country the package dropped or renamed would silently do nothing.
    if (!list.some((entry) => entry.iso2 === iso2)) throw new Error(`DIAL_CODE_OVERRIDES: ${iso2} is not in countries-list`);
  }
  return list
    .map((entry) => ({
      country: entry.name,
      countryCodes: [...(DIAL_CODE_OVERRIDES[entry.iso2] ?? entry.phone.map((phone) => splitDialCode(phone, plainCodes)))],
      isoCode2: entry.iso2,
      isoCode3: entry.iso3,
    }))
    .sort((a, b) => a.country.localeCompare(b.country, 'en'));
}

/**
 * The file's text: one country per line, so a package update reads as a small diff.
 * @param {readonly Country[]} countries
 * @returns {string}
 */
export function formatCountries(countries) {
  return `[\n${countries.map((country) => `  ${JSON.stringify(country)}`).join(',\n')}\n]\n`;
}

function main() {
  const text = formatCountries(deriveCountries(getCountryDataList()));
  if (process.argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(OUTPUT, 'utf8');
    } catch {
      // A missing file is simply out of date.
    }
    if (current !== text) {
      console.error(`${OUTPUT} is out of date with countries-list: run "npm run generate:lookups".`);
      process.exit(1);
    }
    return;
  }
  writeFileSync(OUTPUT, text);
  console.log(`Wrote ${OUTPUT}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
