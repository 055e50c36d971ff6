import { useController, useFormContext } from 'react-hook-form';
import type { TextFieldConfig, YesNoFieldConfig } from '../application/rules/form-config-schema';
import { followUpsOf } from '../application/rules/field-specs';
import { useMessages } from '../i18n/messages-context';
import { describedBy, FieldError, FieldHint } from './field-error';
import { fieldId } from './field-id';
import { ConfigTextField } from './config-text-field';
import { useFieldShown } from './use-field-shown';
import { ConfigWords } from './config-words';

/** A follow-up box, on screen only while its question's reveal (and its own condition) holds. */
function FollowUp({ field }: { field: TextFieldConfig }) {
  const shown = useFieldShown(field.path);
  return shown ? <ConfigTextField field={field} /> : null;
}

/**
 * A yes/no question as two radio buttons; the revealing answer shows the follow-up boxes,
 * which are required only then (hidden ones are neither validated nor sent).
 */
export function YesNoField({ field: config }: { field: YesNoFieldConfig }) {
  const valuePath = `${config.path}.value`;
  const messages = useMessages();
  const followUps = followUpsOf(config, messages.text('explainLabel'));
  const { field, fieldState } = useController({ name: valuePath });
  const { clearErrors } = useFormContext();
  const id = fieldId(valuePath);
  const error = fieldState.error?.message;
  const choices = [
    { value: true, label: config.yesLabel ?? messages.text('yes') },
    { value: false, label: config.noLabel ?? messages.text('no') },
  ];
  return (
    <div className="field field--yes-no">
      <fieldset className="yes-no" aria-describedby={describedBy(id, config.hint, error)}>
        <legend className="field__label">
          <ConfigWords text={config.label} />
        </legend>
        <FieldHint id={id} text={config.hint} />
        <div className="yes-no__choices">
          {choices.map((choice, index) => (
            <label key={choice.label} className="yes-no__choice">
              <input
                type="radio"
                name={valuePath}
                className="yes-no__input"
                ref={index === 0 ? field.ref : undefined}
                checked={field.value === choice.value}
                onChange={() => {
                  field.onChange(choice.value);
                  // A follow-up starts fresh each time it is revealed: no error before it is touched.
                  clearErrors(followUps.map((followUp) => followUp.path));
                }}
                onBlur={field.onBlur}
              />
              <span>{choice.label}</span>
            </label>
          ))}
        </div>
        <FieldError id={`${id}-error`} message={error} />
      </fieldset>
      <div className="yes-no__follow-up">
        {followUps.map((followUp) => (
          <FollowUp key={followUp.path} field={followUp} />
        ))}
      </div>
    </div>
  );
}
