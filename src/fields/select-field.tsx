import {
  Combobox,
  ComboboxButton,
  ComboboxInput,
  ComboboxOption,
  ComboboxOptions,
  Description,
  Field,
  Label,
} from '@headlessui/react';
import { memo, useMemo, useState } from 'react';
import type { FocusEvent, ReactNode, Ref } from 'react';
import { filterOptions } from './filter-options';
import type { SelectOption } from './select-option';
import '../styles/fields.css';

/** Placeholder of a select with nothing chosen (spec §9). */
export const SELECT_PLACEHOLDER = 'Select Option';
/** Placeholder of the search box while the list is open (spec §9). */
export const SEARCH_PLACEHOLDER = 'Search...';
/** What an open list says when the search matches nothing (spec §8). */
export const NO_RESULTS_TEXT = 'No results found';

/** Props of {@link SelectField}. */
export interface SelectFieldProps {
  id: string;
  label: string;
  options: readonly SelectOption[];
  value: string | null;
  onChange(value: string | null): void;
  onBlur?(): void;
  /** Shown (and the control marked invalid) only when given. */
  error?: string | undefined;
  /** A line under the label, read with the control. */
  hint?: string | undefined;
  required?: boolean;
  autoComplete?: string;
  name?: string;
  /** A leading flag or icon for an option; decorative, so the option is still named by `name`. */
  renderOption?: (option: SelectOption) => ReactNode;
  /** So react-hook-form can focus the field. */
  inputRef?: Ref<HTMLInputElement>;
  /** What the closed box shows for the chosen option, when its name is too long for the box (default: the name). */
  shownAs?: (option: SelectOption) => string;
}

/** A searchable single select: type to filter, arrows to move, Enter to pick, Escape to close. */
export function SelectField(props: SelectFieldProps) {
  // onChange and onBlur stay on props: they are declared as methods, so pulling them off unbound
  // is what @typescript-eslint/unbound-method forbids.
  const { id, label, options, value, error, required = false, autoComplete = 'off', name, renderOption, inputRef, shownAs } = props;
  const [query, setQuery] = useState('');
  const filtered = useMemo(() => filterOptions(options, query), [options, query]);
  const selected = value === null ? undefined : options.find((option) => option.value === value);
  const invalid = error !== undefined && error !== '';

  return (
    <Field className={fieldClassName(invalid)} onBlur={blurLeavingField(() => props.onBlur?.())}>
      <Combobox
        value={value}
        onChange={(next) => {
          // Headless UI also reports "null" on Escape or an emptied input when nothing was chosen.
          if (next !== value) props.onChange(next);
        }}
        onClose={() => {
          setQuery('');
        }}
        // Opens on focus and click, like a native select; a Tab straight through picks nothing.
        immediate
        invalid={invalid}
        name={name}
      >
        {({ open }) => (
          <>
            <SelectLabel id={id} label={label} hint={props.hint} />
            <div className={`select__control${renderOption && selected ? ' select__control--lead' : ''}`}>
              {renderOption && selected ? (
                <span className="select__lead" aria-hidden="true">
                  {renderOption(selected)}
                </span>
              ) : null}
              <ComboboxInput
                id={id}
                ref={inputRef}
                className="select__input"
                placeholder={open ? SEARCH_PLACEHOLDER : SELECT_PLACEHOLDER}
                displayValue={(current: string | null) => shownValue(options, current, shownAs)}
                onChange={(event) => {
                  setQuery(event.target.value);
                }}
                onFocus={(event) => {
                  // Typing then replaces the chosen name instead of appending to it.
                  event.currentTarget.select();
                }}
                autoComplete={autoComplete}
                spellCheck={false}
                aria-required={required || undefined}
                aria-invalid={invalid || undefined}
              />
              <SelectToggle />
              <SelectPopup options={filtered} open={open} renderOption={renderOption} />
            </div>
          </>
        )}
      </Combobox>
      {invalid ? (
        // Inside a Headless UI Field, a Description is what the input's aria-describedby points at.
        <Description as="p" id={`${id}-error`} className="field-error">
          {error}
        </Description>
      ) : null}
    </Field>
  );
}

/** A select's label and optional hint; inside a Headless UI Field, the hint describes the input. */
export function SelectLabel({ id, label, hint }: { id: string; label: string; hint: string | undefined }) {
  return (
    <>
      <Label id={`${id}-label`} htmlFor={id} className="field__label">
        {label}
      </Label>
      {hint ? (
        <Description as="p" className="field__hint">
          {hint}
        </Description>
      ) : null}
    </>
  );
}

/** The class list of a field's wrapper. */
export function fieldClassName(invalid: boolean): string {
  return `field select${invalid ? ' field--invalid' : ''}`;
}

/** A focusout handler calling `onBlur` only when focus leaves the whole field, not when it moves inside it. */
export function blurLeavingField(onBlur: () => void) {
  return (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget;
    if (next instanceof Node && event.currentTarget.contains(next)) return;
    onBlur();
  };
}

function shownValue(options: readonly SelectOption[], value: string | null, shownAs: ((option: SelectOption) => string) | undefined): string {
  if (value === null) return '';
  const option = options.find((candidate) => candidate.value === value);
  if (!option) return '';
  return shownAs ? shownAs(option) : option.name;
}

/** The chevron that opens the list by mouse; keyboard users open it from the input itself. */
export function SelectToggle() {
  return (
    <ComboboxButton className="select__toggle">
      <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
        <path d="M5 7.5l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </ComboboxButton>
  );
}

/**
 * The list below the input, and the "No results found" line: a live region outside the listbox,
 * because a listbox holding text but no option is invalid ARIA (axe flags it).
 * Memoised: Headless UI re-runs the Combobox render prop on every arrow key, while each option
 * follows the highlight by itself, so re-rendering ~240 phone codes per keystroke is wasted work.
 */
export const SelectPopup = memo(function SelectPopup({
  options,
  open,
  renderOption,
}: {
  options: readonly SelectOption[];
  open: boolean;
  renderOption: ((option: SelectOption) => ReactNode) | undefined;
}) {
  return (
    <>
      {/* Rendered even when empty (and then hidden by CSS): an expanded combobox must point
          aria-controls at its listbox, and an empty listbox is valid where text in one is not. */}
      <ComboboxOptions
        // Positioned by CSS under the input rather than by Headless UI's anchor, which would
        // portal the list to the end of <body>, outside the page's landmarks (axe "region").
        // Not modal: the rest of the form stays scrollable and reachable while the list is open.
        modal={false}
        className={`select__options${options.length === 0 ? ' select__options--empty' : ''}`}
      >
        {options.map((option, index) => (
          <ComboboxOption
            key={option.value}
            value={option.value}
            // An explicit order spares Headless UI sorting ~240 phone codes by DOM position.
            order={index}
            className={({ focus, selected }) =>
              `select__option${focus ? ' select__option--active' : ''}${selected ? ' select__option--selected' : ''}`
            }
          >
            {renderOption ? (
              <span className="select__option-icon" aria-hidden="true">
                {renderOption(option)}
              </span>
            ) : null}
            <span className="select__option-name">{option.name}</span>
            <svg className="select__check" viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
              <path d="M4 10.5l4 4 8-9" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </ComboboxOption>
        ))}
      </ComboboxOptions>
      <p className="select__empty" role="status">
        {open && options.length === 0 ? NO_RESULTS_TEXT : ''}
      </p>
    </>
  );
});
