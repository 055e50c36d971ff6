/**
 * Whether a press is under way anywhere on the page: from a pointer going down until the click
 * it makes has been dispatched. A browser sends that click only if the pointer comes up over the
 * element it went down on, and a touch's click comes a task or more after the touch ends, so a
 * line that appears or goes above the pressed control in between moves it from under the finger
 * and the press is lost. Lines that come and go read this (use-still-while-pressed.ts) and wait.
 */

/** How long after a pointer comes up its click may still come: a touch's comes a task later. */
export const CLICK_WAIT_MS = 300;

/**
 * The longest a press holds the page still. A pointer that went down always comes up or is
 * cancelled, but should an engine ever lose that event, lines must not wait for ever.
 */
export const LONGEST_PRESS_MS = 10_000;

/** What a press watch needs of the page: its events and a timer (a test hands in fakes). */
export interface PressTarget {
  addEventListener(type: string, listener: (event: Event) => void, capture: boolean): void;
  removeEventListener(type: string, listener: (event: Event) => void, capture: boolean): void;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
}

export interface PressWatch {
  /** True from a pointer going down until its click has been dispatched (or it never will be). */
  pressed(): boolean;
  /** Calls `listener` whenever `pressed()` changes; returns the way to stop. */
  subscribe(listener: () => void): () => void;
  /** Stops listening to the page. */
  stop(): void;
}

interface PointerLike extends Event {
  pointerId?: number;
  button?: number;
}

/** Watches `target` (the window) for presses. */
export function watchPresses(target: PressTarget): PressWatch {
  // Each pointer that is down, and the element it went down on.
  const down = new Map<number, EventTarget | null>();
  const listeners = new Set<() => void>();
  let awaitingClick: unknown = null;
  let longest: unknown = null;
  let pressed = false;

  // A press whose element has left the page (an option that closed its list as it was pressed)
  // has nothing left under the finger to keep still; some engines and test doubles then send its
  // pointerup nowhere the window hears.
  const holding = () => awaitingClick !== null || [...down.values()].some((element) => (element as Partial<Node> | null)?.isConnected !== false);

  const settle = () => {
    const now = down.size > 0 || awaitingClick !== null;
    if (now && longest === null) longest = target.setTimeout(giveUp, LONGEST_PRESS_MS);
    if (!now && longest !== null) {
      target.clearTimeout(longest);
      longest = null;
    }
    if (now === pressed) return;
    pressed = now;
    for (const listener of [...listeners]) listener();
  };
  const stopAwaitingClick = () => {
    if (awaitingClick === null) return;
    target.clearTimeout(awaitingClick);
    awaitingClick = null;
  };

  const onDown = (event: Event) => {
    const pointer = event as PointerLike;
    // A secondary button opens a menu and makes no click.
    if (pointer.button !== undefined && pointer.button !== 0) return;
    down.set(pointer.pointerId ?? 0, event.target);
    stopAwaitingClick();
    settle();
  };
  function giveUp() {
    longest = null;
    down.clear();
    stopAwaitingClick();
    settle();
  }
  const onUp = (event: Event) => {
    const pointerId = (event as PointerLike).pointerId ?? 0;
    if (!down.delete(pointerId)) return;
    stopAwaitingClick();
    // A cancelled press (the finger began a scroll) makes no click; an ended one may, soon.
    if (event.type === 'pointerup') awaitingClick = target.setTimeout(afterClick, CLICK_WAIT_MS);
    settle();
  };
  // Settled a task after the click, so that its own handlers run against the page it was aimed at.
  function afterClick() {
    awaitingClick = null;
    settle();
  }
  const onClick = () => {
    if (awaitingClick === null || down.size > 0) return;
    target.clearTimeout(awaitingClick);
    awaitingClick = target.setTimeout(afterClick, 0);
  };

  target.addEventListener('pointerdown', onDown, true);
  target.addEventListener('pointerup', onUp, true);
  target.addEventListener('pointercancel', onUp, true);
  target.addEventListener('click', onClick, true);

  return {
    pressed: () => pressed && holding(),
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    stop() {
      target.removeEventListener('pointerdown', onDown, true);
      target.removeEventListener('pointerup', onUp, true);
      target.removeEventListener('pointercancel', onUp, true);
      target.removeEventListener('click', onClick, true);
      stopAwaitingClick();
      if (longest !== null) target.clearTimeout(longest);
      down.clear();
      listeners.clear();
    },
  };
}
