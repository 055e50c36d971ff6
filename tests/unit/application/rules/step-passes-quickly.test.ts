import { describe, expect, it } from 'vitest';
import { stepPassesQuickly } from '../../../../src/application/rules/step-passes-quickly';
import { setPath } from '../../../../src/application/values/field-paths';
import { completeValues, defaultProgramme } from '../../../fixtures/default-programme';

const context = defaultProgramme.context;
const noErrorShown = () => false;

describe('stepPassesQuickly', () => {
  it('passes a step whose answers are all valid and show no error', () => {
    expect(stepPassesQuickly(completeValues(), context, 1, noErrorShown)).toBe(true);
    expect(stepPassesQuickly(completeValues(), context, 2, noErrorShown)).toBe(true);
  });

  it('passes a step without fields, whatever the rest holds', () => {
    expect(stepPassesQuickly(defaultProgramme.emptyValues, context, 0, noErrorShown)).toBe(true);
  });

  it('does not pass a step with a broken rule, so the full check shows it', () => {
    expect(stepPassesQuickly(setPath(completeValues(), 'personalInfo.emailAddress', 'not an email'), context, 1, noErrorShown)).toBe(false);
    expect(stepPassesQuickly(defaultProgramme.emptyValues, context, 1, noErrorShown)).toBe(false);
  });

  it("ignores other steps' problems: Basic Info passes while Details is blank", () => {
    const values = setPath(completeValues(), 'fields.single.timeframe', '');
    expect(stepPassesQuickly(values, context, 2, noErrorShown)).toBe(false);
    expect(stepPassesQuickly(values, context, 1, noErrorShown)).toBe(true);
  });

  it('does not pass while a field of the step still shows an error the full check would clear', () => {
    expect(stepPassesQuickly(completeValues(), context, 1, (path) => path === 'personalInfo.firstName')).toBe(false);
  });

  it("an error shown on another step's field does not stop this one", () => {
    expect(stepPassesQuickly(completeValues(), context, 1, (path) => path.startsWith('fields.single.niche'))).toBe(true);
  });
});
