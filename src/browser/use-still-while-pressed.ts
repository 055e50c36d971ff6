import { useState, useSyncExternalStore } from 'react';
import { pagePresses } from './page-presses';

function subscribe(listener: () => void): () => void {
  return pagePresses().subscribe(listener);
}

function pressedNow(): boolean {
  return pagePresses().pressed();
}

// Welcome rendered to HTML at build time, and any render before the page's scripts, is not pressed.
function notPressed(): boolean {
  return false;
}

/**
 * `value` as the page may show it: while a press is under way, the value it had when the press
 * began; the new one as soon as the press has ended. For whatever decides the height of a line
 * that comes and goes (an error under a field, a banner, a status line), so that nothing above a
 * pressed control moves while the finger is on it. Use it only for what is drawn: what the value
 * means (a field's validity, the form being read only) takes effect at once.
 */
export function useStillWhilePressed<T>(value: T): T {
  const pressed = useSyncExternalStore(subscribe, pressedNow, notPressed);
  const [shownBeforePress, setShownBeforePress] = useState(value);
  if (!pressed && !Object.is(shownBeforePress, value)) setShownBeforePress(value);
  return pressed ? shownBeforePress : value;
}
