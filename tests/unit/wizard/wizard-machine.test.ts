import { describe, expect, it, vi } from 'vitest';
import {
  advance,
  back,
  canGoBack,
  clampStep,
  continueActions,
  continueButtonText,
  goToStep,
  initialWizardState,
  runContinue,
  stepBarItems,
  type ContinueEffects,
} from '../../../src/wizard/wizard-machine';

const FOUR = 4;

describe('which step sends the application, for each number of steps and each skipLastStep', () => {
  const sends = (stepCount: number, skipLastStep: boolean) => {
    const steps = Array.from({ length: stepCount }, (_, step) => step).filter((step) => continueActions(step, stepCount, skipLastStep).includes('submit'));
    return steps.length === 0 ? null : steps;
  };

  it('is the one before the last, or the last with skipLastStep; with two steps and no skipLastStep, none', () => {
    expect(sends(2, false)).toBeNull();
    expect(sends(2, true)).toEqual([1]);
    expect(sends(3, false)).toEqual([1]);
    expect(sends(3, true)).toEqual([2]);
    expect(sends(4, false)).toEqual([2]);
    expect(sends(4, true)).toEqual([3]);
    expect(sends(6, false)).toEqual([4]);
    expect(sends(6, true)).toEqual([5]);
  });
});

describe('continueActions', () => {
  it('moves on from step 0 without validating', () => {
    expect(continueActions(0, FOUR, false)).toEqual(['advance']);
    expect(continueActions(0, FOUR, true)).toEqual(['advance']);
  });

  it('validates an intermediate step before moving on', () => {
    expect(continueActions(1, FOUR, false)).toEqual(['validate', 'advance']);
    expect(continueActions(1, FOUR, true)).toEqual(['validate', 'advance']);
  });

  it('submits on the second-to-last step and moves on only after', () => {
    expect(continueActions(2, FOUR, false)).toEqual(['validate', 'submit', 'advance']);
  });

  it('with skipLastStep, the second-to-last step only validates and moves on', () => {
    expect(continueActions(2, FOUR, true)).toEqual(['validate', 'advance']);
  });

  it('redirects straight away from the last step', () => {
    expect(continueActions(3, FOUR, false)).toEqual(['redirect']);
  });

  it('with skipLastStep, the last step validates, submits, then redirects', () => {
    expect(continueActions(3, FOUR, true)).toEqual(['validate', 'submit', 'redirect']);
  });

  it('a two-step wizard submits from its first step', () => {
    expect(continueActions(0, 2, false)).toEqual(['advance']);
    expect(continueActions(1, 2, false)).toEqual(['redirect']);
  });
});

describe('Back', () => {
  it('is not allowed on step 0', () => {
    expect(canGoBack({ current: 0, reached: [0] }, FOUR)).toBe(false);
    expect(back({ current: 0, reached: [0] }, FOUR).current).toBe(0);
  });

  it('goes one step down from an intermediate step', () => {
    const state = { current: 2, reached: [0, 1, 2] };
    expect(canGoBack(state, FOUR)).toBe(true);
    expect(back(state, FOUR)).toEqual({ current: 1, reached: [0, 1, 2] });
  });

  it('is not allowed on the last step', () => {
    const state = { current: 3, reached: [0, 1, 2, 3] };
    expect(canGoBack(state, FOUR)).toBe(false);
    expect(back(state, FOUR)).toBe(state);
  });
});

describe('reaching steps', () => {
  it('starts on step 0, reached once', () => {
    expect(initialWizardState).toEqual({ current: 0, reached: [0] });
  });

  it('adds a step to the reached ones the first time, and only then', () => {
    const first = advance(initialWizardState, FOUR);
    expect(first).toEqual({ current: 1, reached: [0, 1] });
    const again = advance(back(first, FOUR), FOUR);
    expect(again).toEqual({ current: 1, reached: [0, 1] });
  });

  it('never goes past the last step or below the first', () => {
    expect(goToStep(initialWizardState, 9, FOUR).current).toBe(3);
    expect(goToStep(initialWizardState, -2, FOUR).current).toBe(0);
  });

  it('clamps a step number to a whole index of an existing step', () => {
    expect(clampStep(2.7, FOUR)).toBe(2);
    expect(clampStep(7, FOUR)).toBe(3);
    expect(clampStep(-1, FOUR)).toBe(0);
  });
});

describe('stepBarItems', () => {
  it('marks the current step active and those before it completed', () => {
    expect(stepBarItems(['Welcome', 'Basic Info', 'Details', 'Creator Hub'], 2)).toEqual([
      { name: 'Welcome', active: false, completed: true },
      { name: 'Basic Info', active: false, completed: true },
      { name: 'Details', active: true, completed: false },
      { name: 'Creator Hub', active: false, completed: false },
    ]);
  });
});

describe('continueButtonText', () => {
  it('names Continue before the last step and Sign In on it, as catalogue keys', () => {
    expect(continueButtonText(0, FOUR)).toBe('continue');
    expect(continueButtonText(2, FOUR)).toBe('continue');
    expect(continueButtonText(3, FOUR)).toBe('signIn');
  });
});

describe('runContinue', () => {
  function effects(overrides: Partial<ContinueEffects> = {}) {
    return {
      validate: vi.fn(() => true),
      submit: vi.fn(() => Promise.resolve(true)),
      advance: vi.fn(),
      redirect: vi.fn(),
      ...overrides,
    };
  }

  it('runs every action in order when all succeed', async () => {
    const calls: string[] = [];
    const ok = await runContinue(['validate', 'submit', 'advance'], {
      validate: () => (calls.push('validate'), true),
      submit: () => (calls.push('submit'), Promise.resolve(true)),
      advance: () => void calls.push('advance'),
      redirect: () => void calls.push('redirect'),
    });
    expect(ok).toBe(true);
    expect(calls).toEqual(['validate', 'submit', 'advance']);
  });

  it('does not submit or move on when validation fails', async () => {
    const fx = effects({ validate: vi.fn(() => false) });
    expect(await runContinue(['validate', 'submit', 'advance'], fx)).toBe(false);
    expect(fx.submit).not.toHaveBeenCalled();
    expect(fx.advance).not.toHaveBeenCalled();
  });

  it('stays on the step when submission fails', async () => {
    const fx = effects({ submit: vi.fn(() => Promise.resolve(false)) });
    expect(await runContinue(['validate', 'submit', 'advance'], fx)).toBe(false);
    expect(fx.advance).not.toHaveBeenCalled();
  });

  it('with skipLastStep, does not redirect when the last submission fails', async () => {
    const fx = effects({ submit: vi.fn(() => Promise.resolve(false)) });
    expect(await runContinue(continueActions(3, FOUR, true), fx)).toBe(false);
    expect(fx.redirect).not.toHaveBeenCalled();
  });
});
