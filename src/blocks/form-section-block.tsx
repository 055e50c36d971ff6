import type { FieldConfig } from '../application/rules/form-config-schema';
import { FormFieldView } from '../fields/form-field-view';
import { FieldGroup } from './field-group';
import { groupFields } from './group-fields';
import '../styles/fields.css';
import '../styles/form.css';

/** The fields of a form section; loaded with the first step that has one, not with Welcome. */
export default function FormSectionFields({ fields }: { fields: readonly FieldConfig[] }) {
  return groupFields(fields).map((group, index) => (
    <FieldGroup key={index} fields={group.length}>
      {group.map((field) => <FormFieldView key={'path' in field ? field.path : field.kind} field={field} />)}
    </FieldGroup>
  ));
}
