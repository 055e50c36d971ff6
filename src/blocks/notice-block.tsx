import type { NoticeBlockData } from '../config/content-block-schemas';
import { useForeignMarks } from '../fields/config-words';
import { SafeHtml } from '../html/safe-html';

export function NoticeBlock({ data }: { data: NoticeBlockData }) {
  return <SafeHtml className={`block-notice block-notice--${data.tone}`} html={data.html} {...useForeignMarks(data.html)} />;
}
