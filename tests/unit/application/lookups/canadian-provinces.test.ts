import { describe, expect, it } from 'vitest';
import { canadianProvinces } from '../../../../src/application/lookups/canadian-provinces';

describe('canadianProvinces', () => {
  it('lists the 10 provinces and 3 territories, sorted by name, with unique codes', () => {
    expect(canadianProvinces).toHaveLength(13);
    expect(new Set(canadianProvinces.map((province) => province.code)).size).toBe(13);
    for (const province of canadianProvinces) expect(province.code).toMatch(/^[A-Z]{2}$/);
    const names = canadianProvinces.map((province) => province.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it.each([
    ['ON', 'Ontario'],
    ['QC', 'Quebec'],
    ['BC', 'British Columbia'],
    ['NL', 'Newfoundland and Labrador'],
    ['NT', 'Northwest Territories'],
    ['NU', 'Nunavut'],
    ['YT', 'Yukon'],
  ])('includes %s, %s', (code, name) => {
    expect(canadianProvinces).toContainEqual({ name, code });
  });
});
