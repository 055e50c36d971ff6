import { lazy, Suspense, type ComponentType } from 'react';
import type { FieldConfig, FormSectionData } from '../application/rules/form-config-schema';
import { ConfigWords } from '../fields/config-words';
import { useMessages } from '../i18n/messages-context';

type FormSectionFieldsType = ComponentType<{ fields: readonly FieldConfig[] }>;

// The form widgets load on demand so the Welcome step never waits for them; the wizard
// preloads them when the browser is idle (see preloadFormSection). The section's title is
// not lazy: focus moves to it as soon as the step opens.
let loaded: FormSectionFieldsType | null = null;
const loadFormSection = () =>
  import('./form-section-block').then((module) => {
    loaded = module.default;
    return module;
  });
const LazyFormSectionFields = lazy(loadFormSection);

/** The class of the line a form section shows while its widgets load (pointing out problems waits for it to go). */
export const FORM_SECTION_LOADING_CLASS = 'form-section__loading';

/** Starts loading the form widgets ahead of the step that needs them. */
export function preloadFormSection(): void {
  void loadFormSection();
}

function SectionTitle({ level, text }: { level: 1 | 2; text: string }) {
  const Tag = level === 1 ? 'h1' : 'h2';
  return (
    <Tag className={`form-section__title form-section__title--h${String(level)}`}>
      <ConfigWords text={text} />
    </Tag>
  );
}

/** A titled group of form fields. */
export function LazyFormSectionBlock({ data }: { data: FormSectionData }) {
  // Once preloaded, the widgets render in the same pass as the step: React.lazy would still
  // suspend once, commit the loading line and draw the fields a render later.
  const Fields = loaded;
  const messages = useMessages();
  return (
    <section className="form-section">
      {data.title ? <SectionTitle level={data.titleLevel ?? 2} text={data.title} /> : null}
      {data.description ? (
        <p className="form-section__description">
          <ConfigWords text={data.description} />
        </p>
      ) : null}
      {Fields ? (
        <Fields fields={data.fields} />
      ) : (
        <Suspense
          fallback={
            <p className={FORM_SECTION_LOADING_CLASS} role="status">
              {messages.text('loadingForm')}
            </p>
          }
        >
          <LazyFormSectionFields fields={data.fields} />
        </Suspense>
      )}
    </section>
  );
}
