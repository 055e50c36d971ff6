import { lazy, Suspense } from 'react';
import type { FormSectionData } from '../application/rules/form-config-schema';

// The form widgets load on demand so the Welcome step never waits for them; the wizard
// preloads them when the browser is idle (see preloadFormSection). The section's title is
// not lazy: focus moves to it as soon as the step opens.
const loadFormSection = () => import('./form-section-block');
const FormSectionFields = lazy(loadFormSection);

/** Starts loading the form widgets ahead of the step that needs them. */
export function preloadFormSection(): void {
  void loadFormSection();
}

function SectionTitle({ level, text }: { level: 1 | 2; text: string }) {
  const Tag = level === 1 ? 'h1' : 'h2';
  return <Tag className={`form-section__title form-section__title--h${String(level)}`}>{text}</Tag>;
}

/** A titled group of form fields. */
export function LazyFormSectionBlock({ data }: { data: FormSectionData }) {
  return (
    <section className="form-section">
      {data.title ? <SectionTitle level={data.titleLevel ?? 2} text={data.title} /> : null}
      {data.description ? <p className="form-section__description">{data.description}</p> : null}
      <Suspense fallback={<p className="form-section__loading" role="status">Loading the form…</p>}>
        <FormSectionFields fields={data.fields} />
      </Suspense>
    </section>
  );
}
