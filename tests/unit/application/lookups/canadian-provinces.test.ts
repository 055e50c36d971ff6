import { describe, expect, it } from 'vitest';
import { canadianProvinces, canadianProvincesFor } from '../../../../src/application/lookups/canadian-provinces';

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

describe('canadianProvincesFor', () => {
  it.each(['fr', 'fr-CA'])('gives the official French names in %s, sorted in French, with the same codes', (locale) => {
    const provinces = canadianProvincesFor(locale);
    expect(provinces.map((province) => province.name)).toEqual([
      'Alberta',
      'Colombie-Britannique',
      'Île-du-Prince-Édouard',
      'Manitoba',
      'Nouveau-Brunswick',
      'Nouvelle-Écosse',
      'Nunavut',
      'Ontario',
      'Québec',
      'Saskatchewan',
      'Terre-Neuve-et-Labrador',
      'Territoires du Nord-Ouest',
      'Yukon',
    ]);
    expect(provinces.map((province) => province.code).sort()).toEqual(canadianProvinces.map((province) => province.code).sort());
    expect(provinces).toContainEqual({ name: 'Québec', code: 'QC' });
  });

  it.each(['en', 'en-CA', 'es', 'es-MX'])('keeps the English names in %s', (locale) => {
    expect(canadianProvincesFor(locale)).toBe(canadianProvinces);
  });
});
