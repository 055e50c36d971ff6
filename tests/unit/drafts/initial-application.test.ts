import { describe, expect, it } from 'vitest';
import { allStepsReached, initialApplication } from '../../../src/drafts/initial-application';
import { initialWizardState } from '../../../src/wizard/wizard-machine';
import { completeValues, defaultConfig, defaultProgramme } from '../../fixtures/default-programme';

const STEP_COUNT = defaultConfig().steps.length;
const restoredDraft = {
  kind: 'restored' as const,
  values: completeValues(),
  wizard: { current: 2, reached: [0, 1, 2] },
  dropped: [],
};

describe('allStepsReached', () => {
  it('is on the last step with every step reached', () => {
    expect(allStepsReached(4)).toEqual({ current: 3, reached: [0, 1, 2, 3] });
  });
});

describe('initialApplication', () => {
  it('after acceptance opens the last step with every step reached and blank values, even with a draft', () => {
    const initial = initialApplication(defaultProgramme, STEP_COUNT, restoredDraft, true);

    expect(initial).toEqual({
      values: defaultProgramme.emptyValues,
      wizard: { current: STEP_COUNT - 1, reached: [0, 1, 2, 3] },
      submitted: true,
      restored: false,
      notice: null,
      handedOver: null,
    });
  });

  it('opens a restored draft with its values and wizard state', () => {
    const initial = initialApplication(defaultProgramme, STEP_COUNT, restoredDraft, false);

    expect(initial).toEqual({
      values: completeValues(),
      wizard: { current: 2, reached: [0, 1, 2] },
      submitted: false,
      restored: true,
      notice: null,
      handedOver: null,
    });
  });

  it('after a corrupt draft opens a blank application at step 0 with a notice that it was set aside', () => {
    const initial = initialApplication(defaultProgramme, STEP_COUNT, { kind: 'corrupt', reason: 'the draft has no values' }, false);

    expect(initial.values).toEqual(defaultProgramme.emptyValues);
    expect(initial.wizard).toEqual(initialWizardState);
    expect(initial.restored).toBe(false);
    expect(initial.submitted).toBe(false);
    expect(initial.notice).toBe('draftUnreadable');
  });

  it('without a draft opens a blank application at step 0 without a notice', () => {
    const initial = initialApplication(defaultProgramme, STEP_COUNT, { kind: 'none' }, false);

    expect(initial).toEqual({
      values: defaultProgramme.emptyValues,
      wizard: { current: 0, reached: [0] },
      submitted: false,
      restored: false,
      notice: null,
      handedOver: null,
    });
  });
});
