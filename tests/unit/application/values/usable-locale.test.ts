import { describe, expect, it } from 'vitest';
import { languageOf, perLocale, usableLocale } from '../../../../src/application/values/usable-locale';

describe('usableLocale', () => {
  it('gives a tag Intl accepts in its canonical form', () => {
    expect(usableLocale('fr-CA')).toBe('fr-CA');
    expect(usableLocale('es-mx')).toBe('es-MX');
  });

  it('gives English for a tag config.json lets through but Intl refuses', () => {
    expect(() => new Intl.Collator('en-a1')).toThrow(RangeError);
    expect(usableLocale('en-a1')).toBe('en');
  });
});

describe('languageOf', () => {
  it('gives the language subtag, lower-cased', () => {
    expect(languageOf('fr-CA')).toBe('fr');
    expect(languageOf('ES')).toBe('es');
  });
});

describe('perLocale', () => {
  it('makes a value once per usable locale, under its canonical tag', () => {
    const made: string[] = [];
    const upper = perLocale((locale) => {
      made.push(locale);
      return locale.toUpperCase();
    });
    expect(upper('fr-ca')).toBe('FR-CA');
    expect(upper('fr-CA')).toBe('FR-CA');
    expect(upper('en-a1')).toBe('EN');
    expect(made).toEqual(['fr-CA', 'en']);
  });
});
