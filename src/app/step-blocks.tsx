import { memo, type ReactNode } from 'react';
import { BlockView } from '../blocks/block-view';
import type { BlockConfig, StepConfig } from '../config/config-schema';
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
 * elsewhere must not re-render them. The wizard's kept steps use KeptStepBlocks, which holds
 * each part back until it is live.
 */
export const StepBlocks = memo(function StepBlocks({ step, onReload, index }: StepBlocksProps) {
  return (
    <StepRegion step={step} index={index}>
      {step.blocks.map((block, blockIndex) => (
        <SafeBlock key={blockKey(block, blockIndex)} block={block} onReload={onReload} />
      ))}
    </StepRegion>
  );
});

/** The labelled group a step's blocks are drawn in. */
export function StepRegion({ step, index, children }: { step: StepConfig; index: number | undefined; children: ReactNode }) {
  return (
    <div className="step" aria-label={step.name} role="group" data-step={index}>
      {children}
    </div>
  );
}

/** A block behind its own error boundary. */
export function SafeBlock({ block, onReload }: { block: BlockConfig; onReload: () => void }) {
  return (
    <StepErrorBoundary onReload={onReload}>
      <BlockView block={block} />
    </StepErrorBoundary>
  );
}

/** A block's key among its step's blocks. */
export function blockKey(block: BlockConfig, blockIndex: number): string {
  return `${String(blockIndex)}-${block.component}`;
}
