import type { InfoBoxBlockData } from '../config/content-block-schemas';
import { SafeHtml } from '../html/safe-html';

export function InfoBoxBlock({ data }: { data: InfoBoxBlockData }) {
  return (
    <aside className="block-info-box" aria-label={data.title}>
      {data.title ? <h2 className="block-info-box__title">{data.title}</h2> : null}
      <SafeHtml html={data.html} />
    </aside>
  );
}
