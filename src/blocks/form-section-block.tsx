import type { FieldConfig } from '../application/rules/form-config-schema';
import { FormFieldView } from '../fields/form-field-view';
import '../styles/fields.css';
import '../styles/form.css';

/** The fields of a form section; loaded with the first step that has one, not with Welcome. */
export default function FormSectionFields({ fields }: { fields: readonly FieldConfig[] }) {
  return fields.map((field) => <FormFieldView key={'path' in field ? field.path : field.kind} field={field} />);
}
