import { useMemo } from 'react';
import { useStillWhilePressed } from '../browser/use-still-while-pressed';
import { useMessages } from '../i18n/messages-context';
import { useCombobox } from './combobox/use-combobox';
import { SelectControl, SelectShell, type SelectBaseProps } from './select-shell';
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
  const messages = useMessages();
  const shownError = useStillWhilePressed(error);
  const selectedOption = value === null ? undefined : options.find((option) => option.value === value);
  // One list per value, so the options' list is not drawn again for nothing.
  const selected = useMemo(() => (value === null ? [] : [value]), [value]);
  const combobox = useCombobox({
    id,
    options,
    selected,
    multiple: false,
    shownText: selectedOption ? (shownAs ? shownAs(selectedOption) : selectedOption.name) : '',
    onPick(next) {
      if (next !== value) props.onChange(next);
    },
    onClear() {
      props.onChange(null);
    },
  });

  return (
    <SelectShell id={id} error={error} shownError={shownError} onBlur={() => props.onBlur?.()}>
      <SelectControl
        field={props}
        shownError={shownError}
        combobox={combobox}
        selected={selected}
        placeholder={messages.text(combobox.open ? 'searchPlaceholder' : 'selectPlaceholder')}
        lead={renderOption && selectedOption ? renderOption(selectedOption) : undefined}
        onFocus={(event) => {
          // Typing then replaces the chosen name instead of appending to it.
          event.currentTarget.select();
        }}
      />
    </SelectShell>
  );
}
