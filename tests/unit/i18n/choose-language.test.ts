import { describe, expect, it } from 'vitest';
import { chooseLanguage } from '../../../src/i18n/choose-language';

describe('chooseLanguage', () => {
  it('opens in French for a browser that prefers fr-CA, in English for de', () => {
    expect(chooseLanguage(['en', 'fr'], 'en', ['fr-CA', 'en'])).toBe('fr');
    expect(chooseLanguage(['en', 'fr'], 'en', ['de'])).toBe('en');
    expect(chooseLanguage(['en', 'fr'], 'en', [])).toBe('en');
  });

  it('serves an earlier preference before a later one that matches exactly', () => {
    // intl-localematcher's "best fit" answers fr here; a creator reading English first reads English.
    expect(chooseLanguage(['fr', 'en'], 'fr', ['en-GB', 'fr'])).toBe('en');
    expect(chooseLanguage(['es', 'fr'], 'es', ['en-US', 'es-MX'])).toBe('es');
  });

  it('matches the same language in the same script, not another script', () => {
    expect(chooseLanguage(['en', 'pt-PT'], 'en', ['pt-BR'])).toBe('pt-PT');
    expect(chooseLanguage(['en', 'zh-CN', 'zh-Hant'], 'en', ['zh-TW'])).toBe('zh-Hant');
    expect(chooseLanguage(['en', 'zh-CN'], 'en', ['zh-TW'])).toBe('en');
    expect(chooseLanguage(['en', 'es'], 'en', ['es-419'])).toBe('es');
  });

  it('keeps the creator’s own choice while it is offered, ignoring case', () => {
    expect(chooseLanguage(['en', 'fr'], 'en', ['en-US'], 'fr')).toBe('fr');
    expect(chooseLanguage(['en', 'fr-CA'], 'en', ['en-US'], 'FR-ca')).toBe('fr-CA');
    expect(chooseLanguage(['en', 'fr'], 'en', ['fr'], 'es')).toBe('fr');
  });

  it('survives tags the platform cannot read', () => {
    expect(chooseLanguage(['en', 'fr'], 'en', ['*', 'x-klingon', ''])).toBe('en');
  });
});
