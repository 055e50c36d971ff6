import { act, render, type RenderResult } from '@testing-library/react';
import { useLayoutEffect, type ReactNode } from 'react';
import { FormProvider, type UseFormReturn } from 'react-hook-form';
import type { ApplicationValues } from '../../../src/application/values/application-values';
import type { FieldConfig } from '../../../src/application/rules/form-config-schema';
import type { ProgrammeForm } from '../../../src/application/rules/programme-form';
import { programmeFormOf } from '../../../src/config/programme-form-of';
import type { WizardConfig } from '../../../src/config/config-schema';
import { PendingInputsContext, type PendingInputs } from '../../../src/form/pending-inputs';
import { ProgrammeFormContext } from '../../../src/form/programme-form-context';
import { useApplicationForm } from '../../../src/form/use-application-form';
import { FormWords } from '../../../src/app/form-words';
import { defaultConfig, defaultProgramme } from '../../fixtures/default-programme';

type ApplicationForm = ReturnType<typeof useApplicationForm>;

/** What a test can do with the form behind the rendered widgets. */
export interface FormHarness {
  /** The react-hook-form instance (wrap calls that change state, such as setValue or reset, in act). */
  form: UseFormReturn<ApplicationValues>;
  programme: ProgrammeForm;
  pendingInputs: PendingInputs;
  /** What Continue does on a step: delivers held keystrokes, touches the step's fields, validates. */
  validateStep: (step: number) => Promise<boolean>;
  /** What the send does: waits for held inputs and files, checks everything, gives the body or null. */
  bodyToSend: () => ReturnType<ApplicationForm['bodyToSend']>;
  /** Asks every text field to deliver what it holds, as Continue and the page's save do. */
  flushAll: () => void;
}

interface RenderWithFormOptions {
  programme?: ProgrammeForm;
  initialValues?: ApplicationValues;
}

/** The providers the wizard puts around its steps (src/app/wizard-app.tsx), reporting the form after each render. */
function FormProviders({
  programme,
  initialValues,
  onRender,
  children,
}: {
  programme: ProgrammeForm;
  initialValues: ApplicationValues | undefined;
  onRender: (app: ApplicationForm) => void;
  children: ReactNode;
}) {
  const app = useApplicationForm(programme, initialValues);
  useLayoutEffect(() => {
    onRender(app);
  });
  return (
    <FormWords>
      <FormProvider {...app.form}>
        <PendingInputsContext.Provider value={app.pendingInputs}>
          <ProgrammeFormContext.Provider value={programme}>{children}</ProgrammeFormContext.Provider>
        </PendingInputsContext.Provider>
      </FormProvider>
    </FormWords>
  );
}

/** Renders widgets inside the app's form providers, for the default programme unless told otherwise. */
export function renderWithForm(ui: ReactNode, options: RenderWithFormOptions = {}): RenderResult & FormHarness {
  const programme = options.programme ?? defaultProgramme;
  let latest: ApplicationForm | null = null;
  const current = (): ApplicationForm => {
    if (!latest) throw new Error('The form has not rendered yet.');
    return latest;
  };
  const result = render(
    <FormProviders
      programme={programme}
      initialValues={options.initialValues}
      onRender={(app) => {
        latest = app;
      }}
    >
      {ui}
    </FormProviders>,
  );
  const app = current();
  return {
    ...result,
    form: app.form,
    programme,
    pendingInputs: app.pendingInputs,
    validateStep: (step) => act(() => current().validateStep(step)),
    bodyToSend: () => act(() => current().bodyToSend()),
    flushAll: () => {
      act(() => {
        current().pendingInputs.flushAll();
      });
    },
  };
}

/** A programme built from the default configuration after `edit` changes a copy of it. */
export function programmeWith(edit: (config: WizardConfig) => void): ProgrammeForm {
  const config = structuredClone(defaultConfig());
  edit(config);
  return programmeFormOf(config);
}

/** The configured field of a kind (and path, when given) in a programme, typed as that kind. */
export function configuredField<K extends FieldConfig['kind']>(
  kind: K,
  path?: string,
  programme: ProgrammeForm = defaultProgramme,
): Extract<FieldConfig, { kind: K }> {
  const found = programme.fieldsByStep
    .flat()
    .find((field): field is Extract<FieldConfig, { kind: K }> => field.kind === kind && (path === undefined || ('path' in field && field.path === path)));
  if (!found) throw new Error(`The programme has no ${kind} field${path ? ` at ${path}` : ''}.`);
  return found;
}

/** The step (index into the configuration's steps) whose form holds the field at `path`. */
export function stepOf(path: string, programme: ProgrammeForm = defaultProgramme): number {
  const step = programme.fieldsByStep.findIndex((fields) => fields.some((field) => 'path' in field && field.path === path));
  if (step < 0) throw new Error(`No step holds ${path}.`);
  return step;
}
