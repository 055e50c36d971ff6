// A programme adding a language gives the app's texts only in that language: `"continue": { "ar":
// "…" }` in `messages`, the default language keeping the app's own words. docs/configuration.md
// said such a text is fine; the checker refused it ("messages.continue: expected a string, or an
// object, but it is missing", a line per text), since the default language's reading kept the key
// with nothing in it.
import { describe, expect, it } from 'vitest';
import defaultConfigText from '../../../public/config.json?raw';
import { checkConfigText, reportConfigCheck } from '../../../src/config/check-config';
import { parseConfig } from '../../../src/config/parse-config';
import { receiverRules } from '../../../src/config/receiver-rules';
import { inLanguage } from '../../../src/config/translated-config';

function programme(messages: unknown): Record<string, unknown> {
  return { ...(JSON.parse(defaultConfigText) as Record<string, unknown>), languages: ['en', 'ar'], messages };
}

describe('messages given only in a language the programme adds', () => {
  const messages = {
    continue: { ar: 'متابعة' },
    saved: { ar: 'محفوظ على هذا الهاتف' },
    problems: { ar: { one: 'إجابة واحدة للمراجعة.', other: '{count} إجابات للمراجعة.' } },
  };

  it('passes the checker, which warns of the texts still in English, and the receiver', () => {
    const text = JSON.stringify(programme(messages));
    const { lines, exitCode } = reportConfigCheck('config.json', checkConfigText(text), false);
    expect(exitCode).toBe(0);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^warning messages: \(ar\) \d+ of the app's \d+ own texts have no "ar" words/);
    expect(lines[1]).toBe('config.json: valid with 1 warning');
    expect(receiverRules(programme(messages)).ok).toBe(true);
  });

  it("reads as that language's words there, and as no message (the app's own) in the default language", () => {
    const arabic = parseConfig(inLanguage(programme(messages), 'ar'));
    const english = parseConfig(inLanguage(programme(messages), 'en'));
    expect(arabic.ok && arabic.config.messages).toEqual({
      continue: 'متابعة',
      saved: 'محفوظ على هذا الهاتف',
      problems: { one: 'إجابة واحدة للمراجعة.', other: '{count} إجابات للمراجعة.' },
    });
    expect(english.ok && english.config.messages).toEqual({});
  });

  it("still checks that language's words: a placeholder left out, a key the app does not have", () => {
    const report = reportConfigCheck(
      'config.json',
      checkConfigText(JSON.stringify(programme({ maxLength: { ar: 'حروف قليلة' }, savd: { ar: 'محفوظ' } }))),
      false,
    );
    expect(report.exitCode).toBe(1);
    expect(report.lines.filter((line) => line.startsWith('error'))).toEqual([
      expect.stringMatching(/^error {3}\(ar\) messages\.maxLength: must contain \{count\}/),
      expect.stringMatching(/^error {3}\(ar\) messages\.savd: not a text of the app/),
    ]);
  });
});
