import { describe, expect, it } from 'vitest';
import { filterOptions } from '../../../src/fields/filter-options';
import type { SelectOption } from '../../../src/fields/select-option';

const countries: readonly SelectOption[] = [
  { name: 'Åland Islands', value: 'AX' },
  { name: 'Canada', value: 'CA' },
  { name: "Côte d'Ivoire", value: 'CI' },
  { name: 'Curaçao', value: 'CW' },
  { name: 'Réunion', value: 'RE' },
  { name: 'United States', value: 'US' },
];

describe('filterOptions', () => {
  it('returns every option, in order, for an empty or blank query', () => {
    expect(filterOptions(countries, '')).toEqual(countries);
    expect(filterOptions(countries, '   ')).toEqual(countries);
  });

  it('returns a new array, leaving the input untouched', () => {
    const result = filterOptions(countries, '');
    expect(result).not.toBe(countries);
  });

  it('matches anywhere in the name, ignoring case', () => {
    expect(filterOptions(countries, 'STATES').map((option) => option.value)).toEqual(['US']);
    expect(filterOptions(countries, 'an').map((option) => option.value)).toEqual(['AX', 'CA']);
  });

  it('ignores accents on either side', () => {
    expect(filterOptions(countries, 'cote').map((option) => option.value)).toEqual(['CI']);
    expect(filterOptions(countries, 'aland').map((option) => option.value)).toEqual(['AX']);
    expect(filterOptions(countries, 'CURACAO').map((option) => option.value)).toEqual(['CW']);
    expect(filterOptions(countries, 'réu').map((option) => option.value)).toEqual(['RE']);
  });

  it('keeps the original order of the matches', () => {
    expect(filterOptions(countries, 'c').map((option) => option.value)).toEqual(['CA', 'CI', 'CW']);
  });

  it('ignores surrounding spaces in the query but not inner ones', () => {
    expect(filterOptions(countries, '  united s ').map((option) => option.value)).toEqual(['US']);
    expect(filterOptions(countries, 'united  states')).toEqual([]);
  });

  it('matches names only, not values', () => {
    expect(filterOptions(countries, 'US')).toEqual([]);
  });

  it('returns nothing when nothing matches', () => {
    expect(filterOptions(countries, 'xyz')).toEqual([]);
  });
});
