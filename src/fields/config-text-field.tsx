import { isRequired } from '../application/rules/field-specs';
import type { TextFieldConfig } from '../application/rules/form-config-schema';
import { TextField } from './text-field';

/** A configured text field, marked required for assistive tech as its rules decide (the schema does the checking). */
export function ConfigTextField({ field }: { field: TextFieldConfig }) {
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
      required={isRequired(field)}
    />
  );
}
