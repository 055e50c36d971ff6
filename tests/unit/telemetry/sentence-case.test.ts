import { describe, expect, it } from 'vitest';
import { sentenceCaseProperties, toSentenceCase } from '../../../src/telemetry/sentence-case';

describe('toSentenceCase', () => {
  it.each([
    ['allStepsCount', 'All steps count'],
    ['step', 'Step'],
    ['sync', 'Sync'],
    ['programme_title', 'Programme title'],
    ['total-steps', 'Total steps'],
    ['HTMLSource', 'Html source'],
    ['step2Name', 'Step2 name'],
    ['Already sentence', 'Already sentence'],
  ])('turns %s into %s', (name, expected) => {
    expect(toSentenceCase(name)).toBe(expected);
  });
});

describe('sentenceCaseProperties', () => {
  it('renames every property and keeps the values', () => {
    expect(sentenceCaseProperties({ step: 2, sync: 'Hartwell Creators', allStepsCount: 4 })).toEqual({
      Step: 2,
      Sync: 'Hartwell Creators',
      'All steps count': 4,
    });
  });
});
