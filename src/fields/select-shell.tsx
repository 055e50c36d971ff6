import {
  ComboboxButton,
  ComboboxInput,
  ComboboxOption,
  ComboboxOptions,
  Description,
  Field,
  Label,
} from '@headlessui/react';
import { memo, useMemo, useState } from 'react';
import type { FocusEvent, KeyboardEvent, ReactNode, Ref } from 'react';
import { filterOptions } from './filter-options';
import type { SelectOption } from './select-option';
import '../styles/fields.css';
import { ChevronIcon } from './chevron-icon';
import { useStillWhilePressed } from '../browser/use-still-while-pressed';
import { useMessages } from '../i18n/messages-context';
import { ConfigWords } from './config-words';

/**
 * What every searchable select shares, single (select-field.tsx) or multiple
 * (multi-select-field.tsx): the field around it with its error line, the label, the search box,
 * the toggle and the list with its "No results found" line. A widget adds only its Combobox's
 * value handling and what it shows besides (the chips of a multi-select).
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
  renderOption?: (option: SelectOption) => ReactNode;
  /** So react-hook-form can focus the field. */
  inputRef?: Ref<HTMLInputElement>;
  /** 'ltr' for a box whose text reads left to right in any language (a phone code, "US +1"). */
  dir?: 'ltr';
}

/** The search typed in a select's box and the options it leaves; cleared when the list closes. */
export type OptionSearch = ReturnType<typeof useOptionSearch>;

export function useOptionSearch(options: readonly SelectOption[]) {
  const [query, setQuery] = useState('');
  const filtered = useMemo(() => filterOptions(options, query), [options, query]);
  const clear = () => {
    setQuery('');
  };
  return { filtered, search: setQuery, clear };
}

/** Whether a select shows an error. */
export function isInvalid(error: string | undefined): boolean {
  return error !== undefined && error !== '';
}

/** The field around a select's Combobox (and what a widget shows after it), ending with the error line. */
export function SelectShell({ id, error, onBlur, children }: { id: string; error: string | undefined; onBlur: () => void; children: ReactNode }) {
  const messages = useMessages();
  const invalid = isInvalid(error);
  // Its line waits for a press under way to end, like every field's (field-error.tsx).
  const shownError = useStillWhilePressed(error);
  return (
    <Field className={fieldClassName(invalid)} onBlur={blurLeavingField(onBlur)}>
      {children}
      {isInvalid(shownError) ? (
        // Inside a Headless UI Field, a Description is what the input's aria-describedby points at.
        <Description as="p" id={`${id}-error`} className="field-error">
          {messages.problem(shownError ?? '')}
        </Description>
      ) : null}
    </Field>
  );
}

interface SelectControlProps {
  /** The widget's own props: its id, label, hint, requiredness, autocomplete, icons and ref. */
  field: SelectBaseProps;
  /** The search in the box and the options it leaves. */
  search: OptionSearch;
  open: boolean;
  placeholder: string;
  /** What the box shows for the chosen value while not searching (single selects). */
  displayValue?: (value: string | null) => string;
  /** Shown before the box (the chosen option's flag); decorative. */
  lead?: ReactNode;
  onFocus?: (event: FocusEvent<HTMLInputElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
}

/** The inside of a select's Combobox: label, search box, toggle and list. */
export function SelectControl({ field, search, open, placeholder, displayValue, lead, onFocus, onKeyDown }: SelectControlProps) {
  const { id, label, hint, error, required = false, autoComplete = 'off', renderOption, inputRef, dir } = field;
  const invalid = isInvalid(error);
  return (
    <>
      <SelectLabel id={id} label={label} hint={hint} />
      <div className={`select__control${lead ? ' select__control--lead' : ''}`}>
        {lead ? (
          <span className="select__lead" aria-hidden="true">
            {lead}
          </span>
        ) : null}
        <ComboboxInput
          id={id}
          ref={inputRef}
          className="select__input"
          dir={dir}
          placeholder={placeholder}
          {...(displayValue ? { displayValue } : {})}
          onChange={(event) => {
            search.search(event.target.value);
          }}
          onFocus={onFocus}
          onKeyDown={onKeyDown}
          autoComplete={autoComplete}
          spellCheck={false}
          aria-required={required || undefined}
          aria-invalid={invalid || undefined}
        />
        <SelectToggle />
        <SelectPopup options={search.filtered} open={open} renderOption={renderOption} />
      </div>
    </>
  );
}

/** A select's label and optional hint; inside a Headless UI Field, the hint describes the input. */
function SelectLabel({ id, label, hint }: { id: string; label: string; hint: string | undefined }) {
  return (
    <>
      <Label id={`${id}-label`} htmlFor={id} className="field__label">
        <ConfigWords text={label} />
      </Label>
      {hint ? (
        <Description as="p" className="field__hint">
          <ConfigWords text={hint} />
        </Description>
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

/** The chevron that opens the list by mouse; keyboard users open it from the input itself. */
function SelectToggle() {
  return (
    <ComboboxButton className="select__toggle">
      <ChevronIcon />
    </ComboboxButton>
  );
}

/**
 * The list below the input, and the "No results found" line: a live region outside the listbox,
 * because a listbox holding text but no option is invalid ARIA (axe flags it).
 * Memoised: Headless UI re-runs the Combobox render prop on every arrow key, while each option
 * follows the highlight by itself, so re-rendering ~240 phone codes per keystroke is wasted work.
 */
const SelectPopup = memo(function SelectPopup({
  options,
  open,
  renderOption,
}: {
  options: readonly SelectOption[];
  open: boolean;
  renderOption: ((option: SelectOption) => ReactNode) | undefined;
}) {
  const messages = useMessages();
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
            <OptionIcon className="select__option-icon" option={option} renderOption={renderOption} />
            <span className="select__option-name">{option.name}</span>
            <svg className="select__check" viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
              <path d="M4 10.5l4 4 8-9" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </ComboboxOption>
        ))}
      </ComboboxOptions>
      <p className="select__empty" role="status">
        {open && options.length === 0 ? messages.text('noResults') : ''}
      </p>
    </>
  );
});

/** An option's decorative icon (in the list, or on a chip), where the widget draws one. */
export function OptionIcon({ className, option, renderOption }: { className: string; option: SelectOption; renderOption: SelectBaseProps['renderOption'] }) {
  return renderOption ? (
    <span className={className} aria-hidden="true">
      {renderOption(option)}
    </span>
  ) : null;
}
