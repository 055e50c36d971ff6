import { useController } from 'react-hook-form';
import { SafeHtml } from '../html/safe-html';
import { describedBy, FieldError, FieldHint } from './field-error';
import { fieldId } from './field-id';
import { ConfigWords } from './config-words';

interface CheckboxFieldProps {
  name: string;
  label: string;
  /** Sanitized HTML under the label, such as a link to the terms. */
  html?: string | undefined;
  hint?: string | undefined;
}

/** A single box to tick, such as an agreement to the programme terms. */
export function CheckboxField({ name, label, html, hint }: CheckboxFieldProps) {
  const { field, fieldState } = useController({ name });
  const { ref, onChange, onBlur } = field;
  const checked = field.value === true;
  const id = fieldId(name);
  const error = fieldState.error?.message;
  return (
    <div className="field field--checkbox">
      <div className="checkbox">
        <input
          id={id}
          type="checkbox"
          className="checkbox__input"
          name={name}
          ref={ref}
          checked={checked}
          onChange={(event) => {
            onChange(event.target.checked);
          }}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint ?? html, error)}
        />
        <label className="checkbox__label" htmlFor={id}>
          <ConfigWords text={label} />
        </label>
      </div>
      {html ? <SafeHtml id={`${id}-hint`} className="field__hint" html={html} /> : null}
      {html ? null : <FieldHint id={id} text={hint} />}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
