import { describe, expect, it } from 'vitest';
import { setPath } from '../../../../src/application/values/field-paths';
import { flattenApplication } from '../../../../src/application/body/flatten-application';
import { completeValues, defaultProgramme } from '../../../fixtures/default-programme';

const specs = defaultProgramme.context.specs;

describe('flattenApplication', () => {
  it('turns a complete application into the documented body', () => {
    expect(flattenApplication({ ...completeValues(), agreement: true }, specs)).toEqual({
      personalInfo: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        emailAddress: 'ada@example.com',
        phone: { countryCode: '1', subscriber: '5551234567' },
        addressFirstLine: '12 Analytical Row',
        addressSecondLine: '',
        city: 'Portland',
        zip: '97201',
        company: 'Ada at Home',
        provinceCode: 'OR',
        countryCode: 'US',
      },
      platforms: {
        instagram: { handle: 'ada.at.home', followers: '12000' },
        website: { url: 'https://ada.example.com', monthlyTraffic: '3000' },
      },
      fields: [
        { key: 'pronouns', value: 'She/her' },
        { key: 'windowTreatments', value: 'Shades, Shutters' },
        { key: 'roomPhotos', value: 'Two or three rooms' },
        { key: 'niche', value: 'Home décor, DIY and renovation' },
        { key: 'timeframe', value: 'In one to three months' },
        { key: 'mediaKit', value: 'https://ada.example.com/media-kit.pdf' },
        { key: 'usedBefore', value: 'No' },
        { key: 'website.value', value: 'Yes' },
        { key: 'workedWithOtherCompanies.value', value: 'No' },
        { key: 'currentWindowTreatments.value', value: 'Yes' },
        { key: 'currentWindowTreatments.explanation', value: 'Old vinyl blinds in the living room' },
        { key: 'children.value', value: 'Yes' },
        { key: 'children.explanation', value: 'Two, aged 4 and 7' },
        { key: 'pets.value', value: 'No' },
      ],
      files: [],
    });
  });

  it('leaves the phone out when both its parts are empty, and keeps it when one is given', () => {
    const noPhone = setPath(completeValues(), 'personalInfo.phone', { countryCode: '', subscriber: '' });
    expect(flattenApplication(noPhone, specs).personalInfo).not.toHaveProperty('phone');
    const codeOnly = setPath(completeValues(), 'personalInfo.phone', { countryCode: '44', subscriber: '' });
    expect(flattenApplication(codeOnly, specs).personalInfo.phone).toEqual({ countryCode: '44', subscriber: '' });
  });

  it('sends only platforms with a handle, or a url for the website', () => {
    const values = setPath(completeValues(), 'platforms', {
      instagram: { handle: 'ada', followers: '' },
      youtube: { handle: '', followers: '400' },
      website: { url: '', monthlyTraffic: '10' },
    });
    expect(flattenApplication(values, specs).platforms).toEqual({ instagram: { handle: 'ada' } });
  });

  it('never sends the agreement, platforms.filled, the cards or a hidden follow-up', () => {
    const values = setPath(setPath(completeValues(), 'fields.single.pets', { value: false, explanation: 'typed, then No' }), 'agreement', true);
    const body = flattenApplication(values, specs);
    const text = JSON.stringify(body);
    expect(text).not.toContain('agreement');
    expect(text).not.toContain('filled');
    expect(text).not.toContain('platformCards');
    expect(text).not.toContain('typed, then No');
  });

  it("drops the website's fields when the creator says they have no website", () => {
    const values = setPath(completeValues(), 'fields.single.website.value', false);
    const body = flattenApplication(values, specs);
    expect(body.platforms).not.toHaveProperty('website');
    expect(body.fields).toContainEqual({ key: 'website.value', value: 'No' });
  });

  it('trims what is sent', () => {
    const values = setPath(completeValues(), 'personalInfo.firstName', '  Ada ');
    expect(flattenApplication(values, specs).personalInfo.firstName).toBe('Ada');
  });
});
