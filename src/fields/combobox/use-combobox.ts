import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ChangeEvent, FocusEvent, KeyboardEvent, MouseEvent, PointerEvent } from 'react';
import type { SelectOption } from '../select-option';
import { rememberedSearch } from './remembered-search';
import { createActiveOption, type ActiveOption } from './active-option';
import { labelIdOf, listboxIdOf, optionIdOf, toggleIdOf } from './element-ids';
import { CLOSED, comboboxTransition, type ComboboxEvent, type ComboboxKey, type ComboboxState } from './combobox-state';

/**
 * The page's side of a searchable select (combobox-state.ts is its rules): the state, the
 * attributes and handlers of the box, the chevron and the list, and what a transition asks the
 * widget to do. The APG's "editable combobox with list autocomplete": the focus stays in the box
 * throughout, which names the highlighted option with aria-activedescendant.
 */

export interface ComboboxSettings {
  /** The box's id; the list's and the options' ids are made from it. */
  id: string;
  options: readonly SelectOption[];
  /** The values chosen now. */
  selected: readonly string[];
  multiple: boolean;
  /** What the box shows while the person is not searching: the chosen name, or nothing. */
  shownText: string;
  /** An option picked: a single select chooses it, a multi-select adds or removes it. */
  onPick: (value: string) => void;
  /** The chosen name deleted from a single select's box. */
  onClear: () => void;
}

const KEYS: ReadonlySet<string> = new Set<ComboboxKey>(['ArrowDown', 'ArrowUp', 'Home', 'End', 'PageUp', 'PageDown', 'Enter', 'Escape', 'Tab']);

export function useCombobox({ id, options, selected, multiple, shownText, onPick, onClear }: ComboboxSettings) {
  const [state, setState] = useState<ComboboxState>(CLOSED);
  // What the handlers read: a second event can come before React has drawn the first one's state.
  const latest = useRef<ComboboxState>(CLOSED);
  const [activeOption] = useState<ActiveOption>(createActiveOption);
  const search = useMemo(() => rememberedSearch(options), [options]);
  const listboxId = listboxIdOf(id);
  const toggleId = toggleIdOf(id);
  // The kind of pointer that last went down on the chevron, whose click then toggles or not.
  const toggledBy = useRef<string | null>(null);
  // Where the pointer last was over the list, on the screen.
  const pointerAt = useRef<{ x: number; y: number } | null>(null);

  function dispatch(event: ComboboxEvent): boolean {
    const transition = comboboxTransition(latest.current, event, { multiple, selected, optionsFor: search });
    const next = transition.state;
    if (next !== latest.current) {
      latest.current = next;
      activeOption.set(next.open ? next.active : null);
      setState(next);
    }
    if (transition.effect?.kind === 'pick') onPick(transition.effect.value);
    else if (transition.effect?.kind === 'clear') onClear();
    return transition.handled;
  }

  // The list of options itself changed (the page's language did): the highlight follows.
  const listedOptions = useRef(options);
  useEffect(() => {
    if (listedOptions.current === options) return;
    listedOptions.current = options;
    dispatch({ type: 'options-changed' });
  });

  // The highlight moved by the keyboard or a search, or the list opened on it: bring it into view.
  // Not when the pointer moved it: it is under the pointer already, and scrolling would move
  // another option under a still pointer.
  useLayoutEffect(() => {
    if (!state.open || state.active === null || state.activeBy === 'pointer') return;
    document.getElementById(optionIdOf(id, options, state.active))?.scrollIntoView({ block: 'nearest' });
  }, [id, options, state.open, state.active, state.activeBy]);

  function focusBox(): void {
    document.getElementById(id)?.focus();
  }

  /** The option under a pointer or press in the list, if any. */
  function optionValueAt(target: EventTarget): string | null {
    const option = target instanceof Element ? target.closest('[role="option"]') : null;
    return option instanceof HTMLElement ? (option.dataset.value ?? null) : null;
  }

  const filtered = search(state.query ?? '');
  return {
    open: state.open,
    filtered,
    activeOption,
    listboxId,
    inputProps: {
      role: 'combobox' as const,
      type: 'text' as const,
      value: state.query ?? shownText,
      'aria-autocomplete': 'list' as const,
      'aria-expanded': state.open,
      // Always: the list's element stays in the page, hidden while closed.
      'aria-controls': listboxId,
      'aria-activedescendant': state.open && state.active !== null ? optionIdOf(id, options, state.active) : undefined,
      onChange(event: ChangeEvent<HTMLInputElement>) {
        const text = event.target.value;
        dispatch(event.target === document.activeElement ? { type: 'type', text } : { type: 'fill', text });
      },
      onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
        if (!KEYS.has(event.key)) return;
        // Safari sends the Enter that ends a composition after compositionend, marked only by keyCode 229.
        // eslint-disable-next-line @typescript-eslint/no-deprecated -- no other property tells that Enter apart.
        const composing = event.nativeEvent.isComposing || event.keyCode === 229;
        if (dispatch({ type: 'key', key: event.key as ComboboxKey, shift: event.shiftKey, composing })) {
          event.preventDefault();
          event.stopPropagation();
        }
      },
      onFocus() {
        dispatch({ type: 'focus' });
      },
      onClick() {
        dispatch({ type: 'press' });
      },
      onBlur(event: FocusEvent<HTMLInputElement>) {
        const next = event.relatedTarget;
        // Focus taken by the list (a scrollbar, in some engines) or the chevron comes back (below).
        if (next instanceof Node && (document.getElementById(listboxId)?.contains(next) === true || document.getElementById(toggleId)?.contains(next) === true))
          return;
        dispatch({ type: 'blur' });
      },
    },
    toggleProps: {
      id: toggleId,
      type: 'button' as const,
      // Out of the tab order: the keyboard opens the list from the box itself.
      tabIndex: -1,
      'aria-haspopup': 'listbox' as const,
      'aria-controls': listboxId,
      'aria-expanded': state.open,
      'data-open': state.open ? '' : undefined,
      // The focus stays in the box.
      onMouseDown(event: MouseEvent<HTMLButtonElement>) {
        event.preventDefault();
      },
      // A mouse toggles as its button goes down, like a native select; a finger, a pen or
      // assistive technology with the click.
      onPointerDown(event: PointerEvent<HTMLButtonElement>) {
        toggledBy.current = event.pointerType;
        if (event.pointerType !== 'mouse' || event.button !== 0) return;
        dispatch({ type: 'toggle' });
        focusBox();
      },
      onClick() {
        const pointerType = toggledBy.current;
        toggledBy.current = null;
        if (pointerType === 'mouse') return;
        dispatch({ type: 'toggle' });
        focusBox();
      },
    },
    listProps: {
      id: listboxId,
      role: 'listbox' as const,
      'aria-labelledby': labelIdOf(id),
      'aria-multiselectable': multiple || undefined,
      // Always in the page, so the box's aria-controls always names it; hidden while closed.
      hidden: !state.open,
      // A press in the list must not take the focus from the box (it would close the list), and
      // picks the option pressed as it goes down, so a long press or a press that slips still counts.
      onMouseDown(event: MouseEvent<HTMLElement>) {
        event.preventDefault();
        if (event.button !== 0) return;
        const value = optionValueAt(event.target);
        if (value !== null) dispatch({ type: 'pick', value });
      },
      onFocus() {
        focusBox();
      },
      // Only a pointer that moved highlights: the list scrolling under a still pointer does not
      // (engines send a move at the same place then, to update what is hovered).
      onPointerMove(event: PointerEvent<HTMLElement>) {
        if (event.pointerType === 'touch') return;
        const at = pointerAt.current;
        if (at?.x === event.screenX && at.y === event.screenY) return;
        pointerAt.current = { x: event.screenX, y: event.screenY };
        dispatch({ type: 'hover', value: optionValueAt(event.target) });
      },
      onPointerLeave(event: PointerEvent<HTMLElement>) {
        if (event.pointerType !== 'touch') dispatch({ type: 'hover', value: null });
      },
    },
  };
}
