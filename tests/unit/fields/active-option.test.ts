// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { createActiveOption } from '../../../src/fields/combobox/active-option';

describe('createActiveOption', () => {
  it('tells only the option the highlight leaves and the one it reaches', () => {
    const active = createActiveOption();
    const heard = { a: vi.fn(), b: vi.fn(), c: vi.fn() };
    for (const [value, listener] of Object.entries(heard)) active.subscribe(value, listener);

    active.set('a');
    active.set('b');
    expect(heard.a).toHaveBeenCalledTimes(2);
    expect(heard.b).toHaveBeenCalledOnce();
    expect(heard.c).not.toHaveBeenCalled();
    expect(active.is('b')).toBe(true);
    expect(active.is('a')).toBe(false);
  });

  it('tells no one when the highlight stays, and tells the last option when it goes', () => {
    const active = createActiveOption();
    const listener = vi.fn();
    active.subscribe('a', listener);
    active.set('a');
    active.set('a');
    expect(listener).toHaveBeenCalledOnce();
    active.set(null);
    expect(listener).toHaveBeenCalledTimes(2);
    expect(active.is('a')).toBe(false);
  });

  it('stops telling an option once it unsubscribes', () => {
    const active = createActiveOption();
    const listener = vi.fn();
    const unsubscribe = active.subscribe('a', listener);
    unsubscribe();
    active.set('a');
    expect(listener).not.toHaveBeenCalled();
  });
});
