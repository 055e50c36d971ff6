import { memo } from 'react';
import { BlockView } from '../blocks/block-view';
import type { StepConfig } from '../config/config-schema';
import { StepErrorBoundary } from './step-error-boundary';

interface StepBlocksProps {
  step: StepConfig;
  /** Saves the draft, then reloads: offered when a block fails. */
  onReload: () => void;
  /** The step's index, on the region, so the wizard finds the step on screen among those kept hidden. */
  index?: number | undefined;
}

/**
 * A step's configured blocks, each behind its own error boundary, in one labelled group.
 * Memoized: the wizard keeps reached steps drawn (hidden), and a step change or a keystroke
 * elsewhere must not re-render them.
 */
export const StepBlocks = memo(function StepBlocks({ step, onReload, index }: StepBlocksProps) {
  return (
    <div className="step" aria-label={step.name} role="group" data-step={index}>
      {step.blocks.map((block, blockIndex) => (
        <StepErrorBoundary key={`${String(blockIndex)}-${block.component}`} onReload={onReload}>
          <BlockView block={block} />
        </StepErrorBoundary>
      ))}
    </div>
  );
});
