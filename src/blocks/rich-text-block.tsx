import type * as z from 'zod/mini';
import type { richTextBlockData } from '../config/content-block-schemas';
import { SafeHtml } from '../html/safe-html';

export function RichTextBlock({ data }: { data: z.infer<typeof richTextBlockData> }) {
  return <SafeHtml className="block-rich-text" html={data.html} />;
}
