import { expect, it } from 'vitest';
import { languageName } from '../../../src/i18n/language-name';

it('names each language in itself, capitalised its own way', () => {
  expect(languageName('en')).toBe('English');
  expect(languageName('fr')).toBe('Français');
  expect(languageName('es')).toBe('Español');
  expect(languageName('ar')).toBe('العربية');
  expect(languageName('x-unknown')).toBe('x-unknown');
});
