import { describe, expect, it } from 'vitest';
import { stepPassesQuickly } from '../../../../src/application/rules/step-passes-quickly';
import { pathsOfStep } from '../../../../src/application/rules/validate-application';
import type { ApplicationValues } from '../../../../src/application/values/application-values';
import { setPath } from '../../../../src/application/values/field-paths';
import { completeValues, defaultProgramme } from '../../../fixtures/default-programme';

const context = defaultProgramme.context;
const noErrorShown = () => false;

/** The step's fields as the form reads them, then the quick check on them. */
function passes(values: ApplicationValues, step: number, showsError: (path: string) => boolean): boolean {
  return stepPassesQuickly(values, context, pathsOfStep(values, context, step), showsError);
}

describe('stepPassesQuickly', () => {
  it('passes a step whose answers are all valid and show no error', () => {
    expect(passes(completeValues(), 1, noErrorShown)).toBe(true);
    expect(passes(completeValues(), 2, noErrorShown)).toBe(true);
  });

  it('passes a step without fields, whatever the rest holds', () => {
    expect(passes(defaultProgramme.emptyValues, 0, noErrorShown)).toBe(true);
  });

  it('does not pass a step with a broken rule, so the full check shows it', () => {
    expect(passes(setPath(completeValues(), 'personalInfo.emailAddress', 'not an email'), 1, noErrorShown)).toBe(false);
    expect(passes(defaultProgramme.emptyValues, 1, noErrorShown)).toBe(false);
  });

  it("ignores other steps' problems: Basic Info passes while Details is blank", () => {
    const values = setPath(completeValues(), 'fields.single.timeframe', '');
    expect(passes(values, 2, noErrorShown)).toBe(false);
    expect(passes(values, 1, noErrorShown)).toBe(true);
  });

  it('does not pass while a field of the step still shows an error the full check would clear', () => {
    expect(passes(completeValues(), 1, (path) => path === 'personalInfo.firstName')).toBe(false);
  });

  it("an error shown on another step's field does not stop this one", () => {
    expect(passes(completeValues(), 1, (path) => path.startsWith('fields.single.niche'))).toBe(true);
  });
});
