import type * as z from 'zod/mini';
import type { noticeBlockData } from '../config/content-block-schemas';
import { SafeHtml } from '../html/safe-html';

export function NoticeBlock({ data }: { data: z.infer<typeof noticeBlockData> }) {
  return <SafeHtml className={`block-notice block-notice--${data.tone}`} html={data.html} />;
}
