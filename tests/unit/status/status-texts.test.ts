// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { STATUS_EN } from '../../../src/i18n/status-messages-en';
import { STATUS_ES } from '../../../src/i18n/status-messages-es';
import { STATUS_FR } from '../../../src/i18n/status-messages-fr';
import { placeholdersOf } from '../../../src/i18n/format-message';
import { statusWords } from '../../../src/status/status-texts';

const statusTexts = (language: string, overrides?: Record<string, unknown>) => statusWords(language, overrides).text;

describe('statusTexts: the status page’s words', () => {
  it('in the built-in language of a tag, English for one the app does not speak', () => {
    expect(statusTexts('fr-CA')('statusCheckAgain')).toBe(STATUS_FR.statusCheckAgain);
    expect(statusTexts('es')('statusCheckAgain')).toBe(STATUS_ES.statusCheckAgain);
    expect(statusTexts('ar')('statusCheckAgain')).toBe(STATUS_EN.statusCheckAgain);
  });

  it('the programme’s own words first, placeholders filled', () => {
    const text = statusTexts('ar', { statusLastChecked: 'آخر تحقق {moment}', statusNow: '  ', other: 'x' });
    expect(text('statusLastChecked', { moment: 'الآن' })).toBe('آخر تحقق الآن');
    expect(text('statusNow')).toBe(STATUS_EN.statusNow);
  });

  it('says which words are not in the page’s language: English where neither the programme nor a catalogue has them', () => {
    const arabic = statusWords('ar', { statusTitle: 'أين وصل طلبك' });
    expect(arabic.languageOf('statusTitle')).toBe('ar');
    expect(arabic.languageOf('statusCheckAgain')).toBe('en');
    expect(statusWords('fr-CA').languageOf('statusCheckAgain')).toBe('fr-CA');
    expect(statusWords('en').languageOf('statusCheckAgain')).toBe('en');
  });

  it('every catalogue has every key, with the same placeholders', () => {
    for (const catalogue of [STATUS_FR, STATUS_ES]) {
      expect(Object.keys(catalogue).sort()).toEqual(Object.keys(STATUS_EN).sort());
      for (const [key, english] of Object.entries(STATUS_EN))
        expect(placeholdersOf(catalogue[key as keyof typeof STATUS_EN]), key).toEqual(placeholdersOf(english));
    }
  });
});
