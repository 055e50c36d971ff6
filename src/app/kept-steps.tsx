import type { StepConfig } from '../config/config-schema';
import { KeptStepBlocks } from './kept-step-blocks';
import { useLiveParts } from './use-live-parts';

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
 * hidden step's fields and blocks wait in hidden Activities until the browser is idle
 * (useLiveParts), then their effects run while the step is still hidden, so showing it later
 * mounts nothing.
 */
export function KeptSteps({ steps, kept, current, onReload }: KeptStepsProps) {
  const live = useLiveParts(steps, kept, current);
  return kept.map((index) => {
    const step = steps[index];
    return step ? (
      <div key={index} className="step-slot" hidden={index !== current}>
        <KeptStepBlocks index={index} step={step} liveParts={live.get(index) ?? 0} onReload={onReload} />
      </div>
    ) : null;
  });
}
