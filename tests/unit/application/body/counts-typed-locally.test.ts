import { describe, expect, it } from 'vitest';
import { flattenApplication } from '../../../../src/application/body/flatten-application';
import { validateApplication } from '../../../../src/application/rules/validate-application';
import type { ApplicationValues } from '../../../../src/application/values/application-values';
import { programmeFormOf } from '../../../../src/config/programme-form-of';
import { receiverRules } from '../../../../src/config/receiver-rules';
import { completeValues, defaultConfig } from '../../../fixtures/default-programme';

/**
 * The client reads counts typed the page's way and sends them as digits; the receiver, which
 * runs the same rules on what was sent, takes digits only. These prove the two agree.
 */

const NBSP = '\u00a0';
const NNBSP = '\u202f';

const FOLLOWERS = 'platforms.instagram.followers';
const TRAFFIC = 'platforms.website.monthlyTraffic';

/** The issues of the two counts, leaving out "Fill at least one platform", which follows from them. */
function countIssues(issues: Array<{ path: string; message: string }>) {
  return issues.filter((issue) => issue.path === FOLLOWERS || issue.path === TRAFFIC);
}

function configIn(lang: string) {
  return { ...defaultConfig(), lang };
}

function valuesWithCounts(followers: string, traffic: string): ApplicationValues {
  const values = { ...completeValues(), agreement: true };
  return { ...values, platforms: { instagram: { handle: 'ada.at.home', followers }, website: { url: 'https://ada.example.com', monthlyTraffic: traffic } } };
}

const typedTwelveThousand: Array<[locale: string, typed: string[]]> = [
  ['en', ['12,000', '12 000']],
  ['en-CA', ['12,000', `12${NBSP}000`]],
  ['fr', [`12${NNBSP}000`, `12${NBSP}000`, '12 000']],
  ['fr-CA', [`12${NBSP}000`, '12 000']],
  ['es', ['12.000', '12 000']],
  ['es-MX', ['12,000', '12 000']],
  ['de', ['12.000', '12 000']],
];

describe.each(typedTwelveThousand)('counts typed in %s', (locale, typedForms) => {
  const programme = programmeFormOf(configIn(locale));
  const receiver = receiverRules(configIn(locale));
  if (!receiver.ok) throw new Error(JSON.stringify(receiver.problems));

  it.each(typedForms)('accepts "%s", sends "12000", and the receiver accepts what was sent', (typed) => {
    const values = valuesWithCounts(typed, typed);
    expect(validateApplication(values, programme.context)).toEqual([]);
    const body = flattenApplication(values, programme.context.specs, programme.locale);
    expect(body.platforms.instagram?.followers).toBe('12000');
    expect(body.platforms.website?.monthlyTraffic).toBe('12000');
    expect(receiver.validate(body)).toEqual([]);
  });

  it('refuses a fraction or a guess with the message shown before, on both sides', () => {
    const decimal = new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')!.value;
    const values = valuesWithCounts(`12${decimal}5`, '12k');
    expect(countIssues(validateApplication(values, programme.context))).toEqual([
      { path: FOLLOWERS, message: 'followers' },
      { path: TRAFFIC, message: 'followers' },
    ]);
  });

  it('has the receiver refuse a body holding a count as typed, which the wizard never sends', () => {
    const body = flattenApplication(valuesWithCounts('12000', '12000'), programme.context.specs, programme.locale);
    body.platforms.instagram = { handle: 'ada.at.home', followers: typedForms[0]! };
    expect(countIssues(receiver.validate(body))).toEqual([{ path: FOLLOWERS, message: 'Enter a valid number' }]);
  });
});

describe('counts in one language, refused in another', () => {
  it('refuses "12.000" on an English page and "12,000" on a French one', () => {
    const english = programmeFormOf(configIn('en'));
    const french = programmeFormOf(configIn('fr'));
    expect(countIssues(validateApplication(valuesWithCounts('12.000', '3000'), english.context))).toEqual([{ path: FOLLOWERS, message: 'followers' }]);
    expect(countIssues(validateApplication(valuesWithCounts('12,000', '3000'), french.context))).toEqual([{ path: FOLLOWERS, message: 'followers' }]);
  });

  it('keeps the phone number digits only, whatever the language', () => {
    const french = programmeFormOf(configIn('fr'));
    const values = valuesWithCounts('12000', '3000');
    values.personalInfo.phone = { countryCode: '1', subscriber: `555${NBSP}123` };
    expect(validateApplication(values, french.context)).toEqual([{ path: 'personalInfo.phone.subscriber', message: 'digits' }]);
  });
});
