import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { trackStepReached } from '../telemetry/analytics-events';
import {
  advance as advanceState,
  back as backState,
  canGoBack,
  continueActions,
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
  state: WizardState;
  setState: Dispatch<SetStateAction<WizardState>>;
  /** Steps whose "Step Reached" went out before (a restored draft's). */
  alreadyReported?: readonly number[];
  /** False while the wizard is built ahead, hidden: no step is on screen, so none is reported. */
  onScreen?: boolean;
}

/** Wires the pure wizard machine to React state; Continue runs the step's actions in order. */
export function useWizard({ stepCount, skipLastStep, programmeTitle, effects, state, setState, alreadyReported = [], onScreen = true }: UseWizardOptions) {
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const [reported] = useState(() => new Set<number>(alreadyReported));

  // "Step Reached" goes out once per step, the first time it is on screen.
  useEffect(() => {
    if (!onScreen) return;
    for (const step of state.reached) {
      if (reported.has(step)) continue;
      reported.add(step);
      trackStepReached(step, programmeTitle, stepCount);
    }
  }, [state.reached, programmeTitle, stepCount, reported, onScreen]);

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
          setState((current) => advanceState(current, stepCount));
        },
        redirect: () => {
          effects.redirect();
        },
      });
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }, [effects, setState, skipLastStep, state, stepCount]);

  const previous = useCallback(() => {
    setState((current) => backState(current, stepCount));
  }, [setState, stepCount]);

  return { busy, canGoBack: canGoBack(state, stepCount), next, previous };
}
