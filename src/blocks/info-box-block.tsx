import type { InfoBoxBlockData } from '../config/content-block-schemas';
import { ConfigWords, useForeignMarks } from '../fields/config-words';
import { SafeHtml } from '../html/safe-html';

export function InfoBoxBlock({ data }: { data: InfoBoxBlockData }) {
  return (
    <aside className="block-info-box" aria-label={data.title}>
      {data.title ? (
        <h2 className="block-info-box__title">
          <ConfigWords text={data.title} />
        </h2>
      ) : null}
      <SafeHtml html={data.html} {...useForeignMarks(data.html)} />
    </aside>
  );
}
