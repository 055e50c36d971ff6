import { describe, expect, it } from 'vitest';
import { countries, countriesFor, countryForDialCode, PRIMARY_COUNTRY_FOR_SHARED_DIAL_CODE, type Country } from '../../../../src/application/lookups/countries';

function byIsoCode2(isoCode2: string): Country {
  return countries.find((country) => country.isoCode2 === isoCode2)!;
}

describe('countries', () => {
  it('lists about 240 countries and territories', () => {
    expect(countries.length).toBeGreaterThanOrEqual(235);
    expect(countries.length).toBeLessThanOrEqual(255);
  });

  it('is sorted by name', () => {
    const names = countries.map((country) => country.country);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('has a unique two-letter upper-case ISO code for each entry', () => {
    for (const country of countries) expect(country.isoCode2).toMatch(/^[A-Z]{2}$/);
    expect(new Set(countries.map((country) => country.isoCode2)).size).toBe(countries.length);
  });

  it('has a unique three-letter upper-case ISO code for each entry', () => {
    for (const country of countries) expect(country.isoCode3).toMatch(/^[A-Z]{3}$/);
    expect(new Set(countries.map((country) => country.isoCode3)).size).toBe(countries.length);
  });

  it('gives every entry at least one dial code of digits, possibly with an area code', () => {
    for (const country of countries) {
      expect(country.countryCodes.length).toBeGreaterThan(0);
      for (const code of country.countryCodes) expect(code).toMatch(/^[1-9]\d{0,2}(-\d{1,4})?$/);
      expect(new Set(country.countryCodes).size).toBe(country.countryCodes.length);
    }
  });

  it.each([
    ['US', 'USA', 'United States', ['1']],
    ['CA', 'CAN', 'Canada', ['1']],
    ['GB', 'GBR', 'United Kingdom', ['44']],
    ['DO', 'DOM', 'Dominican Republic', ['1-809', '1-829', '1-849']],
    ['PR', 'PRI', 'Puerto Rico', ['1-787', '1-939']],
    ['JM', 'JAM', 'Jamaica', ['1-876']],
    ['GG', 'GGY', 'Guernsey', ['44-1481']],
    ['JE', 'JEY', 'Jersey', ['44-1534']],
    ['IM', 'IMN', 'Isle of Man', ['44-1624']],
    ['SJ', 'SJM', 'Svalbard and Jan Mayen', ['47-79']],
    ['CW', 'CUW', 'Curacao', ['599-9']],
    ['XK', 'XKX', 'Kosovo', ['383']],
    ['DE', 'DEU', 'Germany', ['49']],
    ['MX', 'MEX', 'Mexico', ['52']],
    ['IN', 'IND', 'India', ['91']],
    ['AU', 'AUS', 'Australia', ['61']],
    ['RU', 'RUS', 'Russia', ['7']],
  ])('lists %s as %s, %s, with %j', (isoCode2, isoCode3, name, codes) => {
    expect(byIsoCode2(isoCode2)).toEqual({ country: name, countryCodes: codes, isoCode2, isoCode3 });
  });
});

describe('countryForDialCode', () => {
  it.each([
    ['1', 'US'],
    ['44', 'GB'],
    ['1-809', 'DO'],
    ['1-849', 'DO'],
    ['1-939', 'PR'],
    ['44-1481', 'GG'],
    ['44-1534', 'JE'],
    ['44-1624', 'IM'],
    ['7', 'RU'],
    ['47', 'NO'],
    ['358', 'FI'],
    ['49', 'DE'],
    ['383', 'XK'],
    ['377', 'MC'],
  ])('gives %s to %s', (code, isoCode2) => {
    expect(countryForDialCode(code)?.isoCode2).toBe(isoCode2);
  });

  it('gives the only country with a code, or the primary one of a shared code', () => {
    for (const country of countries) {
      for (const code of country.countryCodes) {
        const holders = countries.filter((candidate) => candidate.countryCodes.includes(code));
        const expected = holders.length === 1 ? country.isoCode2 : PRIMARY_COUNTRY_FOR_SHARED_DIAL_CODE[code];
        expect(countryForDialCode(code)?.isoCode2, code).toBe(expected);
      }
    }
  });

  it('names a primary country for every shared code, one that has that code', () => {
    const holdersByCode = new Map<string, string[]>();
    for (const country of countries) {
      for (const code of country.countryCodes) holdersByCode.set(code, [...(holdersByCode.get(code) ?? []), country.isoCode2]);
    }
    const shared = [...holdersByCode].filter(([, holders]) => holders.length > 1).map(([code]) => code);
    expect(Object.keys(PRIMARY_COUNTRY_FOR_SHARED_DIAL_CODE).sort()).toEqual(shared.sort());
    for (const [code, isoCode2] of Object.entries(PRIMARY_COUNTRY_FOR_SHARED_DIAL_CODE)) {
      expect(holdersByCode.get(code), code).toContain(isoCode2);
    }
  });

  it('gives undefined for an unknown code or an option value', () => {
    expect(countryForDialCode('')).toBeUndefined();
    expect(countryForDialCode('999')).toBeUndefined();
    expect(countryForDialCode('1:US')).toBeUndefined();
  });
});

describe('countriesFor', () => {
  const names = (locale: string) => countriesFor(locale).map((country) => country.country);
  const nameOf = (locale: string, isoCode2: string) => countriesFor(locale).find((country) => country.isoCode2 === isoCode2)?.country;

  it('keeps the generated English names and order on an English page', () => {
    expect(countriesFor('en')).toBe(countries);
    expect(countriesFor('en-CA')).toBe(countries);
  });

  it.each([
    ['fr', 'DE', 'Allemagne'],
    ['fr', 'US', 'États-Unis'],
    ['fr-CA', 'AE', 'Émirats arabes unis'],
    ['es', 'DE', 'Alemania'],
    ['es-MX', 'US', 'Estados Unidos'],
    ['es', 'CA', 'Canadá'],
  ])('names the countries in %s (%s: %s)', (locale, isoCode2, name) => {
    expect(nameOf(locale, isoCode2)).toBe(name);
  });

  it.each(['fr', 'es'])('sorts them as %s sorts, keeping every code and its dial codes', (locale) => {
    const collator = new Intl.Collator(locale);
    expect(names(locale)).toEqual([...names(locale)].sort(collator.compare));
    const byCode = (list: readonly Country[]) => new Map(list.map((country) => [country.isoCode2, country.countryCodes]));
    expect(byCode(countriesFor(locale))).toEqual(byCode(countries));
  });

  it('files "Émirats arabes unis" with the E\'s in French, not after Z', () => {
    const list = names('fr');
    const at = (name: string) => list.indexOf(name);
    expect(at('Égypte')).toBeGreaterThan(at('Dominique'));
    expect(at('Émirats arabes unis')).toBeGreaterThan(at('Égypte'));
    expect(at('Émirats arabes unis')).toBeLessThan(at('Espagne'));
    expect(at('États-Unis')).toBeLessThan(at('Fidji'));
  });

  it('files accented names with their letter in Spanish', () => {
    const list = names('es');
    expect(list.indexOf('Níger')).toBeGreaterThan(list.indexOf('Nicaragua'));
    expect(list.indexOf('Níger')).toBeLessThan(list.indexOf('Nigeria'));
    expect(list.indexOf('Omán')).toBeLessThan(list.indexOf('Países Bajos'));
  });

  it('is made once per locale', () => {
    expect(countriesFor('fr')).toBe(countriesFor('fr'));
  });
});
