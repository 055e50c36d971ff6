import type { HeadingBlockData } from '../config/content-block-schemas';
import { ConfigWords } from '../fields/config-words';

export function HeadingBlock({ data }: { data: HeadingBlockData }) {
  const Tag = data.level === 1 ? 'h1' : data.level === 3 ? 'h3' : 'h2';
  return (
    <Tag className={`block-heading block-heading--${Tag}`}>
      <ConfigWords text={data.text} />
    </Tag>
  );
}
