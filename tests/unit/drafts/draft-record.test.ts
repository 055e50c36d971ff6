import { describe, expect, it } from 'vitest';
import { programmeFormOf } from '../../../src/config/programme-form-of';
import { createDraftRecord, restoreDraft, restoreValues, type RestoredDraft } from '../../../src/drafts/draft-record';
import { completeValues, defaultConfig, defaultProgramme } from '../../fixtures/default-programme';

const STEP_COUNT = defaultConfig().steps.length;

/** A record as it comes back from storage: plain JSON data. */
function storedRecord(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const record = createDraftRecord({ current: 2, reached: [0, 1, 2] }, completeValues(), 1_000);
  return { ...(JSON.parse(JSON.stringify(record)) as Record<string, unknown>), ...overrides };
}

/** Stored values as they may come back: any keys, any types. */
interface LooseValues {
  personalInfo: Record<string, unknown>;
  platforms: Record<string, unknown>;
  platformCards: unknown;
  fields: { single: Record<string, unknown> };
}

function storedValues(edit: (values: LooseValues) => void): Record<string, unknown> {
  const values = JSON.parse(JSON.stringify(completeValues())) as LooseValues;
  edit(values);
  return storedRecord({ values });
}

function restored(result: RestoredDraft): Extract<RestoredDraft, { kind: 'restored' }> {
  if (result.kind !== 'restored') throw new Error(`expected a restored draft, got ${JSON.stringify(result)}`);
  return result;
}

describe('createDraftRecord', () => {
  it('stamps the record with the time', () => {
    const wizard = { current: 1, reached: [0, 1] };
    const values = completeValues();

    expect(createDraftRecord(wizard, values, 1_234)).toEqual({
      savedAt: 1_234,
      wizard,
      values,
    });
  });
});

describe('restoreDraft', () => {
  it('gives back the saved values and wizard state, nothing dropped', () => {
    const result = restored(restoreDraft(storedRecord(), defaultProgramme, STEP_COUNT));

    expect(result.values).toEqual(completeValues());
    expect(result.wizard).toEqual({ current: 2, reached: [0, 1, 2] });
    expect(result.dropped).toEqual([]);
  });

  it('keeps the values of a draft an earlier version stored with a schema version and a fingerprint', () => {
    const result = restored(restoreDraft(storedRecord({ schemaVersion: 1, fingerprint: 'deadbeef' }), defaultProgramme, STEP_COUNT));

    expect(result.values).toEqual(completeValues());
    expect(result.dropped).toEqual([]);
  });

  it('drops values of fields the programme does not have, lists them, and keeps the rest', () => {
    const stored = storedValues((values) => {
      values.personalInfo.nickname = 'Countess';
      values.fields.single.oldQuestion = 'an answer to a question since removed';
      values.platforms.myspace = { handle: 'ada' };
    });

    const result = restored(restoreDraft(stored, defaultProgramme, STEP_COUNT));

    expect(result.dropped.toSorted()).toEqual(['fields.single.oldQuestion', 'personalInfo.nickname', 'platforms.myspace']);
    expect(result.values).toEqual(completeValues());
    expect(result.values.personalInfo).not.toHaveProperty('nickname');
    expect(result.values.fields.single).not.toHaveProperty('oldQuestion');
    expect(result.values.platforms).not.toHaveProperty('myspace');
  });

  it('drops values of the wrong type, lists them, and keeps the rest', () => {
    const stored = storedValues((values) => {
      values.personalInfo.firstName = 42;
      values.fields.single.windowTreatments = 'x';
      values.fields.single.children = 'yes';
    });

    const result = restored(restoreDraft(stored, defaultProgramme, STEP_COUNT));

    expect(result.dropped.toSorted()).toEqual(['fields.single.children', 'fields.single.windowTreatments', 'personalInfo.firstName']);
    const blank = defaultProgramme.emptyValues;
    expect(result.values.personalInfo.firstName).toBe(blank.personalInfo.firstName);
    expect(result.values.fields.single.windowTreatments).toEqual([]);
    expect(result.values.fields.single.children).toEqual(blank.fields.single.children);
    expect(result.values.personalInfo.lastName).toBe('Lovelace');
    expect(result.values.fields.single.niche).toEqual(['Home décor', 'DIY and renovation']);
    expect(result.values.fields.single.pets).toEqual({ value: false, explanation: '' });
  });

  it('fills questions the draft did not have yet with their blank answers, without listing them', () => {
    const stored = storedValues((values) => {
      delete values.fields.single.pets;
    });

    const result = restored(restoreDraft(stored, defaultProgramme, STEP_COUNT));

    expect(result.values.fields.single.pets).toEqual(defaultProgramme.emptyValues.fields.single.pets);
    expect(result.dropped).toEqual([]);
  });

  it('keeps only valid platform keys on the cards, each once', () => {
    const stored = storedValues((values) => {
      values.platformCards = ['youtube', 'myspace', 'youtube', 42, 'tiktok'];
    });

    const result = restored(restoreDraft(stored, defaultProgramme, STEP_COUNT));

    expect(result.values.platformCards).toEqual(['youtube', 'tiktok']);
  });

  it('does not bring back a card the creator removed when the programme requires none', () => {
    // The default programme opens the picker with an Instagram card, which may be removed or switched.
    expect(defaultProgramme.emptyValues.platformCards).toEqual(['instagram']);
    const stored = storedValues((values) => {
      values.platformCards = ['youtube'];
    });

    const result = restored(restoreDraft(stored, defaultProgramme, STEP_COUNT));

    expect(result.values.platformCards).toEqual(['youtube']);
  });

  it('always keeps a card for every platform the programme requires', () => {
    const required = programmeFormOf({ ...defaultConfig(), requiredPlatforms: ['instagram', 'youtube'] });
    const stored = storedValues((values) => {
      values.platformCards = ['tiktok', 'youtube'];
    });

    const result = restored(restoreDraft(stored, required, STEP_COUNT));

    expect(result.values.platformCards).toEqual(['instagram', 'tiktok', 'youtube']);
  });

  it('clamps the wizard step to the step count and marks every step up to it reached', () => {
    const result = restored(restoreDraft(storedRecord({ wizard: { current: 9, reached: [0, 17] } }), defaultProgramme, STEP_COUNT));

    expect(result.wizard).toEqual({ current: STEP_COUNT - 1, reached: [0, 1, 2, 3] });
  });

  it('fills the reached steps up to the current one when the record lists fewer', () => {
    const result = restored(restoreDraft(storedRecord({ wizard: { current: 2, reached: [] } }), defaultProgramme, STEP_COUNT));

    expect(result.wizard).toEqual({ current: 2, reached: [0, 1, 2] });
  });

  it('starts at step 0 when the wizard state is missing or not a number', () => {
    expect(restored(restoreDraft(storedRecord({ wizard: undefined }), defaultProgramme, STEP_COUNT)).wizard).toEqual({ current: 0, reached: [0] });
    expect(restored(restoreDraft(storedRecord({ wizard: { current: 'two', reached: 'all' } }), defaultProgramme, STEP_COUNT)).wizard).toEqual({
      current: 0,
      reached: [0],
    });
    expect(restored(restoreDraft(storedRecord({ wizard: { current: -3, reached: [] } }), defaultProgramme, STEP_COUNT)).wizard).toEqual({
      current: 0,
      reached: [0],
    });
  });

  it.each([
    ['a string', 'text'],
    ['a number', 42],
    ['an array', []],
    ['a record whose values are not an object', { values: 'x' }],
    ['a record without values', { schemaVersion: 1, wizard: { current: 1, reached: [0, 1] } }],
  ])('reports %s as corrupt with a reason, without throwing', (_, stored) => {
    const result = restoreDraft(stored, defaultProgramme, STEP_COUNT);

    expect(result.kind).toBe('corrupt');
    expect(result.kind === 'corrupt' ? result.reason : '').not.toBe('');
  });

  it.each([
    ['undefined', undefined],
    ['null', null],
  ])('reports %s as no draft', (_, stored) => {
    expect(restoreDraft(stored, defaultProgramme, STEP_COUNT)).toEqual({ kind: 'none' });
  });

  it('never throws on values of odd shapes', () => {
    const odd = [
      { values: { personalInfo: 'Ada', fields: [], platforms: 'instagram', platformCards: 'youtube' } },
      { values: { personalInfo: { phone: 5 }, fields: { single: null }, platforms: { instagram: 'ada' } } },
      { values: {}, wizard: { current: Number.NaN, reached: [Number.POSITIVE_INFINITY, null] } },
    ];

    for (const stored of odd) {
      expect(restoreDraft(stored, defaultProgramme, STEP_COUNT).kind).toBe('restored');
    }
  });
});

describe('restoreValues', () => {
  it('rebuilds a blank application from an empty stored object', () => {
    const dropped: string[] = [];

    expect(restoreValues(defaultProgramme.emptyValues, {}, dropped)).toEqual(defaultProgramme.emptyValues);
    expect(dropped).toEqual([]);
  });
});
