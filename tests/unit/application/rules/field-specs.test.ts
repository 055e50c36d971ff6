import { describe, expect, it } from 'vitest';
import { followUpsOf, isRequired } from '../../../../src/application/rules/field-specs';

describe('isRequired (one answer for every widget)', () => {
  it('follows the rules of the path, adjusted by the configuration', () => {
    expect(isRequired({ path: 'personalInfo.firstName' })).toBe(true);
    expect(isRequired({ path: 'personalInfo.firstName', required: false })).toBe(false);
    expect(isRequired({ path: 'fields.single.niche' })).toBe(true);
    expect(isRequired({ path: 'fields.single.pronouns' })).toBe(false);
    expect(isRequired({ path: 'personalInfo.countryCode' })).toBe(false);
    expect(isRequired({ path: 'personalInfo.provinceCode', required: true })).toBe(true);
  });

  it('takes a revealed follow-up as required unless it is configured otherwise', () => {
    const [explanation] = followUpsOf({ kind: 'yesNo', path: 'fields.single.usedBefore', label: 'Used before?' });
    expect(isRequired(explanation!)).toBe(true);
    const [optional] = followUpsOf({
      kind: 'yesNo',
      path: 'fields.single.usedBefore',
      label: 'Used before?',
      followUp: [{ kind: 'text', path: 'fields.single.usedBefore.where', label: 'Where?', required: false }],
    });
    expect(isRequired(optional!)).toBe(false);
  });
});
