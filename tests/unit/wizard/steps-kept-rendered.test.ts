import { describe, expect, it } from 'vitest';
import { stepsKeptRendered } from '../../../src/wizard/steps-kept-rendered';

describe('stepsKeptRendered', () => {
  it('keeps Welcome and the step after it on a first visit', () => {
    expect(stepsKeptRendered([0], 0, 4)).toEqual([0, 1]);
  });

  it('keeps every reached step and the one after the current step, in page order', () => {
    expect(stepsKeptRendered([0, 2, 1], 1, 5)).toEqual([0, 1, 2]);
    expect(stepsKeptRendered([0, 1, 2], 2, 5)).toEqual([0, 1, 2, 3]);
  });

  it('after Back keeps the steps ahead that were reached', () => {
    expect(stepsKeptRendered([0, 1, 2, 3], 1, 5)).toEqual([0, 1, 2, 3]);
  });

  it('adds nothing past the last step', () => {
    expect(stepsKeptRendered([0, 1, 2, 3], 3, 4)).toEqual([0, 1, 2, 3]);
  });

  it('always keeps the current step, even when it is not in the reached list', () => {
    expect(stepsKeptRendered([], 2, 4)).toEqual([2, 3]);
  });

  it('ignores steps outside the wizard', () => {
    expect(stepsKeptRendered([-1, 0, 7, 1.5], 0, 3)).toEqual([0, 1]);
  });
});
