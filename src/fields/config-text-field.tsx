import { rulesFor } from '../application/rules/field-specs';
import type { TextFieldConfig } from '../application/rules/form-config-schema';
import { TextField } from './text-field';

/** A configured text field; `required` marks it for assistive tech (the schema does the checking). */
export function ConfigTextField({ field, required }: { field: TextFieldConfig; required?: boolean }) {
  return (
    <TextField
      name={field.path}
      label={field.label}
      hint={field.hint}
      type={field.inputType}
      multiline={field.multiline}
      autoComplete={field.autoComplete}
      inputMode={field.inputMode}
      placeholder={field.placeholder}
      required={required ?? rulesFor(field).includes('required')}
    />
  );
}
