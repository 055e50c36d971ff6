import { Activity, memo } from 'react';
import { LiveFieldsContext } from '../blocks/live-fields-context';
import { livePartsOfBlock } from '../blocks/live-parts-of-block';
import type { StepConfig } from '../config/config-schema';
import { livePartsOfBlocks } from '../wizard/live-parts';
import { blockKey, SafeBlock, StepRegion } from './step-blocks';

interface KeptStepBlocksProps {
  step: StepConfig;
  /** The step's index, on the region, so the wizard finds the step on screen among those kept hidden. */
  index: number;
  /**
   * How many parts (a form section's fields, other blocks whole), from the top, are live
   * (use-live-parts.ts); the others wait in hidden Activities, drawn with their effects held back.
   */
  liveParts: number;
  /** Saves the draft, then reloads: offered when a block fails. */
  onReload: () => void;
}

/**
 * A kept step's blocks (StepBlocks), each in an Activity that is hidden until its first part is
 * live, a form section telling its fields how many of them are (LiveFieldsContext). Memoized: a
 * step change or a keystroke elsewhere re-renders a kept step only when more of it goes live.
 */
export const KeptStepBlocks = memo(function KeptStepBlocks({ step, index, liveParts, onReload }: KeptStepBlocksProps) {
  const liveOfBlocks = livePartsOfBlocks(liveParts, step.blocks.map(livePartsOfBlock));
  return (
    <StepRegion step={step} index={index}>
      {step.blocks.map((block, blockIndex) => {
        const live = liveOfBlocks[blockIndex] ?? 0;
        return (
          <Activity key={blockKey(block, blockIndex)} mode={live > 0 ? 'visible' : 'hidden'}>
            <LiveFieldsContext value={live}>
              <SafeBlock block={block} onReload={onReload} />
            </LiveFieldsContext>
          </Activity>
        );
      })}
    </StepRegion>
  );
});
