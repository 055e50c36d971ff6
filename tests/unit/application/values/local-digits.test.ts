import { describe, expect, it } from 'vitest';
import { localDigits, numberWriting } from '../../../../src/application/values/local-digits';

const NBSP = '\u00a0';
const NNBSP = '\u202f';

describe('numberWriting', () => {
  it.each([
    ['en', ',', '.'],
    ['en-CA', ',', '.'],
    ['fr', NNBSP, ','],
    ['fr-CA', NBSP, ','],
    ['es', '.', ','],
    ['es-MX', ',', '.'],
    ['de', '.', ','],
  ])('learns the grouping and decimal marks of %s from the platform', (locale, group, decimal) => {
    expect(numberWriting(locale)).toMatchObject({ group, decimal, primaryGroup: 3, secondaryGroup: 3, digits: null });
  });

  it('learns group sizes that are not threes (en-IN) and digits that are not ASCII (ar-EG)', () => {
    expect(numberWriting('en-IN')).toMatchObject({ primaryGroup: 3, secondaryGroup: 2 });
    expect(numberWriting('ar-EG').digits).toBe('٠١٢٣٤٥٦٧٨٩');
  });
});

describe('localDigits', () => {
  // What each language's creators type for twelve thousand, and what must be refused.
  const cases: Array<[locale: string, accepted: string[], refused: string[]]> = [
    ['en', ['12,000', '12 000', '1,234,567'], ['12.000', '12,00', '1,2345', '12.5', '12,000.5']],
    ['en-CA', ['12,000', '12 000', `12${NBSP}000`], ['12.000', '12,5']],
    ['fr', [`12${NNBSP}000`, `12${NBSP}000`, '12 000', `1${NNBSP}234${NNBSP}567`], ['12.000', '12,000', '12,5']],
    ['fr-CA', [`12${NBSP}000`, `12${NNBSP}000`, '12 000'], ['12.000', '12,000', '12,5']],
    ['es', ['12.000', '12 000', '1.000', '1.234.567'], ['12,000', '12,5']],
    ['es-MX', ['12,000', '12 000'], ['12.000', '12.5']],
    ['de', ['12.000', '12 000', '1.234.567'], ['12,000', '12,5']],
  ];

  describe.each(cases)('in %s', (locale, accepted, refused) => {
    it.each(accepted)('reads "%s" as digits', (typed) => {
      expect(localDigits(typed, locale)).toBe(typed.replace(/\D/g, ''));
    });

    it.each(refused)('refuses "%s": a decimal mark, or another language\'s grouping', (typed) => {
      expect(localDigits(typed, locale)).toBeNull();
    });

    it('keeps plain digits as they are, around spaces trimmed', () => {
      expect(localDigits('12000', locale)).toBe('12000');
      expect(localDigits(' 007 ', locale)).toBe('007');
    });

    it('refuses what is not a whole number: nothing, a sign, letters, misplaced or mixed marks', () => {
      for (const typed of ['', '   ', '-12', '+12', '12k', '12 000 people', '1 2 3', '12  000', ' 12 00', '12 000,000', '12,000 000', ',000', '000,']) {
        expect(localDigits(typed, locale), typed).toBeNull();
      }
    });
  });

  it('reads the groups a locale makes that are not threes, and its own digits', () => {
    expect(localDigits('12,34,567', 'en-IN')).toBe('1234567');
    expect(localDigits('1,234,567', 'en-IN')).toBeNull();
    expect(localDigits('١٢٬٠٠٠', 'ar-EG')).toBe('12000');
    expect(localDigits("12'000", 'de-CH')).toBe('12000');
    expect(localDigits('12’000', 'de-CH')).toBe('12000');
  });

  it('reads an unusable language tag as English', () => {
    expect(localDigits('12,000', 'en-a1')).toBe('12000');
    expect(localDigits('12.000', 'en-a1')).toBeNull();
  });
});
