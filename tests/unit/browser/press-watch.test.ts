// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CLICK_WAIT_MS, LONGEST_PRESS_MS, watchPresses, type PressTarget } from '../../../src/browser/press-watch';

/** A page whose events the test fires and whose clock it moves. */
function fakePage() {
  const listeners = new Map<string, Set<(event: Event) => void>>();
  let now = 0;
  let nextId = 1;
  const timers = new Map<number, { at: number; run: () => void }>();
  const target: PressTarget = {
    addEventListener(type, listener) {
      if (!listeners.has(type)) listeners.set(type, new Set());
      listeners.get(type)?.add(listener);
    },
    removeEventListener(type, listener) {
      listeners.get(type)?.delete(listener);
    },
    setTimeout(run, ms) {
      const id = nextId++;
      timers.set(id, { at: now + ms, run });
      return id;
    },
    clearTimeout(timer) {
      timers.delete(timer as number);
    },
  };
  const fire = (type: string, fields: { pointerId?: number; button?: number; target?: { isConnected: boolean } } = {}) => {
    const { target: pressed, ...rest } = fields;
    const event = Object.assign(new Event(type), { pointerId: 1, button: 0, ...rest });
    if (pressed) Object.defineProperty(event, 'target', { value: pressed });
    for (const listener of [...(listeners.get(type) ?? [])]) listener(event);
  };
  const advance = (ms: number) => {
    now += ms;
    for (const [id, timer] of [...timers].sort((a, b) => a[1].at - b[1].at)) {
      if (timer.at > now || !timers.has(id)) continue;
      timers.delete(id);
      timer.run();
    }
  };
  return { target, fire, advance, listenerCount: () => [...listeners.values()].reduce((sum, set) => sum + set.size, 0) };
}

describe('the press watch', () => {
  it('is pressed from a pointer going down until a task after the click it makes', () => {
    const page = fakePage();
    const watch = watchPresses(page.target);
    const seen: boolean[] = [];
    watch.subscribe(() => seen.push(watch.pressed()));
    expect(watch.pressed()).toBe(false);
    page.fire('pointerdown');
    expect(watch.pressed()).toBe(true);
    page.advance(120);
    page.fire('pointerup');
    // The click has not come yet: a touch's comes a task later, and must land where it was aimed.
    expect(watch.pressed()).toBe(true);
    page.advance(40);
    page.fire('click');
    expect(watch.pressed()).toBe(true);
    page.advance(0);
    expect(watch.pressed()).toBe(false);
    expect(seen).toEqual([true, false]);
  });

  it('ends a press that made no click once a click can no longer come', () => {
    const page = fakePage();
    const watch = watchPresses(page.target);
    page.fire('pointerdown');
    page.fire('pointerup');
    page.advance(CLICK_WAIT_MS - 1);
    expect(watch.pressed()).toBe(true);
    page.advance(1);
    expect(watch.pressed()).toBe(false);
  });

  it('ends a cancelled press (a finger that began to scroll) at once', () => {
    const page = fakePage();
    const watch = watchPresses(page.target);
    page.fire('pointerdown');
    page.fire('pointercancel');
    expect(watch.pressed()).toBe(false);
  });

  it('stays pressed while any of several fingers is down', () => {
    const page = fakePage();
    const watch = watchPresses(page.target);
    page.fire('pointerdown', { pointerId: 1 });
    page.fire('pointerdown', { pointerId: 2 });
    page.fire('pointerup', { pointerId: 1 });
    page.fire('click');
    page.advance(CLICK_WAIT_MS);
    expect(watch.pressed()).toBe(true);
    page.fire('pointerup', { pointerId: 2 });
    page.advance(CLICK_WAIT_MS);
    expect(watch.pressed()).toBe(false);
  });

  it('ignores a secondary button, which opens a menu and makes no click, and a pointer it never saw go down', () => {
    const page = fakePage();
    const watch = watchPresses(page.target);
    page.fire('pointerdown', { button: 2 });
    expect(watch.pressed()).toBe(false);
    page.fire('pointerup', { pointerId: 9 });
    expect(watch.pressed()).toBe(false);
  });

  it('holds nothing still for a press whose element has left the page', () => {
    const page = fakePage();
    const watch = watchPresses(page.target);
    const option = { isConnected: true };
    page.fire('pointerdown', { target: option });
    expect(watch.pressed()).toBe(true);
    // The list closed as its option was pressed: its pointerup may never reach the window.
    option.isConnected = false;
    expect(watch.pressed()).toBe(false);
  });

  it('gives up on a press whose end never comes', () => {
    const page = fakePage();
    const watch = watchPresses(page.target);
    page.fire('pointerdown');
    page.advance(LONGEST_PRESS_MS - 1);
    expect(watch.pressed()).toBe(true);
    page.advance(1);
    expect(watch.pressed()).toBe(false);
    // The next press is watched as any other.
    page.fire('pointerdown');
    expect(watch.pressed()).toBe(true);
  });

  it('stops listening to the page when stopped', () => {
    const page = fakePage();
    const watch = watchPresses(page.target);
    expect(page.listenerCount()).toBe(4);
    watch.stop();
    expect(page.listenerCount()).toBe(0);
  });
});
