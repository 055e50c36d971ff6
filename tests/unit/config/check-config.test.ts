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

  it('warns on unknown keys inside the file without failing, and fails on them with --strict', () => {
    const text = edited((config) => {
      (config.logo as Record<string, unknown>).newerSetting = { enabled: true };
    });
    const check = checkConfigText(text);
    expect(check.errors).toEqual([]);
    const lenient = reportConfigCheck('c.json', check, false);
    expect(lenient.exitCode).toBe(0);
    expect(lenient.lines[0]).toMatch(/^warning logo.newerSetting: unknown key/);
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
      lines: [
        'error   requestUrll: unknown key; did you mean "requestUrl"? (the app would leave it out, and the setting with it)',
        'c.json: 1 error, 0 warnings',
      ],
      exitCode: 1,
    });
  });

  it('fails on a programme without requestUrl: the page would thank every creator and send nothing', () => {
    const text = edited((config) => {
      delete config.requestUrl;
    });
    const report = reportConfigCheck('c.json', checkConfigText(text), false);
    expect(report.exitCode).toBe(1);
    expect(report.lines[0]).toMatch(
      /^error {3}requestUrl: missing: the page would send applications nowhere and thank every creator; .*"requestUrl": null for a programme that sends nothing on purpose$/,
    );
    expect(report.lines.at(-1)).toBe('c.json: 1 error, 0 warnings');
  });

  it('passes a programme that sends nothing on purpose ("requestUrl": null)', () => {
    const text = edited((config) => {
      config.requestUrl = null;
    });
    expect(reportConfigCheck('c.json', checkConfigText(text), true)).toEqual({ lines: ['c.json: valid'], exitCode: 0 });
  });

  it('fails on requestUrl renamed, naming the key it stands for, once', () => {
    for (const name of ['submitUrl', 'url', 'endpoint']) {
      const text = edited((config) => {
        config[name] = config.requestUrl;
        delete config.requestUrl;
      });
      const report = reportConfigCheck('c.json', checkConfigText(text), false);
      expect(report, name).toEqual({
        lines: [
          `error   ${name}: unknown key; did you mean "requestUrl"? (the app would leave it out, and the setting with it)`,
          'c.json: 1 error, 0 warnings',
        ],
        exitCode: 1,
      });
    }
  });

  it('fails on any other unknown top-level key; one deeper in the file stays a warning', () => {
    const text = edited((config) => {
      config.colourScheme = 'dark';
      (config.logo as Record<string, unknown>).newerSetting = true;
    });
    const report = reportConfigCheck('c.json', checkConfigText(text), false);
    expect(report).toEqual({
      lines: [
        'error   colourScheme: unknown key: this build has no such setting, so the app would leave it out (remove it, or deploy the version that has it)',
        'warning logo.newerSetting: unknown key, left out (a typo, or a setting of a newer version)',
        'c.json: 1 error, 1 warning',
      ],
      exitCode: 1,
    });
  });

  it('reports text that is not JSON as an error', () => {
    const check = checkConfigText('{ "title": ');
    expect(check.errors[0]?.message).toMatch(/^is not valid JSON/);
  });
});
