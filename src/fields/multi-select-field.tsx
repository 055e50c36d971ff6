import { useState } from 'react';
import type { KeyboardEvent, MouseEvent } from 'react';
import { pickWithMax } from './pick-with-max';
import { useMessages } from '../i18n/messages-context';
import { useStillWhilePressed } from '../browser/use-still-while-pressed';
import { useCombobox } from './combobox/use-combobox';
import { SelectControl, SelectShell, type SelectBaseProps } from './select-shell';
import { OptionIcon } from './select-list';
import type { SelectOption } from './select-option';

/** Props of {@link MultiSelectField}: those of every select, holding a list of values. */
export interface MultiSelectFieldProps extends SelectBaseProps {
  value: readonly string[];
  onChange(values: string[]): void;
  /** At most this many values; further picks are ignored and the field says why. */
  max?: number;
}

/**
 * A searchable multi-select. The list stays open while picking; Enter or a click toggles an
 * option; chosen values show as chips below, removed by their button or by Backspace in the
 * empty search box.
 */
export function MultiSelectField(props: MultiSelectFieldProps) {
  // onChange and onBlur stay on props (see SelectField).
  const { id, options, value, error, renderOption, max } = props;
  const messages = useMessages();
  const shownError = useStillWhilePressed(error);
  const [limitHit, setLimitHit] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const chosen = value.map((chosenValue) => optionFor(options, chosenValue));
  // Derived rather than reset in an effect: a stale notice disappears once the list has room again.
  const limitMessage = limitHit && max !== undefined && value.length >= max ? messages.text('maxItemsReached', { count: max }) : '';

  const combobox = useCombobox({
    id,
    options,
    selected: value,
    multiple: true,
    // The box holds only a search: the chosen values show as chips.
    shownText: '',
    onPick(picked) {
      pick(value.includes(picked) ? value.filter((chosenValue) => chosenValue !== picked) : [...value, picked]);
    },
    onClear() {},
  });

  function pick(next: readonly string[]) {
    const result = pickWithMax(value, next, max);
    if (result === value) {
      setLimitHit(true);
      return;
    }
    setLimitHit(false);
    setAnnouncement('');
    props.onChange([...result]);
  }

  function remove(removed: SelectOption) {
    setLimitHit(false);
    setAnnouncement(messages.text('removedOption', { name: removed.name }));
    props.onChange(value.filter((chosenValue) => chosenValue !== removed.value));
  }

  function removeLastOnBackspace(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Backspace' || event.currentTarget.value !== '') return;
    const last = chosen.at(-1);
    if (last !== undefined) remove(last);
  }

  function removeByButton(event: MouseEvent<HTMLButtonElement>, removed: SelectOption) {
    // The pressed button disappears: keep focus on a neighbouring chip, else the search box.
    const buttons = Array.from(event.currentTarget.closest('ul')?.querySelectorAll('button') ?? []);
    const at = buttons.indexOf(event.currentTarget);
    const nextFocus = buttons[at + 1] ?? buttons[at - 1] ?? document.getElementById(id);
    remove(removed);
    nextFocus?.focus();
  }

  return (
    <SelectShell id={id} error={error} shownError={shownError} onBlur={() => props.onBlur?.()}>
      <SelectControl
        field={props}
        shownError={shownError}
        combobox={combobox}
        selected={value}
        placeholder={messages.text(combobox.open || value.length > 0 ? 'searchPlaceholder' : 'selectPlaceholder')}
        onKeyDown={removeLastOnBackspace}
      />
      {chosen.length > 0 ? (
        <ul className="chips">
          {chosen.map((option) => (
            <li key={option.value} className="chip">
              <OptionIcon className="chip__icon" option={option} renderOption={renderOption} />
              <span className="chip__text">{option.name}</span>
              <button
                type="button"
                className="chip__remove"
                aria-label={messages.text('remove', { name: option.name })}
                onClick={(event) => {
                  removeByButton(event, option);
                }}
              >
                <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
                  <path d="M5 5l10 10M15 5L5 15" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="field__hint" role="status">
        {limitMessage}
      </p>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </SelectShell>
  );
}

/** A chosen value's option; a value no longer offered (say, from an old draft) shows as itself. */
function optionFor(options: readonly SelectOption[], chosenValue: string): SelectOption {
  return options.find((option) => option.value === chosenValue) ?? { name: chosenValue, value: chosenValue };
}
