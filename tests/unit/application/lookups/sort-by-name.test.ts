import { describe, expect, it } from 'vitest';
import { sortByName } from '../../../../src/application/lookups/sort-by-name';

const sorted = (names: string[], locale: string) => sortByName(names, (name) => name, locale);

describe('sortByName', () => {
  it('files É with E in French, where code-point order puts it after Z', () => {
    expect(sorted(['Zambie', 'Émirats arabes unis', 'Espagne', 'Égypte', 'Dominique'], 'fr')).toEqual([
      'Dominique',
      'Égypte',
      'Émirats arabes unis',
      'Espagne',
      'Zambie',
    ]);
  });

  it('files Ñ as a letter after N in Spanish, and with N in English', () => {
    expect(sorted(['Oso', 'Ñandú', 'Nube'], 'es')).toEqual(['Nube', 'Ñandú', 'Oso']);
    expect(sorted(['Oso', 'Ñandú', 'Nube'], 'en')).toEqual(['Ñandú', 'Nube', 'Oso']);
  });

  it('returns a sorted copy, leaving the input as it was', () => {
    const names = ['b', 'a'];
    expect(sorted(names, 'en')).toEqual(['a', 'b']);
    expect(names).toEqual(['b', 'a']);
  });

  it('sorts in English for a tag Intl refuses, rather than throwing', () => {
    expect(sorted(['b', 'a'], 'en-a1')).toEqual(['a', 'b']);
  });
});
