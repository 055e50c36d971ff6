// Every built-in catalogue says every text of the app, with the placeholders its key fills: a
// French page never falls back to an English sentence, and never shows "{count}" unfilled.
import { describe, expect, it } from 'vitest';
import type { Catalogue, MessageKey } from '../../../src/i18n/catalogue';
import { placeholdersOf } from '../../../src/i18n/format-message';
import { EN } from '../../../src/i18n/messages-en';
import { ES } from '../../../src/i18n/messages-es';
import { FR } from '../../../src/i18n/messages-fr';

const KEYS = Object.keys(EN).sort() as MessageKey[];
const OTHERS: Array<[string, Catalogue]> = [
  ['French', FR],
  ['Spanish', ES],
];

describe.each(OTHERS)('the %s catalogue', (_name, catalogue) => {
  it('has exactly the keys of the English one', () => {
    expect(Object.keys(catalogue).sort()).toEqual(KEYS);
  });

  it('fills the same placeholders as English in every message', () => {
    for (const key of KEYS) {
      expect([...placeholdersOf(catalogue[key])].sort(), key).toEqual([...placeholdersOf(EN[key])].sort());
    }
  });

  it('has plural forms exactly where English has them, each with its count', () => {
    for (const key of KEYS) {
      const message = catalogue[key];
      expect(typeof message, key).toBe(typeof EN[key]);
      if (typeof message !== 'string') expect(message.other, key).toContain('{count}');
    }
  });

  it('translates every sentence (only names, "No" and short words may read the same)', () => {
    const same = KEYS.filter((key) => JSON.stringify(catalogue[key]) === JSON.stringify(EN[key]));
    expect(
      same.every((key) => ['no'].includes(key)),
      same.join(', '),
    ).toBe(true);
  });
});
