import type { ComponentType } from 'react';
import type { BlockConfig, BlockName } from '../config/config-schema';
import { HeadingBlock } from './heading-block';
import { InfoBoxBlock } from './info-box-block';
import { LazyFormSectionBlock } from './lazy-form-section-block';
import { NoticeBlock } from './notice-block';
import { RichTextBlock } from './rich-text-block';

type BlockComponents = { [Name in BlockName]: ComponentType<{ data: Extract<BlockConfig, { component: Name }>['data'] }> };

/** The component that renders each configured block kind; the config schema lists the same names. */
const blockComponents: BlockComponents = {
  Heading: HeadingBlock,
  RichText: RichTextBlock,
  InfoBox: InfoBoxBlock,
  Notice: NoticeBlock,
  FormSection: LazyFormSectionBlock,
};

export function BlockView({ block }: { block: BlockConfig }) {
  // The schema pairs each component name with its data, so this lookup is sound.
  const Component = blockComponents[block.component] as ComponentType<{ data: BlockConfig['data'] }>;
  return <Component data={block.data} />;
}
