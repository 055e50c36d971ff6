import { describe, expect, it } from 'vitest';
import { errorScreenLanguage } from '../../../src/boot/error-screen-language';

describe('errorScreenLanguage', () => {
  it('speaks the language a broken config.json still names, rather than the build’s', () => {
    expect(errorScreenLanguage('fr-CA', 'en')).toBe('fr-CA');
    expect(errorScreenLanguage('es-MX', 'en')).toBe('es-MX');
  });

  it('speaks the build’s language when the file names none, or one the app does not speak by itself', () => {
    expect(errorScreenLanguage(undefined, 'fr')).toBe('fr');
    expect(errorScreenLanguage('de', 'es')).toBe('es');
  });

  it('never takes a tag Intl refuses, and falls back to English', () => {
    expect(errorScreenLanguage('fr-a1', 'fr-1')).toBe('en');
    expect(errorScreenLanguage('de', '')).toBe('en');
    expect(errorScreenLanguage('ar', 'ar')).toBe('en');
  });
});
