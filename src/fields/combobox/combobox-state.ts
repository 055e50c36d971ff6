/**
 * What a searchable select's list is doing, and how every input changes it: the pure core of the
 * combobox (WAI-ARIA APG "editable combobox with list autocomplete"), free of React and the DOM
 * so that each rule is tested on its own (tests/unit/fields/combobox-state.test.ts).
 * use-combobox.ts wires it to the page and carries out what a transition asks for.
 */

/**
 * How the highlight got to where it is. 'opening': the list opened on it (the chosen option, or
 * the first), so a Tab straight through picks nothing; 'keyboard': arrows or a search moved it,
 * and a Tab in a single select picks it; 'pointer': the pointer rests on it, so the list is not
 * scrolled to it (it is under the pointer already) and it goes when the pointer leaves.
 */
export type ActiveBy = 'opening' | 'keyboard' | 'pointer';

export interface ComboboxState {
  readonly open: boolean;
  /**
   * What the person typed since the list last closed; null while they have not, and the box
   * shows the chosen option's name (a single select) or nothing (a multi-select).
   */
  readonly query: string | null;
  /** The highlighted option's value: what Enter picks and aria-activedescendant names. */
  readonly active: string | null;
  readonly activeBy: ActiveBy;
}

/** A closed list, as every combobox starts. */
export const CLOSED: ComboboxState = { open: false, query: null, active: null, activeBy: 'opening' };

/** The keys the combobox acts on; every other key is the text box's. */
export type ComboboxKey = 'ArrowDown' | 'ArrowUp' | 'Home' | 'End' | 'PageUp' | 'PageDown' | 'Enter' | 'Escape' | 'Tab';

export type ComboboxEvent =
  /** The box got the focus: the list opens, like a native select's. */
  | { readonly type: 'focus' }
  /** A press on the box that already has the focus (say, after Escape closed the list). */
  | { readonly type: 'press' }
  /** A press on the chevron beside the box. */
  | { readonly type: 'toggle' }
  /** The box's text changed to `text` (typed, pasted, deleted). */
  | { readonly type: 'type'; readonly text: string }
  /** The box's text set to `text` while it does not have the focus: the browser's autofill, filling an address. */
  | { readonly type: 'fill'; readonly text: string }
  /** A key pressed in the box; `composing` while an input method is composing text, whose keys are its own. */
  | { readonly type: 'key'; readonly key: ComboboxKey; readonly shift: boolean; readonly composing: boolean }
  /** The focus left the box. */
  | { readonly type: 'blur' }
  /** The pointer moved onto an option (its value), or onto none in the list or out of it (null). */
  | { readonly type: 'hover'; readonly value: string | null }
  /** A press on an option. */
  | { readonly type: 'pick'; readonly value: string }
  /** The list of options changed while the query stayed (say, the page's language changed). */
  | { readonly type: 'options-changed' };

/** An option as the combobox sees it: the value it stands for, and its name. */
export interface ComboboxOption {
  readonly value: string;
  readonly name: string;
}

/** What the combobox needs to know of the widget around it. */
export interface ComboboxContext {
  /** A multi-select stays open while picking, and a Tab never picks in it. */
  readonly multiple: boolean;
  /** The values chosen now. */
  readonly selected: readonly string[];
  /** The options a search leaves, in the list's order. */
  optionsFor(query: string): readonly ComboboxOption[];
}

/**
 * What the widget must do besides: `pick` an option (a single select chooses it, a multi-select
 * adds or removes it), or `clear` the single select's value, its name having been deleted.
 */
export type ComboboxEffect = { readonly kind: 'pick'; readonly value: string } | { readonly kind: 'clear' } | null;

export interface ComboboxTransition {
  readonly state: ComboboxState;
  readonly effect: ComboboxEffect;
  /** Whether the combobox used the key: the page then prevents its default and stops it there. */
  readonly handled: boolean;
}

/** The state after `event`, what the widget must do, and whether a key was used. */
export function comboboxTransition(state: ComboboxState, event: ComboboxEvent, context: ComboboxContext): ComboboxTransition {
  switch (event.type) {
    case 'focus':
    case 'press':
      return unhandled(state.open ? state : opened(state.query, context, 'opening'));
    case 'toggle':
      return unhandled(state.open ? CLOSED : opened(null, context, 'opening'));
    case 'type':
      return typed(state, event.text, context);
    case 'fill':
      return filled(state, event.text, context);
    case 'key':
      return event.composing ? unhandled(state) : keyed(state, event.key, event.shift, context);
    case 'blur':
      return unhandled(CLOSED);
    case 'hover':
      return unhandled(hovered(state, event.value));
    case 'pick':
      return picked(state, event.value, context, 'pointer');
    case 'options-changed': {
      if (!state.open) return unhandled(state);
      const active = activeAfterChange(context.optionsFor(state.query ?? ''), state.active, context.selected);
      return unhandled(active === state.active ? state : { ...state, active });
    }
  }
}

function unhandled(state: ComboboxState, effect: ComboboxEffect = null): ComboboxTransition {
  return { state, effect, handled: false };
}

function handled(state: ComboboxState, effect: ComboboxEffect = null): ComboboxTransition {
  return { state, effect, handled: true };
}

/** The list open on the search `query`, highlighting the first chosen option it shows, else its first. */
function opened(query: string | null, context: ComboboxContext, activeBy: ActiveBy): ComboboxState {
  const active = activeAfterChange(context.optionsFor(query ?? ''), null, context.selected);
  return { open: true, query, active, activeBy };
}

/**
 * The highlight once the options shown have changed: where it was if that option is still
 * shown, else on the first chosen option shown, else on the first option, else on none.
 */
function activeAfterChange(options: readonly ComboboxOption[], previous: string | null, selected: readonly string[]): string | null {
  if (previous !== null && options.some((option) => option.value === previous)) return previous;
  const chosen = options.find((option) => selected.includes(option.value));
  return (chosen ?? options[0])?.value ?? null;
}

function typed(state: ComboboxState, text: string, context: ComboboxContext): ComboboxTransition {
  if (!context.multiple && text === '') {
    // Deleting the chosen name clears the choice; the list starts over from its top, and a Tab
    // now picks nothing, as after a fresh focus.
    const first = context.optionsFor('')[0]?.value ?? null;
    const effect: ComboboxEffect = context.selected.length > 0 ? { kind: 'clear' } : null;
    return unhandled({ open: true, query: '', active: first, activeBy: 'opening' }, effect);
  }
  if (!state.open) return unhandled(opened(text, context, 'keyboard'));
  const active = activeAfterChange(context.optionsFor(text), state.active, context.selected);
  return unhandled({ open: true, query: text, active, activeBy: 'keyboard' });
}

/**
 * Autofill picks the option it names, if one is named exactly so (case aside), and opens
 * nothing: no one is there to close a list. A multi-select only gains it.
 */
function filled(state: ComboboxState, text: string, context: ComboboxContext): ComboboxTransition {
  const wanted = text.trim().toLocaleLowerCase();
  const named = context.optionsFor(text.trim()).find((option) => option.name.toLocaleLowerCase() === wanted);
  if (!named || (context.multiple && context.selected.includes(named.value))) return unhandled(state);
  return unhandled(state, { kind: 'pick', value: named.value });
}

function keyed(state: ComboboxState, key: ComboboxKey, shift: boolean, context: ComboboxContext): ComboboxTransition {
  const options = (): readonly ComboboxOption[] => context.optionsFor(state.query ?? '');
  switch (key) {
    case 'ArrowDown':
      return handled(state.open ? moved(state, options(), 'next') : opened(state.query, context, 'keyboard'));
    case 'ArrowUp': {
      if (state.open) return handled(moved(state, options(), 'previous'));
      // Up on a closed single select with nothing chosen starts from the bottom, as in a native list.
      const open = opened(state.query, context, 'keyboard');
      return handled(context.multiple || context.selected.length > 0 ? open : moved(open, options(), 'last'));
    }
    case 'Home':
    case 'End':
      // Closed, or with Shift (selecting text), they move the caret in the box.
      if (!state.open || shift) return unhandled(state);
      return handled(moved(state, options(), key === 'Home' ? 'first' : 'last'));
    case 'PageUp':
    case 'PageDown':
      return handled(state.open ? moved(state, options(), key === 'PageUp' ? 'first' : 'last') : state);
    case 'Enter':
      if (!state.open) return unhandled(state);
      if (state.active === null) return handled(CLOSED);
      return { ...picked(state, state.active, context, 'keyboard'), handled: true };
    case 'Escape':
      return state.open ? handled(CLOSED) : unhandled(state);
    case 'Tab': {
      if (!state.open) return unhandled(state);
      // Only a highlight the person moved is picked: a Tab straight through a field picks nothing.
      const picks = !context.multiple && state.activeBy !== 'opening';
      return unhandled(CLOSED, picks && state.active !== null ? { kind: 'pick', value: state.active } : null);
    }
  }
}

/** The highlight moved by the keyboard; it stops at either end rather than wrapping round. */
function moved(state: ComboboxState, options: readonly ComboboxOption[], to: 'next' | 'previous' | 'first' | 'last'): ComboboxState {
  if (options.length === 0) return { ...state, activeBy: 'keyboard' };
  const at = state.active === null ? -1 : options.findIndex((option) => option.value === state.active);
  const last = options.length - 1;
  const index = { next: at === -1 ? 0 : Math.min(at + 1, last), previous: at === -1 ? last : Math.max(at - 1, 0), first: 0, last }[to];
  return { ...state, active: options[index]?.value ?? null, activeBy: 'keyboard' };
}

function hovered(state: ComboboxState, value: string | null): ComboboxState {
  if (!state.open) return state;
  if (value === null) {
    // Leaving the options takes the highlight the pointer gave, so a Tab after it picks nothing.
    return state.activeBy === 'pointer' && state.active !== null ? { ...state, active: null } : state;
  }
  return state.active === value && state.activeBy === 'pointer' ? state : { ...state, active: value, activeBy: 'pointer' };
}

/** An option picked: a single select closes on it; a multi-select stays open, highlighting it. */
function picked(state: ComboboxState, value: string, context: ComboboxContext, activeBy: ActiveBy): ComboboxTransition {
  const effect: ComboboxEffect = { kind: 'pick', value };
  if (!context.multiple) return unhandled(CLOSED, effect);
  return unhandled({ ...state, open: true, active: value, activeBy }, effect);
}
