import type { FieldConfig } from '../application/form-config-schema';
import { CheckboxField } from './checkbox-field';
import { ChoiceField } from './choice-field';
import { ConfigTextField } from './config-text-field';
import { PhoneField } from './phone-field';
import { PlatformPickerField } from './platform-picker-field';
import { YesNoField } from './yes-no-field';

/** Renders one configured field with the widget of its kind. */
export function FormFieldView({ field }: { field: FieldConfig }) {
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
  }
}
