import { memo, useCallback, useMemo, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import type { ActiveOption } from './combobox/active-option';
import { optionIdOf } from './combobox/element-ids';
import type { SelectOption } from './select-option';

/** An option's decorative icon, drawn by the widget (a flag); the option is named by its name alone. */
export type RenderOption = (option: SelectOption) => ReactNode;

interface SelectOptionsProps {
  /** The box's id, from which the options' ids are made. */
  id: string;
  /** Every option, whose order names their elements (optionIdOf). */
  options: readonly SelectOption[];
  /** The options the search leaves. */
  shown: readonly SelectOption[];
  selected: readonly string[];
  activeOption: ActiveOption;
  renderOption: RenderOption | undefined;
}

/**
 * The options of an open list. Memoised: the box re-renders on every key, while each option
 * follows the highlight by itself (ActiveOption), so ~240 phone codes are not drawn again as the
 * arrows move; a search redraws only the options it changes.
 */
export const SelectOptions = memo(function SelectOptions({ id, options, shown, selected, activeOption, renderOption }: SelectOptionsProps) {
  const chosen = useMemo(() => new Set(selected), [selected]);
  return shown.map((option) => (
    <SelectListOption
      key={option.value}
      id={optionIdOf(id, options, option.value)}
      option={option}
      selected={chosen.has(option.value)}
      activeOption={activeOption}
      renderOption={renderOption}
    />
  ));
});

interface SelectListOptionProps {
  id: string;
  option: SelectOption;
  selected: boolean;
  activeOption: ActiveOption;
  renderOption: RenderOption | undefined;
}

/** One option; it alone re-renders when the highlight reaches or leaves it. */
const SelectListOption = memo(function SelectListOption({ id, option, selected, activeOption, renderOption }: SelectListOptionProps) {
  const subscribe = useCallback((listener: () => void) => activeOption.subscribe(option.value, listener), [activeOption, option.value]);
  const active = useSyncExternalStore(
    subscribe,
    () => activeOption.is(option.value),
    () => false,
  );
  return (
    <div
      id={id}
      role="option"
      aria-selected={selected}
      data-value={option.value}
      className={`select__option${active ? ' select__option--active' : ''}${selected ? ' select__option--selected' : ''}`}
    >
      <OptionIcon className="select__option-icon" option={option} renderOption={renderOption} />
      <span className="select__option-name">{option.name}</span>
      <svg className="select__check" viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
        <path d="M4 10.5l4 4 8-9" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </div>
  );
});

/** An option's decorative icon (in the list, or on a chip), where the widget draws one. */
export function OptionIcon({ className, option, renderOption }: { className: string; option: SelectOption; renderOption: RenderOption | undefined }) {
  return renderOption ? (
    <span className={className} aria-hidden="true">
      {renderOption(option)}
    </span>
  ) : null;
}
