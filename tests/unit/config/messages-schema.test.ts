// config.json's `messages`: a programme's own words for the app's texts, checked by key and by
// the placeholders each key fills, and reported by path.
import { describe, expect, it } from 'vitest';
import defaultConfigText from '../../../public/config.json?raw';
import { parseConfig } from '../../../src/config/parse-config';

const withMessages = (messages: unknown) => ({ ...(JSON.parse(defaultConfigText) as Record<string, unknown>), messages });

describe('config.json messages', () => {
  it('takes words and plural forms by key', () => {
    const result = parseConfig(withMessages({ saved: 'Kept on this phone', problems: { one: 'One answer to check.', other: '{count} answers to check.' }, maxLength: 'At most {count} letters' }));
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.config.messages?.saved).toBe('Kept on this phone');
  });

  it('reports a key the app does not have, by its path', () => {
    const result = parseConfig(withMessages({ savd: 'Kept' }));
    expect(result.unknownKeys.map((problem) => problem.path)).toEqual(['messages.savd']);
  });

  it('refuses a message without a placeholder its key fills, in every form that must carry it', () => {
    for (const message of ['At most some letters', { one: 'At most one letter', other: 'At most a few letters' }]) {
      const result = parseConfig(withMessages({ maxLength: message }));
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.problems.map((problem) => problem.path)[0]).toMatch(/^messages\.maxLength/);
      if (!result.ok) expect(result.problems.map((problem) => problem.message).join(' ')).toContain('{count}');
    }
    expect(parseConfig(withMessages({ remove: 'Take out' })).ok).toBe(false);
  });

  it('refuses plural forms where the text has no count, and an empty message', () => {
    expect(parseConfig(withMessages({ saved: { other: 'Saved' } })).ok).toBe(false);
    expect(parseConfig(withMessages({ saved: '  ' })).ok).toBe(false);
  });
});
