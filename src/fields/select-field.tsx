import { Combobox } from '@headlessui/react';
import { useMessages } from '../i18n/messages-context';
import { isInvalid, SelectControl, SelectShell, useOptionSearch, type SelectBaseProps } from './select-shell';
import type { SelectOption } from './select-option';

/** Props of {@link SelectField}. */
export interface SelectFieldProps extends SelectBaseProps {
  value: string | null;
  onChange(value: string | null): void;
  /** What the closed box shows for the chosen option, when its name is too long for the box (default: the name). */
  shownAs?: (option: SelectOption) => string;
}

/** A searchable single select: type to filter, arrows to move, Enter to pick, Escape to close. */
export function SelectField(props: SelectFieldProps) {
  // onChange and onBlur stay on props: they are declared as methods, so pulling them off unbound
  // is what @typescript-eslint/unbound-method forbids.
  const { id, options, value, error, renderOption, shownAs } = props;
  const search = useOptionSearch(options);
  const messages = useMessages();
  const selected = value === null ? undefined : options.find((option) => option.value === value);
  const invalid = isInvalid(error);

  return (
    <SelectShell id={id} error={error} onBlur={() => props.onBlur?.()}>
      <Combobox
        value={value}
        onChange={(next) => {
          // Headless UI also reports "null" on Escape or an emptied input when nothing was chosen.
          if (next !== value) props.onChange(next);
        }}
        onClose={search.clear}
        // Opens on focus and click, like a native select; a Tab straight through picks nothing.
        immediate
        invalid={invalid}
      >
        {({ open }) => (
          <SelectControl
            field={props}
            search={search}
            open={open}
            placeholder={messages.text(open ? 'searchPlaceholder' : 'selectPlaceholder')}
            displayValue={(current) => shownValue(options, current, shownAs)}
            lead={renderOption && selected ? renderOption(selected) : undefined}
            onFocus={(event) => {
              // Typing then replaces the chosen name instead of appending to it.
              event.currentTarget.select();
            }}
          />
        )}
      </Combobox>
    </SelectShell>
  );
}

function shownValue(options: readonly SelectOption[], value: string | null, shownAs: ((option: SelectOption) => string) | undefined): string {
  if (value === null) return '';
  const option = options.find((candidate) => candidate.value === value);
  if (!option) return '';
  return shownAs ? shownAs(option) : option.name;
}
