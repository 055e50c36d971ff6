import type { FocusEvent, KeyboardEvent, ReactNode, Ref } from 'react';
import type { SelectOption } from './select-option';
import '../styles/fields.css';
import { ChevronIcon } from './chevron-icon';
import { useMessages } from '../i18n/messages-context';
import { ConfigWords } from './config-words';
import { describedBy } from './field-error';
import { labelIdOf } from './combobox/element-ids';
import type { useCombobox } from './combobox/use-combobox';
import { SelectOptions, type RenderOption } from './select-list';

/**
 * What every searchable select shares, single (select-field.tsx) or multiple
 * (multi-select-field.tsx): the field around it with its error line, the label, the search box,
 * the toggle and the list with its "No results found" line. A widget adds only its value
 * handling (the combobox's picks) and what it shows besides (the chips of a multi-select).
 */

/** Props every select takes. */
export interface SelectBaseProps {
  id: string;
  label: string;
  options: readonly SelectOption[];
  onBlur?(): void;
  /** Shown (and the control marked invalid) only when given. */
  error?: string | undefined;
  /** A line under the label, read with the control. */
  hint?: string | undefined;
  required?: boolean;
  autoComplete?: string;
  /** A leading flag or icon for an option; decorative, so the option is still named by its name. */
  renderOption?: RenderOption;
  /** So react-hook-form can focus the field. */
  inputRef?: Ref<HTMLInputElement>;
  /** 'ltr' for a box whose text reads left to right in any language (a phone code, "US +1"). */
  dir?: 'ltr';
}

/** Whether a select shows an error. */
export function isInvalid(error: string | undefined): boolean {
  return error !== undefined && error !== '';
}

interface SelectShellProps {
  id: string;
  error: string | undefined;
  /** The error as the page shows it now: it waits for a press under way to end (field-error.tsx). */
  shownError: string | undefined;
  onBlur: () => void;
  children: ReactNode;
}

/** The field around a select's control (and what a widget shows after it), ending with the error line. */
export function SelectShell({ id, error, shownError, onBlur, children }: SelectShellProps) {
  const messages = useMessages();
  return (
    <div className={fieldClassName(isInvalid(error))} onBlur={blurLeavingField(onBlur)}>
      {children}
      {isInvalid(shownError) ? (
        <p id={`${id}-error`} className="field-error">
          {messages.problem(shownError ?? '')}
        </p>
      ) : null}
    </div>
  );
}

interface SelectControlProps {
  /** The widget's own props: its id, label, hint, requiredness, autocomplete, icons and ref. */
  field: SelectBaseProps;
  /** The error as shown now (SelectShell), which the box is described by. */
  shownError: string | undefined;
  combobox: ReturnType<typeof useCombobox>;
  /** The values chosen now, marked in the list. */
  selected: readonly string[];
  placeholder: string;
  /** Shown before the box (the chosen option's flag); decorative. */
  lead?: ReactNode;
  onFocus?: (event: FocusEvent<HTMLInputElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
}

/** The inside of a select: label, search box, toggle and list. */
export function SelectControl({ field, shownError, combobox, selected, placeholder, lead, onFocus, onKeyDown }: SelectControlProps) {
  const { id, label, hint, error, options, required = false, autoComplete = 'off', renderOption, inputRef, dir } = field;
  const messages = useMessages();
  const { open, filtered, inputProps, toggleProps, listProps } = combobox;
  return (
    <>
      <SelectLabel id={id} label={label} hint={hint} />
      <div className={`select__control${lead ? ' select__control--lead' : ''}`}>
        {lead ? (
          <span className="select__lead" aria-hidden="true">
            {lead}
          </span>
        ) : null}
        <input
          {...inputProps}
          id={id}
          ref={inputRef}
          className="select__input"
          dir={dir}
          placeholder={placeholder}
          autoComplete={autoComplete}
          spellCheck={false}
          aria-required={required || undefined}
          aria-invalid={isInvalid(error) || undefined}
          aria-describedby={describedBy(id, hint, shownError)}
          onFocus={(event) => {
            inputProps.onFocus();
            onFocus?.(event);
          }}
          onKeyDown={(event) => {
            onKeyDown?.(event);
            inputProps.onKeyDown(event);
          }}
        />
        {/* Named by the label, as the box is; the keyboard opens the list from the box itself. */}
        <button {...toggleProps} className="select__toggle" aria-labelledby={labelIdOf(id)}>
          <ChevronIcon />
        </button>
        <div {...listProps} className={`select__options${filtered.length === 0 ? ' select__options--empty' : ''}`}>
          {/* Drawn only while open: the ~240 phone codes would be wasted on every step showing the field. */}
          {open ? (
            <SelectOptions id={id} options={options} shown={filtered} selected={selected} activeOption={combobox.activeOption} renderOption={renderOption} />
          ) : null}
        </div>
        {/* A live region outside the listbox: a listbox holding text but no option is invalid ARIA (axe). */}
        <p className="select__empty" role="status">
          {open && filtered.length === 0 ? messages.text('noResults') : ''}
        </p>
      </div>
    </>
  );
}

/** A select's label and optional hint, which describes the box. */
function SelectLabel({ id, label, hint }: { id: string; label: string; hint: string | undefined }) {
  return (
    <>
      <label id={labelIdOf(id)} htmlFor={id} className="field__label">
        <ConfigWords text={label} />
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          <ConfigWords text={hint} />
        </p>
      ) : null}
    </>
  );
}

/** The class list of a field's wrapper. */
function fieldClassName(invalid: boolean): string {
  return `field select${invalid ? ' field--invalid' : ''}`;
}

/** A focusout handler calling `onBlur` only when focus leaves the whole field, not when it moves inside it. */
function blurLeavingField(onBlur: () => void) {
  return (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget;
    if (next instanceof Node && event.currentTarget.contains(next)) return;
    onBlur();
  };
}
