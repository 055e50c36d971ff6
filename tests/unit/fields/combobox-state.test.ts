// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  CLOSED,
  comboboxTransition,
  type ComboboxContext,
  type ComboboxEvent,
  type ComboboxKey,
  type ComboboxState,
} from '../../../src/fields/combobox/combobox-state';

const NAMES = ['apple', 'apricot', 'banana', 'blueberry', 'cherry'];

/** A list of fruits searched by the start of their names; `selected` chosen, single unless `multiple`. */
function context(selected: readonly string[] = [], multiple = false, names: readonly string[] = NAMES): ComboboxContext {
  return {
    multiple,
    selected,
    optionsFor: (query) =>
      names.filter((name) => name.startsWith(query.toLowerCase())).map((value) => ({ value, name: value[0]!.toUpperCase() + value.slice(1) })),
  };
}

function key(name: ComboboxKey, { shift = false, composing = false } = {}): ComboboxEvent {
  return { type: 'key', key: name, shift, composing };
}

/** Runs `events` from `state`, returning the last transition. */
function run(state: ComboboxState, events: readonly ComboboxEvent[], ctx = context()) {
  let transition = { state, effect: null, handled: false } as ReturnType<typeof comboboxTransition>;
  for (const event of events) transition = comboboxTransition(transition.state, event, ctx);
  return transition;
}

const open = (ctx = context()) => comboboxTransition(CLOSED, { type: 'focus' }, ctx).state;

describe('opening', () => {
  it('opens on focus, on the first option when nothing is chosen, with no search', () => {
    expect(open()).toEqual({ open: true, query: null, active: 'apple', activeBy: 'opening' });
  });

  it('opens on the chosen option, the first one shown of several', () => {
    expect(open(context(['cherry'])).active).toBe('cherry');
    expect(open(context(['cherry', 'banana'], true)).active).toBe('banana');
  });

  it('opens on a press on the focused box and on the chevron, not again when open', () => {
    expect(comboboxTransition(CLOSED, { type: 'press' }, context()).state.open).toBe(true);
    expect(comboboxTransition(CLOSED, { type: 'toggle' }, context()).state.open).toBe(true);
    const opened = { ...open(), active: 'banana', activeBy: 'keyboard' as const };
    expect(comboboxTransition(opened, { type: 'focus' }, context()).state).toBe(opened);
    expect(comboboxTransition(opened, { type: 'press' }, context()).state).toBe(opened);
  });

  it('closes on the chevron when open', () => {
    expect(comboboxTransition(open(), { type: 'toggle' }, context()).state).toEqual(CLOSED);
  });

  it('opens with ArrowDown on the chosen or first option, and with ArrowUp on the last when nothing is chosen', () => {
    expect(run(CLOSED, [key('ArrowDown')]).state).toMatchObject({ open: true, active: 'apple' });
    expect(run(CLOSED, [key('ArrowDown')], context(['banana'])).state.active).toBe('banana');
    expect(run(CLOSED, [key('ArrowUp')]).state.active).toBe('cherry');
    expect(run(CLOSED, [key('ArrowUp')], context(['banana'])).state.active).toBe('banana');
    expect(run(CLOSED, [key('ArrowUp')], context([], true)).state.active).toBe('apple');
    expect(run(CLOSED, [key('ArrowDown')]).handled).toBe(true);
  });

  it('has no highlight on a list with no options', () => {
    expect(open(context([], false, [])).active).toBeNull();
  });
});

describe('moving the highlight', () => {
  it('moves with the arrows and stops at either end', () => {
    expect(run(open(), [key('ArrowDown'), key('ArrowDown')]).state.active).toBe('banana');
    expect(run(open(), [key('ArrowUp')]).state.active).toBe('apple');
    expect(run(open(), [key('End'), key('ArrowDown')]).state.active).toBe('cherry');
  });

  it('goes to the first and last option with Home, End, PageUp and PageDown', () => {
    expect(run(open(), [key('End')]).state.active).toBe('cherry');
    expect(run(open(), [key('End'), key('Home')]).state.active).toBe('apple');
    expect(run(open(), [key('PageDown')]).state.active).toBe('cherry');
    expect(run(open(), [key('PageDown'), key('PageUp')]).state.active).toBe('apple');
  });

  it('leaves Home and End to the caret while closed or with Shift', () => {
    expect(run(CLOSED, [key('Home')])).toEqual({ state: CLOSED, effect: null, handled: false });
    const shifted = run(open(), [key('End', { shift: true })]);
    expect(shifted.handled).toBe(false);
    expect(shifted.state.active).toBe('apple');
  });

  it('takes PageUp and PageDown while closed, changing nothing', () => {
    expect(run(CLOSED, [key('PageDown')])).toEqual({ state: CLOSED, effect: null, handled: true });
  });

  it('starts from the top or the bottom when nothing is highlighted', () => {
    const none = { ...open(), active: null };
    expect(comboboxTransition(none, key('ArrowDown'), context()).state.active).toBe('apple');
    expect(comboboxTransition(none, key('ArrowUp'), context()).state.active).toBe('cherry');
  });

  it("marks a move as the keyboard's", () => {
    expect(run(open(), [key('ArrowDown')]).state.activeBy).toBe('keyboard');
  });

  it('ignores every key while an input method is composing', () => {
    const state = open();
    for (const name of ['ArrowDown', 'Enter', 'Escape', 'Tab'] as const) {
      expect(comboboxTransition(state, key(name, { composing: true }), context())).toEqual({ state, effect: null, handled: false });
    }
  });
});

describe('typing', () => {
  it('searches and opens a closed list, on the first option shown', () => {
    expect(run(CLOSED, [{ type: 'type', text: 'b' }]).state).toEqual({ open: true, query: 'b', active: 'banana', activeBy: 'keyboard' });
  });

  it('opens on the chosen option when the search shows it', () => {
    expect(run(CLOSED, [{ type: 'type', text: 'b' }], context(['blueberry'])).state.active).toBe('blueberry');
  });

  it('keeps the highlight on an option the new search still shows, else takes the first shown', () => {
    const onApricot = run(open(), [key('ArrowDown')]).state;
    expect(comboboxTransition(onApricot, { type: 'type', text: 'ap' }, context()).state.active).toBe('apricot');
    expect(comboboxTransition(onApricot, { type: 'type', text: 'c' }, context()).state.active).toBe('cherry');
  });

  it('has no highlight when the search matches nothing', () => {
    expect(run(open(), [{ type: 'type', text: 'zz' }]).state).toMatchObject({ open: true, query: 'zz', active: null });
  });

  it("clears a single select's value when its name is deleted, and starts again from the top", () => {
    const emptied = run(
      open(context(['banana'])),
      [
        { type: 'type', text: 'b' },
        { type: 'type', text: '' },
      ],
      context(['banana']),
    );
    expect(emptied.effect).toEqual({ kind: 'clear' });
    expect(emptied.state).toEqual({ open: true, query: '', active: 'apple', activeBy: 'opening' });
  });

  it('clears nothing when nothing was chosen, nor in a multi-select', () => {
    expect(run(open(), [{ type: 'type', text: '' }]).effect).toBeNull();
    const multi = context(['banana'], true);
    const emptied = run(
      open(multi),
      [
        { type: 'type', text: 'c' },
        { type: 'type', text: '' },
      ],
      multi,
    );
    expect(emptied.effect).toBeNull();
    expect(emptied.state).toMatchObject({ query: '', active: 'cherry', activeBy: 'keyboard' });
  });
});

describe('picking', () => {
  it('picks the highlighted option with Enter, and a single select closes', () => {
    const picked = run(open(), [key('ArrowDown'), key('Enter')]);
    expect(picked).toEqual({ state: CLOSED, effect: { kind: 'pick', value: 'apricot' }, handled: true });
  });

  it('keeps a multi-select open on Enter, its highlight and search where they were', () => {
    const multi = context([], true);
    const picked = run(open(multi), [{ type: 'type', text: 'b' }, key('ArrowDown'), key('Enter')], multi);
    expect(picked.effect).toEqual({ kind: 'pick', value: 'blueberry' });
    expect(picked.state).toMatchObject({ open: true, query: 'b', active: 'blueberry' });
  });

  it('closes without picking on Enter with nothing highlighted', () => {
    expect(run(open(), [{ type: 'type', text: 'zz' }, key('Enter')])).toEqual({ state: CLOSED, effect: null, handled: true });
  });

  it('leaves Enter to the page while closed', () => {
    expect(run(CLOSED, [key('Enter')]).handled).toBe(false);
  });

  it('picks a pressed option, closing a single select and keeping a multi-select open on it', () => {
    expect(run(open(), [{ type: 'pick', value: 'cherry' }])).toEqual({ state: CLOSED, effect: { kind: 'pick', value: 'cherry' }, handled: false });
    const multi = context([], true);
    const picked = run(open(multi), [{ type: 'pick', value: 'cherry' }], multi);
    expect(picked.effect).toEqual({ kind: 'pick', value: 'cherry' });
    expect(picked.state).toMatchObject({ open: true, active: 'cherry', activeBy: 'pointer' });
  });
});

describe('autofill', () => {
  it('picks the option it names exactly, case aside, and opens nothing', () => {
    expect(run(CLOSED, [{ type: 'fill', text: 'Cherry' }])).toEqual({ state: CLOSED, effect: { kind: 'pick', value: 'cherry' }, handled: false });
    expect(run(CLOSED, [{ type: 'fill', text: 'BANANA ' }]).effect).toEqual({ kind: 'pick', value: 'banana' });
  });

  it('picks nothing for a name no option has whole', () => {
    expect(run(CLOSED, [{ type: 'fill', text: 'Blue' }])).toEqual({ state: CLOSED, effect: null, handled: false });
    expect(run(CLOSED, [{ type: 'fill', text: 'Kiwi' }]).effect).toBeNull();
  });

  it('only adds to a multi-select, never takes a value away', () => {
    expect(run(CLOSED, [{ type: 'fill', text: 'Cherry' }], context([], true)).effect).toEqual({ kind: 'pick', value: 'cherry' });
    expect(run(CLOSED, [{ type: 'fill', text: 'Cherry' }], context(['cherry'], true)).effect).toBeNull();
  });
});

describe('Tab', () => {
  it('picks nothing when the list opened on focus and the person only passed through', () => {
    expect(run(CLOSED, [{ type: 'focus' }, key('Tab')])).toEqual({ state: CLOSED, effect: null, handled: false });
    expect(run(CLOSED, [{ type: 'toggle' }, key('Tab')]).effect).toBeNull();
    expect(run(CLOSED, [{ type: 'focus' }], context(['banana'])).state.active).toBe('banana');
  });

  it('picks what the arrows, a search or the pointer highlighted in a single select', () => {
    expect(run(open(), [key('ArrowDown'), key('Tab')]).effect).toEqual({ kind: 'pick', value: 'apricot' });
    expect(run(open(), [{ type: 'type', text: 'ch' }, key('Tab')]).effect).toEqual({ kind: 'pick', value: 'cherry' });
    expect(run(open(), [{ type: 'hover', value: 'banana' }, key('Tab')]).effect).toEqual({ kind: 'pick', value: 'banana' });
  });

  it('picks nothing after the box was emptied, nor in a multi-select', () => {
    expect(run(open(), [{ type: 'type', text: 'b' }, { type: 'type', text: '' }, key('Tab')]).effect).toBeNull();
    const multi = context([], true);
    expect(run(open(multi), [key('ArrowDown'), key('Tab')], multi)).toEqual({ state: CLOSED, effect: null, handled: false });
  });

  it('leaves the focus to move on: never handled', () => {
    expect(run(open(), [key('ArrowDown'), key('Tab')]).handled).toBe(false);
  });
});

describe('closing', () => {
  it('closes on Escape, forgetting the search, and takes the key only when open', () => {
    expect(run(open(), [{ type: 'type', text: 'b' }, key('Escape')])).toEqual({ state: CLOSED, effect: null, handled: true });
    expect(run(CLOSED, [key('Escape')]).handled).toBe(false);
  });

  it('closes when the focus leaves, picking nothing', () => {
    expect(run(open(), [key('ArrowDown'), { type: 'blur' }])).toEqual({ state: CLOSED, effect: null, handled: false });
  });
});

describe('the pointer', () => {
  it("highlights the option it moves onto, without marking it as the keyboard's", () => {
    expect(run(open(), [{ type: 'hover', value: 'banana' }]).state).toMatchObject({ active: 'banana', activeBy: 'pointer' });
  });

  it("takes its highlight away when it leaves the options, but not the keyboard's", () => {
    expect(
      run(open(), [
        { type: 'hover', value: 'banana' },
        { type: 'hover', value: null },
      ]).state.active,
    ).toBeNull();
    expect(run(open(), [key('ArrowDown'), { type: 'hover', value: null }]).state.active).toBe('apricot');
  });

  it('changes nothing over a closed list, nor on the same option again', () => {
    expect(comboboxTransition(CLOSED, { type: 'hover', value: 'banana' }, context()).state).toBe(CLOSED);
    const onBanana = run(open(), [{ type: 'hover', value: 'banana' }]).state;
    expect(comboboxTransition(onBanana, { type: 'hover', value: 'banana' }, context()).state).toBe(onBanana);
  });
});

describe('the options changing under the search', () => {
  it('keeps the highlight on an option still listed, else moves it to the chosen or first one', () => {
    const onBanana = run(open(), [key('ArrowDown'), key('ArrowDown')]).state;
    expect(comboboxTransition(onBanana, { type: 'options-changed' }, context([], false, ['cherry', 'banana'])).state).toBe(onBanana);
    expect(comboboxTransition(onBanana, { type: 'options-changed' }, context([], false, ['cherry', 'date'])).state.active).toBe('cherry');
    expect(comboboxTransition(onBanana, { type: 'options-changed' }, context(['date'], false, ['cherry', 'date'])).state.active).toBe('date');
  });

  it('leaves a closed list closed', () => {
    expect(comboboxTransition(CLOSED, { type: 'options-changed' }, context()).state).toBe(CLOSED);
  });
});
