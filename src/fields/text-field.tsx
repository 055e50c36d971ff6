import { useCallback, useEffect, useLayoutEffect, useRef, type ChangeEvent, type HTMLAttributes } from 'react';
import { useController } from 'react-hook-form';
import { storableText } from '../application/values/storable-text';
import { INPUT_DEBOUNCE_MS } from '../form/input-debounce';
import { usePendingInputs } from '../form/pending-inputs';
import { describedBy, FieldError, FieldHint } from './field-error';
import { fieldId } from './field-id';
import { ConfigWords } from './config-words';

// Addresses and numbers read left to right in every language, a right-to-left page's included.
const LEFT_TO_RIGHT_TYPES: ReadonlySet<TextFieldProps['type']> = new Set(['email', 'tel', 'url']);

/**
 * Leaves out of the box, as they are typed or pasted, the characters no store keeps (NUL, a lone
 * surrogate, a non-character: storable-text.ts), which the receiver refuses; the caret stays
 * after what was typed. Every text of the form comes through here.
 */
function keepStorable(box: HTMLInputElement | HTMLTextAreaElement): void {
  const text = box.value;
  const kept = storableText(text);
  if (kept === text) return;
  const caret = box.selectionEnd;
  box.value = kept;
  if (caret === null) return;
  const at = storableText(text.slice(0, caret)).length;
  try {
    box.setSelectionRange(at, at);
  } catch {
    // An input type without a selection (email): the caret goes to the end, as the browser puts it.
  }
}

export interface TextFieldProps {
  name: string;
  label: string;
  hint?: string | undefined;
  type?: 'text' | 'email' | 'tel' | 'url' | undefined;
  multiline?: boolean | undefined;
  autoComplete?: string | undefined;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  placeholder?: string | undefined;
  required?: boolean | undefined;
  /** Other fields whose rules read this one, re-checked when it changes. */
  deps?: string[] | undefined;
}

/**
 * A text box whose text reaches the form 500 ms after the last keystroke (at once while it
 * shows an error), or at once on blur or when Continue or the page's save asks for it. The box itself is uncontrolled, so what the
 * creator sees never waits for the form.
 */
export function TextField({ name, label, hint, type = 'text', multiline, autoComplete, inputMode, placeholder, required, deps }: TextFieldProps) {
  const { field, fieldState } = useController({ name, rules: deps ? { deps } : {} });
  const pending = usePendingInputs();
  const element = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const { onChange, ref: registerRef } = field;
  const formValue = typeof field.value === 'string' ? field.value : '';
  const latestFormValue = useRef(formValue);

  const flush = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    const shown = element.current?.value;
    const text = shown === undefined ? undefined : storableText(shown);
    if (text !== undefined && text !== latestFormValue.current) {
      latestFormValue.current = text;
      onChange(text);
    }
  }, [onChange]);

  useEffect(
    () =>
      pending.add(flush, () => {
        const shown = element.current?.value;
        return shown === undefined ? undefined : storableText(shown);
      }),
    [pending, flush],
  );

  // A value set from outside (a restored draft, a reset) shows in the box unless the creator is mid-edit.
  useEffect(() => {
    latestFormValue.current = formValue;
    const box = element.current;
    if (box && timer.current === null && box.value !== formValue) box.value = formValue;
  }, [formValue]);

  // Deliver what is held when the field goes away (a step change, a hidden follow-up). A layout
  // effect: its cleanup runs before React detaches the box's ref, a passive effect's after, when
  // the text can no longer be read (a press on Back from the keyboard leaves focus in the box, so no blur delivers it).
  useLayoutEffect(
    () => () => {
      flush();
    },
    [flush],
  );

  const id = fieldId(name);
  const error = fieldState.error?.message;
  const shared = {
    id,
    name,
    defaultValue: formValue,
    autoComplete,
    placeholder,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, hint, error),
    'aria-required': required ? true : undefined,
    className: 'field__input',
    onChange: (event: ChangeEvent<HTMLInputElement & HTMLTextAreaElement>) => {
      keepStorable(event.currentTarget);
      // A box showing an error follows each keystroke, so the line goes away (and the buttons
      // below move) while the creator is still typing the fix, not as they reach for Continue.
      if (error) {
        flush();
        return;
      }
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = setTimeout(flush, INPUT_DEBOUNCE_MS);
    },
    onBlur: () => {
      flush();
      field.onBlur();
    },
    ref: (node: (HTMLInputElement & HTMLTextAreaElement) | null) => {
      element.current = node;
      registerRef(node);
    },
  };
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        <ConfigWords text={label} />
      </label>
      <FieldHint id={id} text={hint} />
      {multiline ? (
        <textarea rows={3} {...shared} />
      ) : (
        <input type={type} inputMode={inputMode} dir={LEFT_TO_RIGHT_TYPES.has(type) ? 'ltr' : undefined} {...shared} />
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
