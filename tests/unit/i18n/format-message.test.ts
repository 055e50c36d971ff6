import { describe, expect, it } from 'vitest';
import { formatMessage, placeholdersOf } from '../../../src/i18n/format-message';
import { createMessages } from '../../../src/i18n/messages';
import { EN } from '../../../src/i18n/messages-en';
import { FR } from '../../../src/i18n/messages-fr';
import { ES } from '../../../src/i18n/messages-es';

describe('formatMessage', () => {
  it('picks the plural form the language gives a count: French says 0 and 1 in the singular, English only 1', () => {
    expect(formatMessage(EN.problems, { count: 1 }, 'en')).toBe('1 answer needs your attention.');
    expect(formatMessage(EN.problems, { count: 0 }, 'en')).toBe('0 answers need your attention.');
    expect(formatMessage(FR.problems, { count: 0 }, 'fr')).toBe('0 réponse demande votre attention.');
    expect(formatMessage(FR.problems, { count: 2 }, 'fr')).toBe('2 réponses demandent votre attention.');
    expect(formatMessage(ES.problems, { count: 1 }, 'es-MX')).toBe('1 respuesta necesita tu atención.');
  });

  it("writes numbers the language's way", () => {
    expect(formatMessage(EN.maxLength, { count: 12000 }, 'en')).toBe('Use at most 12,000 characters');
    // French groups thousands with a narrow no-break space.
    expect(formatMessage(FR.maxLength, { count: 12000 }, 'fr')).toBe('Saisissez au plus 12\u202f000 caractères');
  });

  it("falls back to `other` when the language's category is not given, and leaves an unfilled placeholder visible", () => {
    expect(formatMessage({ other: '{count} things' }, { count: 1 }, 'en')).toBe('1 things');
    expect(formatMessage('Remove {name}', {}, 'en')).toBe('Remove {name}');
  });

  it('lists the placeholders of every form', () => {
    expect([...placeholdersOf({ one: 'one {thing}', other: '{count} {thing}s' })].sort()).toEqual(['count', 'thing']);
  });
});

describe('createMessages', () => {
  it("says a rule's problem code in the language, with its bound", () => {
    const french = createMessages('fr-CA', FR);
    expect(french.problem('required')).toBe('Ce champ est obligatoire');
    expect(french.problem('maxLength:1')).toBe('Saisissez au plus 1 caractère');
    expect(french.problem('not a key')).toBe('not a key');
  });

  it("takes the programme's own words over the catalogue's", () => {
    const messages = createMessages('en', EN, {
      saved: 'Kept safe on this phone',
      problems: { one: 'One answer to check.', other: '{count} answers to check.' },
    });
    expect(messages.text('saved')).toBe('Kept safe on this phone');
    expect(messages.text('problems', { count: 3 })).toBe('3 answers to check.');
    expect(messages.text('saving')).toBe('Saving…');
  });
});
