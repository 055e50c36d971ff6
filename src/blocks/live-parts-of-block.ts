import type { BlockConfig } from '../config/config-schema';

/**
 * How many parts a block goes live in (wizard/live-parts.ts): a form section one field at a
 * time (a field with follow-up questions brings them along), any other block at once.
 */
export function livePartsOfBlock(block: BlockConfig): number {
  return block.component === 'FormSection' ? Math.max(1, block.data.fields.length) : 1;
}
