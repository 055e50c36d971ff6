import { DEFAULT_DIAL_CODE } from '../../../../src/application/values/defaults';
import { getEmojiFlag, type TCountryCode } from 'countries-list';
import { describe, expect, it } from 'vitest';
import { countries, countryForDialCode } from '../../../../src/application/lookups/countries';
import {
  DEFAULT_DIAL_CODE_OPTION_VALUE,
  dialCodeForOptionValue,
  dialCodeOptionValue,
  dialCodesFor,
  flagEmoji,
} from '../../../../src/application/lookups/dial-codes';

const dialCodes = dialCodesFor('en');

describe('dialCodes', () => {
  it('has one entry per country and dial code', () => {
    const pairs = countries.reduce((sum, country) => sum + country.countryCodes.length, 0);
    expect(dialCodes).toHaveLength(pairs);
    expect(dialCodes.length).toBeGreaterThanOrEqual(countries.length);
  });

  it('puts the United States (+1) first, as the default', () => {
    expect(dialCodes[0]).toEqual({ code: '1', name: 'United States (+1)', flag: '🇺🇸', isoCode2: 'US' });
    expect(DEFAULT_DIAL_CODE).toBe('1');
    expect(DEFAULT_DIAL_CODE_OPTION_VALUE).toBe(dialCodeOptionValue(dialCodes[0]!));
    expect(countryForDialCode(DEFAULT_DIAL_CODE)?.isoCode2).toBe('US');
  });

  it('lists the rest by country name', () => {
    const names = dialCodes.slice(1).map((entry) => entry.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it.each([
    ['CA', '1', 'Canada (+1)', '🇨🇦'],
    ['GB', '44', 'United Kingdom (+44)', '🇬🇧'],
    ['DO', '1-809', 'Dominican Republic (+1-809)', '🇩🇴'],
    ['DO', '1-849', 'Dominican Republic (+1-849)', '🇩🇴'],
    ['GG', '44-1481', 'Guernsey (+44-1481)', '🇬🇬'],
    ['MX', '52', 'Mexico (+52)', '🇲🇽'],
  ])('offers %s with %s as "%s" and %s', (isoCode2, code, name, flag) => {
    expect(dialCodes).toContainEqual({ code, name, flag, isoCode2 });
  });

  it('gives every entry a distinct option value that leads back to it', () => {
    const values = dialCodes.map(dialCodeOptionValue);
    expect(new Set(values).size).toBe(dialCodes.length);
    expect(values).toContain('1:US');
    expect(values).toContain('1:CA');
    for (const entry of dialCodes) expect(dialCodeForOptionValue(dialCodeOptionValue(entry))).toEqual({ code: entry.code, isoCode2: entry.isoCode2 });
    expect(dialCodeForOptionValue('1')).toBeUndefined();
  });

  it('shows the same flag as the package for every country', () => {
    for (const entry of dialCodes) expect(entry.flag, entry.isoCode2).toBe(getEmojiFlag(entry.isoCode2 as TCountryCode));
    expect(flagEmoji('us')).toBe('🇺🇸');
  });
});

describe('dialCodesFor', () => {
  it.each(['fr', 'fr-CA', 'es', 'es-MX'])('keeps the United States (+1) first, as the default, in %s', (locale) => {
    expect(dialCodesFor(locale)[0]).toMatchObject({ code: '1', isoCode2: 'US', flag: '🇺🇸' });
    expect(dialCodeOptionValue(dialCodesFor(locale)[0]!)).toBe(DEFAULT_DIAL_CODE_OPTION_VALUE);
  });

  it.each([
    ['fr', 'DE', 'Allemagne (+49)'],
    ['fr', 'CA', 'Canada (+1)'],
    ['es', 'DE', 'Alemania (+49)'],
    ['es', 'MX', 'México (+52)'],
  ])('names the countries in %s (%s: "%s")', (locale, isoCode2, name) => {
    expect(dialCodesFor(locale)).toContainEqual(expect.objectContaining({ isoCode2, name }));
  });

  it.each(['fr', 'es'])('lists the rest as %s sorts them, with the same option values as English', (locale) => {
    const list = dialCodesFor(locale);
    const names = list.slice(1).map((entry) => entry.name.replace(/ \(\+[\d-]+\)$/, ''));
    expect(names).toEqual([...names].sort(new Intl.Collator(locale).compare));
    expect(list.map(dialCodeOptionValue).sort()).toEqual(dialCodes.map(dialCodeOptionValue).sort());
  });

  it('is made once per locale', () => {
    expect(dialCodesFor('fr')).toBe(dialCodesFor('fr'));
  });
});
