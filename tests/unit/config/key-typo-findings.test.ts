import { describe, expect, it } from 'vitest';
import { checkConfigText, reportConfigCheck } from '../../../src/config/check-config';
import { edited, errorsOf, sectionWith, type Config, type Field } from './edited-programme';

// An unknown key that is a typo of a known one fails the checker (src/config/key-typo-findings.ts):
// the app would leave it out, and the setting with it.

describe('key typo findings: a typo of a known key', () => {
  it('fails on `requestUrll`, naming the key it is a typo of, where it only warned', () => {
    const config = edited((c) => {
      c.requestUrll = c.requestUrl;
      delete c.requestUrl;
    });
    const check = checkConfigText(JSON.stringify(config));
    expect(check.errors).toEqual([{ path: 'requestUrll', message: expect.stringMatching(/^unknown key; did you mean "requestUrl"\?/) as string }]);
    expect(check.warnings).toEqual([]);
    const report = reportConfigCheck('c.json', check, false);
    expect(report.exitCode).toBe(1);
    expect(report.lines.at(-1)).toBe('c.json: 1 error, 0 warnings');
  });

  it('fails on a swap, a case slip, and typos in nested objects and fieldRules', () => {
    const config = edited((c) => {
      c.titel = c.title;
      c.redirectURL = '/x';
      (c.logo as Config).scr = '/logo.svg';
      c.fieldRules = { 'personalInfo.firstName': { maxLenght: 80 } };
      (sectionWith(c, 'personalInfo.city').fields[0] as Field).lable = 'Name';
    });
    expect(errorsOf(config).sort()).toEqual([
      expect.stringMatching(/^fieldRules\.personalInfo\.firstName\.maxLenght: unknown key; did you mean "maxLength"\?/),
      expect.stringMatching(/^logo\.scr: unknown key; did you mean "src"\?/),
      expect.stringMatching(/^redirectURL: unknown key; did you mean "redirectUrl"\?/),
      expect.stringMatching(/^steps\.1\.blocks\.0\.data\.fields\.0\.lable: unknown key; did you mean "label"\?/),
      expect.stringMatching(/^titel: unknown key; did you mean "title"\?/),
    ]);
  });

  it('keeps other unknown keys inside the file as warnings: a newer version may read them (top-level ones are errors: check-config.test.ts)', () => {
    const config = edited((c) => {
      (c.logo as Config).newerSetting = { enabled: true };
      (c.steps as Config[])[1]!.layout = 'wide';
    });
    const check = checkConfigText(JSON.stringify(config));
    expect(check.errors).toEqual([]);
    expect(check.warnings.map((warning) => warning.path).sort()).toEqual(['logo.newerSetting', 'steps.1.layout']);
  });
});
