import { describe, expect, it } from 'vitest';
import type { ApplicationValues } from '../../../../src/application/values/application-values';
import { buildApplicationSchema } from '../../../../src/application/rules/application-schema';
import { setPath } from '../../../../src/application/values/field-paths';
import { fieldSpecsOf } from '../../../../src/application/rules/field-specs';
import { pathsOfStep, validateApplication, type ValidationContext } from '../../../../src/application/rules/validate-application';
import { completeValues, defaultProgramme } from '../../../fixtures/default-programme';

const context = defaultProgramme.context;

function issuesOf(values: ApplicationValues, ctx: ValidationContext = context): Record<string, string> {
  return Object.fromEntries(validateApplication(values, ctx).map((issue) => [issue.path, issue.message]));
}

function change(path: string, value: unknown): ApplicationValues {
  return setPath(completeValues(), path, value);
}

describe('the default programme', () => {
  it('accepts a complete application', () => {
    expect(issuesOf(completeValues())).toEqual({});
  });

  it('reports every required field of a blank application with its message', () => {
    const issues = issuesOf(defaultProgramme.emptyValues);
    expect(issues).toMatchObject({
      'personalInfo.firstName': 'required',
      'personalInfo.lastName': 'required',
      'personalInfo.emailAddress': 'required',
      'personalInfo.phone.subscriber': 'phoneCodeNeedsNumber',
      'personalInfo.addressFirstLine': 'required',
      'personalInfo.city': 'required',
      'personalInfo.zip': 'required',
      'personalInfo.company': 'required',
      'platforms.filled': 'platformsFilled',
      'fields.single.website.value': 'choose',
      'fields.single.windowTreatments': 'choose',
      'fields.single.roomPhotos': 'choose',
      'fields.single.niche': 'choose',
      'fields.single.timeframe': 'choose',
      'fields.single.mediaKit': 'required',
      'fields.single.usedBefore': 'choose',
      'fields.single.workedWithOtherCompanies.value': 'choose',
      'fields.single.currentWindowTreatments.value': 'choose',
      'fields.single.children.value': 'choose',
      'fields.single.pets.value': 'choose',
    });
    // Optional: address line 2, state, pronouns; and nothing hidden is checked.
    expect(Object.keys(issues)).not.toEqual(
      expect.arrayContaining(['personalInfo.addressSecondLine', 'personalInfo.provinceCode', 'fields.single.pronouns', 'platforms.website.url']),
    );
  });

  it.each([
    ['personalInfo.firstName', '   ', 'notBlank'],
    ['personalInfo.lastName', ' ', 'notBlank'],
    ['personalInfo.addressFirstLine', '  ', 'notBlank'],
    ['personalInfo.city', '\t', 'notBlank'],
    ['personalInfo.company', '  ', 'notBlank'],
    ['personalInfo.emailAddress', 'ada@', 'email'],
    ['personalInfo.zip', 'ABC 123', 'zip'],
    ['personalInfo.phone.subscriber', '555-1234', 'digits'],
    ['platforms.website.url', 'my blog', 'url'],
    ['platforms.website.monthlyTraffic', 'lots', 'followers'],
    ['platforms.instagram.handle', 'https://instagram.com/ada', 'handle'],
    ['platforms.instagram.followers', '12k', 'followers'],
  ])('%s = %j fails with "%s"', (path, value, message) => {
    const issues = issuesOf(change(path, value));
    expect(issues[path]).toBe(message);
  });

  it('a phone number needs a country code, and a country code needs a number', () => {
    expect(issuesOf(change('personalInfo.phone.countryCode', ''))).toMatchObject({ 'personalInfo.phone.countryCode': 'phoneNumberNeedsCode' });
    expect(issuesOf(change('personalInfo.phone.countryCode', '  '))).toMatchObject({
      'personalInfo.phone.countryCode': 'notBlank',
    });
    expect(issuesOf(change('personalInfo.phone.subscriber', ''))).toMatchObject({ 'personalInfo.phone.subscriber': 'phoneCodeNeedsNumber' });
  });

  it('a follow-up is required only when the revealing answer is given', () => {
    const yes = setPath(completeValues(), 'fields.single.children', { value: true, explanation: '' });
    expect(issuesOf(yes)).toEqual({ 'fields.single.children.explanation': 'explain' });
    const no = setPath(completeValues(), 'fields.single.children', { value: false, explanation: '' });
    expect(issuesOf(no)).toEqual({});
  });

  it("the website's URL and traffic are required only when the creator has a website", () => {
    const withSite = setPath(change('platforms.website', {}), 'fields.single.website.value', true);
    expect(issuesOf(withSite)).toEqual({
      'platforms.website.url': 'required',
      'platforms.website.monthlyTraffic': 'required',
    });
    const withoutSite = setPath(change('platforms.website', { url: 'not a url' }), 'fields.single.website.value', false);
    expect(issuesOf(withoutSite)).toEqual({});
  });

  it('needs at least one platform with every field filled and valid', () => {
    expect(issuesOf(change('platforms.instagram', { handle: 'ada' }))).toEqual({ 'platforms.filled': 'platformsFilled' });
    expect(issuesOf(change('platforms.instagram', { handle: 'ada', followers: 'many' }))).toEqual({
      'platforms.instagram.followers': 'followers',
      'platforms.filled': 'platformsFilled',
    });
  });

  it('a required platform has its fields required', () => {
    const ctx = { ...context, requiredPlatforms: ['youtube' as const] };
    expect(issuesOf(completeValues(), ctx)).toEqual({
      'platforms.youtube.handle': 'required',
      'platforms.youtube.followers': 'required',
    });
  });

  it('applies configured bounds, wildcards included', () => {
    const ctx = { ...context, fieldRules: { 'personalInfo.firstName': { maxLength: 2 }, 'platforms.*.handle': { maxLength: 5 } } };
    expect(issuesOf(completeValues(), ctx)).toEqual({
      'personalInfo.firstName': 'maxLength:2',
      'platforms.instagram.handle': 'maxLength:5',
    });
  });

  it('a field shown on a condition is validated only while the condition holds', () => {
    const specs = fieldSpecsOf(
      [{ kind: 'text', path: 'fields.single.teamSize', label: 'Team size', showOnCondition: { path: 'fields.single.usedBefore', equals: 'Yes' } }],
      2,
    );
    const ctx = { ...context, specs: [...context.specs, ...specs] };
    expect(issuesOf(completeValues(), ctx)).toEqual({});
    expect(issuesOf(change('fields.single.usedBefore', 'Yes'), ctx)).toEqual({ 'fields.single.teamSize': 'required' });
  });
});

describe('pathsOfStep', () => {
  it('lists the fields Continue checks on each step, with the cards on screen', () => {
    const values = { ...completeValues(), platformCards: ['instagram' as const, 'tiktok' as const] };
    const basic = pathsOfStep(values, context, 1);
    expect(basic).toEqual(
      expect.arrayContaining([
        'personalInfo.firstName',
        'personalInfo.phone.countryCode',
        'personalInfo.phone.subscriber',
        'platforms.instagram.handle',
        'platforms.tiktok.followers',
        'platforms.filled',
        'fields.single.website.value',
        'platforms.website.url',
      ]),
    );
    expect(pathsOfStep(values, context, 0)).toEqual([]);
    expect(pathsOfStep(values, context, 2)).toContain('fields.single.pets.explanation');
  });
});

describe('buildApplicationSchema', () => {
  it('drives the same rules through zod, each issue at its path', () => {
    const schema = buildApplicationSchema(context);
    expect(schema.safeParse(completeValues()).success).toBe(true);
    const result = schema.safeParse(change('personalInfo.emailAddress', 'nope'));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['personalInfo.emailAddress', 'email']]);
  });
});
