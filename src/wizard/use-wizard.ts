import { useCallback, useEffect, useRef, useState } from 'react';
import { analytics } from '../telemetry/analytics';
import {
  advance as advanceState,
  back as backState,
  canGoBack,
  continueActions,
  initialWizardState,
  runContinue,
  type WizardState,
} from './wizard-machine';

export interface WizardEffects {
  /** Marks the step's fields touched and says whether they are all valid. */
  validateStep(step: number): boolean | Promise<boolean>;
  /** Sends the application; resolves true once it is accepted. */
  submit(): Promise<boolean>;
  redirect(): void;
}

interface UseWizardOptions {
  stepCount: number;
  skipLastStep: boolean;
  programmeTitle: string;
  effects: WizardEffects;
  initialState?: WizardState;
}

/** Wires the pure wizard machine to React state; Continue runs the step's actions in order. */
export function useWizard({ stepCount, skipLastStep, programmeTitle, effects, initialState }: UseWizardOptions) {
  const [state, setState] = useState<WizardState>(initialState ?? initialWizardState);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const reported = useRef(new Set<number>());

  // "Step Reached" goes out once per step, the first time it is on screen.
  useEffect(() => {
    for (const step of state.reached) {
      if (reported.current.has(step)) continue;
      reported.current.add(step);
      analytics.track('Step Reached', { step, sync: programmeTitle, allStepsCount: stepCount });
    }
  }, [state.reached, programmeTitle, stepCount]);

  const next = useCallback(async (): Promise<boolean> => {
    // A second press while the first is still validating or sending must not send twice.
    if (busyRef.current) return false;
    busyRef.current = true;
    setBusy(true);
    try {
      return await runContinue(continueActions(state.current, stepCount, skipLastStep), {
        validate: () => effects.validateStep(state.current),
        submit: () => effects.submit(),
        advance: () => {
          setState((current) => advanceState(current, stepCount).state);
        },
        redirect: () => {
          effects.redirect();
        },
      });
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }, [effects, skipLastStep, state, stepCount]);

  const previous = useCallback(() => {
    setState((current) => backState(current, stepCount));
  }, [stepCount]);

  return { state, busy, canGoBack: canGoBack(state, stepCount), next, previous, setState };
}
