// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { statusLanguage } from '../../../src/status/status-language';

describe('statusLanguage: the language of the status page', () => {
  it('is the language the creator applied in, when the programme offers it', () => {
    expect(statusLanguage(['en', 'fr', 'ar'], 'fr', ['en-GB'], 'ar')).toBe('fr');
    expect(statusLanguage(['en', 'fr'], 'FR', ['en-GB'], null)).toBe('fr');
  });

  it('else the one the wizard would open in here: the choice kept on the device, then the browser’s', () => {
    expect(statusLanguage(['en', 'fr', 'ar'], 'de', ['en-GB'], 'ar')).toBe('ar');
    expect(statusLanguage(['en', 'fr', 'ar'], null, ['fr-CA', 'en'], null)).toBe('fr');
  });

  it('else the programme’s own language', () => {
    expect(statusLanguage(['es', 'en'], null, ['de-DE'], null)).toBe('es');
    expect(statusLanguage([], null, ['de-DE'], null)).toBe('en');
  });
});
