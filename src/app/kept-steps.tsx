import { Activity } from 'react';
import type { StepConfig } from '../config/config-schema';
import { StepBlocks } from './step-blocks';
import { useLiveSteps } from './use-live-steps';

interface KeptStepsProps {
  steps: readonly StepConfig[];
  /** The steps drawn (stepsKeptRendered): reached ones and the one after the current one. */
  kept: readonly number[];
  current: number;
  /** Saves the draft, then reloads: offered when a block fails. */
  onReload: () => void;
}

/**
 * The wizard's kept steps. Only the current one shows; the others stay drawn, hidden (display:
 * none, out of the accessibility tree), so Continue and Back only switch which one shows. A
 * hidden step's effects wait in a hidden Activity until the browser is idle (useLiveSteps), then
 * run while it is still hidden, so showing it later mounts nothing.
 */
export function KeptSteps({ steps, kept, current, onReload }: KeptStepsProps) {
  const live = useLiveSteps(kept);
  return kept.map((index) => {
    const step = steps[index];
    return step ? (
      <Activity key={index} mode={index === current || live.has(index) ? 'visible' : 'hidden'}>
        <div className="step-slot" hidden={index !== current}>
          <StepBlocks index={index} step={step} onReload={onReload} />
        </div>
      </Activity>
    ) : null;
  });
}
