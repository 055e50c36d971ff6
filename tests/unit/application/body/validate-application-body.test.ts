import { describe, expect, it } from 'vitest';
import { flattenApplication } from '../../../../src/application/body/flatten-application';
import { setPath } from '../../../../src/application/values/field-paths';
import { validateApplicationBody } from '../../../../src/application/body/validate-application-body';
import { completeValues, defaultProgramme } from '../../../fixtures/default-programme';

const body = () => flattenApplication({ ...completeValues(), agreement: true }, defaultProgramme.context.specs);

describe('validateApplicationBody', () => {
  it('accepts what the wizard sends for a complete application', () => {
    expect(validateApplicationBody(body(), defaultProgramme)).toEqual([]);
  });

  it('accepts a body whose follow-up is hidden, and refuses one without the required phone code', () => {
    const values = setPath(completeValues(), 'fields.single.children', { value: false, explanation: '' });
    expect(validateApplicationBody(flattenApplication(values, defaultProgramme.context.specs), defaultProgramme)).toEqual([]);
    const withoutPhone = flattenApplication(setPath(values, 'personalInfo.phone', { countryCode: '', subscriber: '' }), defaultProgramme.context.specs);
    expect(withoutPhone.personalInfo.phone).toBeUndefined();
    expect(validateApplicationBody(withoutPhone, defaultProgramme)).toEqual([{ path: 'personalInfo.phone.countryCode', message: 'phoneNumberNeedsCode' }]);
  });

  it('refuses with the messages the wizard shows', () => {
    const sent = body();
    sent.personalInfo.emailAddress = 'not an address';
    sent.fields = sent.fields.filter((entry) => entry.key !== 'timeframe');
    expect(validateApplicationBody(sent, defaultProgramme)).toEqual([
      { path: 'personalInfo.emailAddress', message: 'email' },
      { path: 'fields.single.timeframe', message: 'choose' },
    ]);
  });

  it('asks a revealed follow-up to be answered', () => {
    const sent = body();
    sent.fields = sent.fields.filter((entry) => entry.key !== 'children.explanation');
    expect(validateApplicationBody(sent, defaultProgramme)).toEqual([{ path: 'fields.single.children.explanation', message: 'explain' }]);
  });

  it('refuses a platform with a URL for a handle and a body without any filled platform', () => {
    const sent = body();
    sent.platforms = { instagram: { handle: 'https://instagram.com/ada', followers: '12' }, website: sent.platforms.website };
    expect(validateApplicationBody(sent, defaultProgramme).map((issue) => issue.path)).toEqual(['platforms.instagram.handle', 'platforms.filled']);
  });

  it.each([
    ['', null],
    ['', 42],
    ['', []],
    ['extra', { personalInfo: {}, platforms: {}, fields: [], extra: 1 }],
    ['personalInfo.firstName', { personalInfo: { firstName: 7 }, platforms: {}, fields: [] }],
    ['personalInfo.nickname', { personalInfo: { nickname: 'x' }, platforms: {}, fields: [] }],
    ['platforms.myspace', { personalInfo: {}, platforms: { myspace: {} }, fields: [] }],
    ['fields.0', { personalInfo: {}, platforms: {}, fields: [{ key: 'pets.value' }] }],
    ['fields.0.key', { personalInfo: {}, platforms: {}, fields: [{ key: 'favouriteColour', value: 'red' }] }],
    ['personalInfo.city', { personalInfo: { city: 'x'.repeat(5001) }, platforms: {}, fields: [] }],
  ])('refuses a malformed body at "%s"', (path, malformed) => {
    expect(validateApplicationBody(malformed, defaultProgramme).map((issue) => issue.path)).toContain(path);
  });

  it('refuses a question answered twice', () => {
    const sent = body();
    sent.fields.push({ key: 'pronouns', value: 'They/them' });
    expect(validateApplicationBody(sent, defaultProgramme)).toEqual([
      { path: `fields.${String(sent.fields.length - 1)}.key`, message: '"pronouns" is answered twice' },
    ]);
  });
});
