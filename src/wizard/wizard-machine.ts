/**
 * The wizard's rules as plain data and functions: which step is shown, what Continue does on
 * each step, when Back is allowed, and what the step bar shows. No React, no browser.
 */

export interface WizardState {
  /** Index of the step on screen, starting at 0. */
  current: number;
  /** Steps that have been on screen at least once, in the order they were first reached. */
  reached: readonly number[];
}

/** One thing Continue does; they run in order and the first that fails stops the rest. */
export type ContinueAction = 'validate' | 'submit' | 'advance' | 'redirect';

export interface StepBarItem {
  name: string;
  active: boolean;
  completed: boolean;
}

export const initialWizardState: WizardState = { current: 0, reached: [0] };

function isLast(step: number, stepCount: number): boolean {
  return step >= stepCount - 1;
}

/**
 * What Continue does on `step`:
 * - step 0: moves on without validation;
 * - an intermediate step: validates and moves on;
 * - the second-to-last step: validates, submits and moves on (with `skipLastStep` the
 *   submission waits for the last step);
 * - the last step: redirects to the creator hub (with `skipLastStep` it validates and submits first).
 */
export function continueActions(step: number, stepCount: number, skipLastStep: boolean): ContinueAction[] {
  if (isLast(step, stepCount)) return skipLastStep ? ['validate', 'submit', 'redirect'] : ['redirect'];
  if (step === 0) return ['advance'];
  if (step === stepCount - 2 && !skipLastStep) return ['validate', 'submit', 'advance'];
  return ['validate', 'advance'];
}

/** Back is allowed above the first step and never from the last one (the application is sent by then). */
export function canGoBack(state: WizardState, stepCount: number): boolean {
  return state.current > 0 && !isLast(state.current, stepCount);
}

/** A step number as a whole index of an existing step (a stored or computed one may be neither). */
export function clampStep(step: number, stepCount: number): number {
  return Math.min(Math.max(0, Math.trunc(step)), stepCount - 1);
}

/** Moves to `step`, adding it to the reached steps the first time. */
export function goToStep(state: WizardState, step: number, stepCount: number): WizardState {
  const target = clampStep(step, stepCount);
  return { current: target, reached: state.reached.includes(target) ? state.reached : [...state.reached, target] };
}

export function advance(state: WizardState, stepCount: number): WizardState {
  return goToStep(state, state.current + 1, stepCount);
}

export function back(state: WizardState, stepCount: number): WizardState {
  return canGoBack(state, stepCount) ? { ...state, current: state.current - 1 } : state;
}

/** The step bar: every step by name, the current one active, the ones before it completed. */
export function stepBarItems(names: readonly string[], current: number): StepBarItem[] {
  return names.map((name, index) => ({ name, active: index === current, completed: index < current }));
}

export interface ContinueEffects {
  validate(): boolean | Promise<boolean>;
  submit(): boolean | Promise<boolean>;
  advance(): void;
  redirect(): void;
}

/** Runs Continue's actions in order; resolves false as soon as validation or submission fails. */
export async function runContinue(actions: readonly ContinueAction[], effects: ContinueEffects): Promise<boolean> {
  for (const action of actions) {
    switch (action) {
      case 'validate':
        if (!(await effects.validate())) return false;
        break;
      case 'submit':
        if (!(await effects.submit())) return false;
        break;
      case 'advance':
        effects.advance();
        break;
      case 'redirect':
        effects.redirect();
        break;
    }
  }
  return true;
}

/** The Continue button's words where the step names none (catalogue keys): Sign In on the last step, Continue before it. */
export function continueButtonText(step: number, stepCount: number): 'signIn' | 'continue' {
  return isLast(step, stepCount) ? 'signIn' : 'continue';
}
