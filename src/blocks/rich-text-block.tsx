import type { RichTextBlockData } from '../config/content-block-schemas';
import { useForeignMarks } from '../fields/config-words';
import { SafeHtml } from '../html/safe-html';

export function RichTextBlock({ data }: { data: RichTextBlockData }) {
  return <SafeHtml className="block-rich-text" html={data.html} {...useForeignMarks(data.html)} />;
}
