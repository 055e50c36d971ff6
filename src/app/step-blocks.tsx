import type { Ref } from 'react';
import { BlockView } from '../blocks/block-view';
import type { StepConfig } from '../config/config-schema';
import { StepErrorBoundary } from './step-error-boundary';

interface StepBlocksProps {
  step: StepConfig;
  /** Saves the draft, then reloads: offered when a block fails. */
  onReload: () => void;
  ref?: Ref<HTMLDivElement>;
}

/** A step's configured blocks, each behind its own error boundary, in one labelled group. */
export function StepBlocks({ step, onReload, ref }: StepBlocksProps) {
  return (
    <div className="step" ref={ref} aria-label={step.name} role="group">
      {step.blocks.map((block, index) => (
        <StepErrorBoundary key={`${String(index)}-${block.component}`} onReload={onReload}>
          <BlockView block={block} />
        </StepErrorBoundary>
      ))}
    </div>
  );
}
