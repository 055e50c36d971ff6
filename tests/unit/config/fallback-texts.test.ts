// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { fallbackTexts } from '../../../src/config/translated-config';

const programme = {
  lang: 'en',
  languages: ['en', 'ar', 'fr'],
  title: { en: 'Apply', ar: 'قدّم طلبك', fr: 'Postulez' },
  steps: [
    {
      blocks: [
        { label: { en: 'How did you hear about us?', fr: 'Comment nous avez-vous connus ?' }, hint: { en: 'Choose up to three.' } },
        { label: 'Written once, in no language in particular', hint: { en: ' ', ar: 'اختر' } },
      ],
    },
  ],
};

describe('fallbackTexts', () => {
  it('names each text an Arabic page shows in the default language, with that language', () => {
    expect([...fallbackTexts(programme, 'ar')]).toEqual([
      ['How did you hear about us?', 'en'],
      ['Choose up to three.', 'en'],
    ]);
  });

  it('follows each language on its own', () => {
    // A blank default is no text to mark.
    expect([...fallbackTexts(programme, 'fr')]).toEqual([['Choose up to three.', 'en']]);
  });

  it('is empty in the default language, in a language not offered, and for a programme in one language', () => {
    expect(fallbackTexts(programme, 'en').size).toBe(0);
    expect(fallbackTexts(programme, 'de').size).toBe(0);
    expect(fallbackTexts({ lang: 'en', title: 'Apply' }, 'ar').size).toBe(0);
  });
});
