import { Activity, useContext } from 'react';
import type { FieldConfig } from '../application/rules/form-config-schema';
import { FormFieldView } from '../fields/form-field-view';
import { FieldGroup } from './field-group';
import { FIELDS_PER_FORM_OWNER, groupFields } from './group-fields';
import { LiveFieldsContext } from './live-fields-context';
import '../styles/fields.css';
import '../styles/form.css';

/**
 * The fields of a form section; loaded with the first step that has one, not with Welcome.
 * Each field sits in an Activity, hidden until it is live (live-fields-context.ts): a wizard step
 * built ahead mounts its fields' effects one at a time while the browser is idle.
 */
export default function FormSectionFields({ fields }: { fields: readonly FieldConfig[] }) {
  const live = useContext(LiveFieldsContext);
  return groupFields(fields).map((group, groupIndex) => (
    <FieldGroup key={groupIndex} fields={group.length}>
      {group.map((field, indexInGroup) => (
        <Activity key={'path' in field ? field.path : field.kind} mode={groupIndex * FIELDS_PER_FORM_OWNER + indexInGroup < live ? 'visible' : 'hidden'}>
          <FormFieldView field={field} />
        </Activity>
      ))}
    </FieldGroup>
  ));
}
