import type * as z from 'zod/mini';
import type { headingBlockData } from '../config/content-block-schemas';

export function HeadingBlock({ data }: { data: z.infer<typeof headingBlockData> }) {
  const Tag = data.level === 1 ? 'h1' : data.level === 3 ? 'h3' : 'h2';
  return <Tag className={`block-heading block-heading--${Tag}`}>{data.text}</Tag>;
}
