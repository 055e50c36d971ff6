import { lazy, memo, Suspense } from 'react';
import { useWatch } from 'react-hook-form';
import type { FieldConfig, FileFieldConfig } from '../application/rules/form-config-schema';
import { fileAnswerOf } from '../application/values/file-answer';
import { CheckboxField } from './checkbox-field';
import { ChoiceField } from './choice-field';
import { ConfigTextField } from './config-text-field';
import { OnceOnScreen } from './once-on-screen';
import { PhoneField } from './phone-field';
import { PlatformPickerField } from './platform-picker-field';
import { useFieldShown } from './use-field-shown';
import { YesNoField } from './yes-no-field';

// The file field and everything it needs (the worker that makes photos smaller, the uploads) in a
// chunk of their own, fetched when a file field is first on screen: a programme without one never loads them.
const FileField = lazy(() => import('../files/file-field').then((module) => ({ default: module.FileField })));

/**
 * The file field once its step shows (the step after the current one is built ahead, hidden), or
 * at once when the draft already holds files for it: their uploads go on from the field.
 */
function FileFieldOnScreen({ field }: { field: FileFieldConfig }) {
  const holdsFiles = fileAnswerOf(useWatch({ name: field.path })).length > 0;
  return (
    <OnceOnScreen now={holdsFiles}>
      <Suspense fallback={null}>
        <FileField field={field} />
      </Suspense>
    </OnceOnScreen>
  );
}

/** The answer whose conditions decide whether a field shows (its yes/no value for a question). */
function shownPathOf(field: FieldConfig): string | undefined {
  if (field.kind === 'phone' || field.kind === 'platforms') return undefined;
  return field.kind === 'yesNo' ? `${field.path}.value` : field.path;
}

/**
 * Renders one configured field with the widget of its kind, while its conditions hold.
 * Memoized (its configuration keeps one identity): a step goes live a field at a time
 * (app/use-live-parts.ts), and each time its section re-renders, which without this redrew every
 * field of the step, 200 times over for a step of 200.
 */
export const FormFieldView = memo(function FormFieldView({ field }: { field: FieldConfig }) {
  const shown = useFieldShown(shownPathOf(field));
  if (!shown) return null;
  switch (field.kind) {
    case 'text':
      return <ConfigTextField field={field} />;
    case 'select':
      return <ChoiceField field={field} />;
    case 'checkbox':
      return <CheckboxField name={field.path} label={field.label} html={field.html} hint={field.hint} />;
    case 'yesNo':
      return <YesNoField field={field} />;
    case 'phone':
      return <PhoneField field={field} />;
    case 'platforms':
      return <PlatformPickerField field={field} />;
    case 'file':
      return <FileFieldOnScreen field={field} />;
  }
});
