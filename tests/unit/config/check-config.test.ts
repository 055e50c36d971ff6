import { describe, expect, it } from 'vitest';
import { checkConfigText, reportConfigCheck } from '../../../src/config/check-config';
import defaultConfigText from '../../../public/config.json?raw';

function edited(change: (config: Record<string, unknown>) => void): string {
  const config = JSON.parse(defaultConfigText) as Record<string, unknown>;
  change(config);
  return JSON.stringify(config);
}

describe('check-config', () => {
  it('passes the default programme', () => {
    const report = reportConfigCheck('public/config.json', checkConfigText(defaultConfigText), true);
    expect(report).toEqual({ lines: ['public/config.json: valid'], exitCode: 0 });
  });

  it('prints every error by its path and fails', () => {
    const text = edited((config) => {
      config.steps = 'four';
      config.lang = 'English please';
      delete config.redirectUrl;
    });
    const report = reportConfigCheck('c.json', checkConfigText(text), false);
    expect(report.exitCode).toBe(1);
    expect(report.lines).toEqual([
      'error   lang: expected a language tag such as "en" or "en-US"',
      'error   redirectUrl: expected a string, but it is missing',
      'error   steps: expected an array, got a string',
      'c.json: 3 errors, 0 warnings',
    ]);
  });

  it('warns on unknown keys without failing, and fails on them with --strict', () => {
    const text = edited((config) => {
      config.newerSetting = { enabled: true };
    });
    const check = checkConfigText(text);
    expect(check.errors).toEqual([]);
    const lenient = reportConfigCheck('c.json', check, false);
    expect(lenient.exitCode).toBe(0);
    expect(lenient.lines[0]).toMatch(/^warning newerSetting: unknown key/);
    expect(lenient.lines.at(-1)).toBe('c.json: valid with 1 warning');
    const strict = reportConfigCheck('c.json', check, true);
    expect(strict.exitCode).toBe(1);
    expect(strict.lines.at(-1)).toBe('c.json: 0 errors, 1 warning (--strict)');
  });

  it('fails on an unknown key that is a typo of a known one (key-typo-findings.test.ts has the rest)', () => {
    const text = edited((config) => {
      config.requestUrll = config.requestUrl;
      delete config.requestUrl;
    });
    const report = reportConfigCheck('c.json', checkConfigText(text), false);
    expect(report).toEqual({
      lines: ['error   requestUrll: unknown key; did you mean "requestUrl"? (the app would leave it out, and the setting with it)', 'c.json: 1 error, 0 warnings'],
      exitCode: 1,
    });
  });

  it('reports text that is not JSON as an error', () => {
    const check = checkConfigText('{ "title": ');
    expect(check.errors[0]?.message).toMatch(/^is not valid JSON/);
  });
});
