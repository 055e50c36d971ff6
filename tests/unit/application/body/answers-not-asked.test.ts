import { describe, expect, it } from 'vitest';
import { answersNotAsked } from '../../../../src/application/body/answers-not-asked';
import { askedAnswers } from '../../../../src/application/body/asked-answers';
import { flattenApplication, type ApplicationBody } from '../../../../src/application/body/flatten-application';
import { unstorableText } from '../../../../src/application/body/unstorable-text';
import { validateApplicationBody } from '../../../../src/application/body/validate-application-body';
import type { FieldConfig } from '../../../../src/application/rules/form-config-schema';
import { programmeForm, type ProgrammeForm } from '../../../../src/application/rules/programme-form';
import type { ApplicationValues } from '../../../../src/application/values/application-values';
import { PERSONAL_INFO_TEXT_FIELDS, setPath } from '../../../../src/application/values/field-paths';
import { PLATFORM_KEYS } from '../../../../src/application/values/platforms';
import { parseConfigText } from '../../../../src/config/parse-config';
import { programmeFormOf } from '../../../../src/config/programme-form-of';
import { completeValues, defaultProgramme } from '../../../fixtures/default-programme';
import exampleText from '../../../../docs/examples/config.en-fr.json?raw';

const body = (): ApplicationBody => flattenApplication({ ...completeValues(), agreement: true }, defaultProgramme.context.specs);
const withField = (key: string, value: string): ApplicationBody => {
  const sent = body();
  sent.fields.push({ key, value });
  return sent;
};

/** A programme whose conditions chain: a hidden answer hides what depends on it. */
const chained: ProgrammeForm = programmeForm({
  fieldsByStep: [
    [
      { kind: 'yesNo', path: 'fields.single.a', label: 'A', followUp: [{ kind: 'text', path: 'fields.single.aDetail', label: 'A detail' }] },
      {
        kind: 'select',
        path: 'fields.single.b',
        label: 'B',
        options: [
          { name: 'x', value: 'x' },
          { name: 'y', value: 'y' },
        ],
        showOnCondition: { path: 'fields.single.a.value', equals: true },
      },
      { kind: 'text', path: 'fields.single.c', label: 'C', showOnCondition: { path: 'fields.single.b', equals: 'x' } },
      { kind: 'checkbox', path: 'fields.single.d', label: 'D', showOnCondition: { path: 'fields.single.c', equals: 'go' } },
      { kind: 'text', path: 'personalInfo.company', label: 'Company', showOnCondition: { path: 'fields.single.d', equals: true } },
      { kind: 'yesNo', path: 'fields.single.w', label: 'W', revealOn: 'no' },
      {
        kind: 'select',
        path: 'fields.single.many',
        label: 'Many',
        multiple: true,
        options: [
          { name: 'p', value: 'p' },
          { name: 'q', value: 'q' },
        ],
      },
    ] satisfies FieldConfig[],
  ],
});

function exampleProgramme(): ProgrammeForm {
  const parsed = parseConfigText(exampleText);
  if (!parsed.ok) throw new Error('docs/examples/config.en-fr.json is invalid');
  return programmeFormOf(parsed.config);
}

/** A small seeded generator (mulberry32), so a failure names the draft that made it. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A draft as a creator may leave it: any answer typed or not, follow-ups filled and then hidden, text with what no store keeps. */
function randomDraft(form: ProgrammeForm, next: () => number): ApplicationValues {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const text = () => pick(['', ' ', 'go', ' go ', 'x', 'Ada', 'Ada\u0000X', 'Ada\ud800', '\ufffe', 'a\u{10ffff}', 'No', 'Yes']);
  let values: ApplicationValues = form.emptyValues;
  for (const key of PERSONAL_INFO_TEXT_FIELDS) values = setPath(values, `personalInfo.${key}`, text());
  values = setPath(values, 'personalInfo.phone', { countryCode: pick(['', '1', '44\u0000']), subscriber: text() });
  for (const field of form.fieldsByStep.flat()) {
    if (!('path' in field) || !field.path.startsWith('fields.single.')) continue;
    if (field.kind === 'yesNo') values = setPath(values, field.path, { value: pick([true, false, null]), explanation: text() });
    else if (field.kind === 'checkbox') values = setPath(values, field.path, pick([true, false]));
    else if (field.kind === 'select') {
      const options = Array.isArray(field.options) ? field.options.map((option) => option.value) : ['US', 'CA'];
      values = setPath(values, field.path, field.multiple ? options.filter(() => next() < 0.5) : pick(['', ...options]));
    } else values = setPath(values, field.path, text());
    if (field.kind === 'yesNo') for (const followUp of field.followUp ?? []) values = setPath(values, followUp.path, text());
  }
  // An answer a draft kept from an older programme, which asks it no more.
  if (next() < 0.5) values = setPath(values, 'fields.single.askedNoMore', text());
  const platforms: ApplicationValues['platforms'] = {};
  for (const key of PLATFORM_KEYS)
    if (next() < 0.3) platforms[key] = key === 'website' ? { url: text(), monthlyTraffic: '12' } : { handle: text(), followers: '10' };
  return { ...values, platforms, platformCards: Object.keys(platforms) as ApplicationValues['platformCards'] };
}

describe('answersNotAsked', () => {
  it('finds nothing in what the page sends for a complete application', () => {
    expect(answersNotAsked(defaultProgramme, body())).toEqual([]);
  });

  it.each([
    ['children.bogus', 'x', 'fields.single.children'],
    ['children.__proto__', 'x', 'fields.single.children'],
    ['children.constructor', 'x', 'fields.single.children'],
    ['pronouns.sub', 'She/her', 'fields.single.pronouns'],
    ['website.explanation', 'a site', 'fields.single.website'],
    ['pets.explanation', 'A cat', 'fields.single.pets.explanation'],
  ])('refuses "%s" by the programme path of its question', (key, value, path) => {
    expect(answersNotAsked(defaultProgramme, withField(key, value))).toEqual([{ path, rule: 'not-asked', message: expect.any(String) as string }]);
  });

  it('names a key no question starts by its place in the body, never by the key', () => {
    const sent = withField('ada@example.com', 'x');
    const issues = answersNotAsked(defaultProgramme, sent);
    expect(issues).toEqual([{ path: `fields.${String(sent.fields.length - 1)}.key`, rule: 'not-asked', message: expect.any(String) as string }]);
    expect(JSON.stringify(issues)).not.toContain('ada@example.com');
    for (const key of ['__proto__', 'constructor', 'toString']) expect(answersNotAsked(defaultProgramme, withField(key, 'x'))).toHaveLength(1);
  });

  it('refuses a follow-up hidden by its answer and a personal detail hidden by a chain of conditions', () => {
    const shown = {
      personalInfo: { company: 'Acme' },
      platforms: {},
      fields: [
        { key: 'a.value', value: 'Yes' },
        { key: 'b', value: 'x' },
        { key: 'c', value: 'go' },
        { key: 'd', value: 'Yes' },
        { key: 'aDetail', value: 'why' },
      ],
    };
    expect(answersNotAsked(chained, shown)).toEqual([]);
    const hidden = {
      ...shown,
      fields: [
        { key: 'a.value', value: 'No' },
        { key: 'b', value: 'y' },
        { key: 'c', value: 'go' },
        { key: 'd', value: 'No' },
        { key: 'aDetail', value: 'why' },
        { key: 'w.value', value: 'Yes' },
        { key: 'w.explanation', value: 'w' },
      ],
    };
    expect(answersNotAsked(chained, hidden).map((issue) => issue.path)).toEqual([
      'fields.single.b',
      'fields.single.c',
      'fields.single.aDetail',
      'fields.single.w.explanation',
      'personalInfo.company',
    ]);
  });

  it('does not refuse an answer whose condition names an answer the page may have hidden and so not sent', () => {
    // b hidden on the page (a is No there) yet holding "x": the page shows and sends c. The body
    // carries no b, so it proves nothing about c's condition.
    expect(
      answersNotAsked(chained, {
        personalInfo: {},
        platforms: {},
        fields: [
          { key: 'a.value', value: 'No' },
          { key: 'c', value: 'text' },
        ],
      }),
    ).toEqual([]);
  });

  it('knows every answer key of a yes/no question, its follow-ups and the plain questions', () => {
    expect([...askedAnswers(chained).keys()].sort()).toEqual(['a.value', 'aDetail', 'b', 'c', 'd', 'many', 'w.explanation', 'w.value']);
  });

  it.each([
    ['the default programme', defaultProgramme],
    ['the English and French example', exampleProgramme()],
    ['a programme whose conditions chain', chained],
  ])('finds nothing the page sends from 1 000 random drafts of %s, nor text no store keeps', (_, form) => {
    const next = random(40);
    for (let draft = 0; draft < 1000; draft += 1) {
      const values = randomDraft(form, next);
      const sent = flattenApplication(values, form.context.specs, form.locale);
      const found = [...answersNotAsked(form, sent), ...unstorableText(sent, form)];
      if (found.length > 0) throw new Error(`draft ${String(draft)} sent ${JSON.stringify(sent)}: ${JSON.stringify(found)}`);
    }
  });
});

describe('unstorableText', () => {
  const receive = (sent: unknown) => validateApplicationBody(sent, defaultProgramme);

  it.each([
    [
      'NUL in a value',
      (sent: ApplicationBody) => {
        sent.personalInfo.firstName = 'Ada\u0000X';
      },
      'personalInfo.firstName',
    ],
    [
      'a lone surrogate',
      (sent: ApplicationBody) => {
        sent.personalInfo.firstName = 'Ada\ud800';
      },
      'personalInfo.firstName',
    ],
    [
      'a lone low surrogate',
      (sent: ApplicationBody) => {
        sent.personalInfo.city = '\udc00Portland';
      },
      'personalInfo.city',
    ],
    [
      'U+FDD0',
      (sent: ApplicationBody) => {
        sent.personalInfo.company = 'Acme\ufdd0';
      },
      'personalInfo.company',
    ],
    [
      'U+FFFE',
      (sent: ApplicationBody) => {
        sent.personalInfo.company = '\ufffe';
      },
      'personalInfo.company',
    ],
    [
      'U+10FFFF',
      (sent: ApplicationBody) => {
        sent.personalInfo.company = 'a\u{10ffff}';
      },
      'personalInfo.company',
    ],
    [
      'an answer',
      (sent: ApplicationBody) => {
        sent.fields.push({ key: 'pets.explanation', value: 'x\u0000' });
      },
      'fields.single.pets.explanation',
    ],
    [
      'a phone number',
      (sent: ApplicationBody) => {
        if (sent.personalInfo.phone) sent.personalInfo.phone.subscriber = '555\u0000';
      },
      'personalInfo.phone.subscriber',
    ],
    [
      'a platform',
      (sent: ApplicationBody) => {
        sent.platforms.instagram = { handle: 'ada\ud83d', followers: '1' };
      },
      'platforms.instagram.handle',
    ],
    [
      'a key',
      (sent: ApplicationBody) => {
        Object.assign(sent.personalInfo, { 'nick\u0000': 'x' });
      },
      'personalInfo',
    ],
  ])('refuses %s, naming where it is', (_, spoil, path) => {
    const sent = body();
    spoil(sent);
    expect(receive(sent)).toEqual([{ path, rule: 'unstorable-text', message: expect.any(String) as string }]);
  });

  it('names a made-up key as *, never as sent', () => {
    const sent = { ...body(), 'ada@example.com': { x: 'a\u0000' } };
    expect(receive(sent)).toEqual([{ path: '*.x', rule: 'unstorable-text', message: expect.any(String) as string }]);
  });

  it('names, in any refusal of the shape, a key that is not a plain name as *', () => {
    const sent = { ...body(), personalInfo: { ...body().personalInfo, 'ada@example.com': 'x', 'a\n2026-11-27T06:00:00.000Z received': 'y', nickname: 'z' } };
    expect(receive(sent).map((issue) => issue.path)).toEqual(['personalInfo.*', 'personalInfo.*', 'personalInfo.nickname']);
    expect(receive({ ...body(), 'line\nbreak': 1 }).map((issue) => issue.path)).toEqual(['*']);
    expect(receive({ ...body(), platforms: { 'x@y.z': {}, instagram: { handle: 'a', 'b c': 'd' } } }).map((issue) => issue.path)).toEqual([
      'platforms.*',
      'platforms.instagram.*',
    ]);
  });

  it('keeps a surrogate pair, an emoji and other text a store keeps', () => {
    const sent = body();
    sent.personalInfo.firstName = 'Ada 😀 é \ufeff\u200b';
    expect(receive(sent)).toEqual([]);
  });
});
