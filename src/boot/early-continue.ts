import { EARLY_CONTINUE_ATTRIBUTE } from '../first-paint/page-marks';

/**
 * What a creator does on the Welcome index.html carries before the app has taken over it
 * (scripts/prerender-welcome.ts). On a phone that window is a second or more after Welcome is on
 * screen, and a creator who has read it presses Continue: that press must not be lost.
 *
 * A classic script in index.html's head (first-paint/catch-early-continue.ts) catches the submit
 * of the prerendered form, keeps the page where it is, shows the button busy and marks <html>. The app,
 * once it has drawn its own Welcome, takes the mark (takeEarlyContinue) and submits its own
 * form, as if the press had come then. A control focused with the keyboard meanwhile is focused
 * again in the app's Welcome (focusedControlIndex, focusControlAt): same components, same order.
 * If the app's code cannot be fetched, the starter says so and the next press reloads the page,
 * carrying the press across (CARRIED_CONTINUE_KEY, first-paint/page-marks.ts).
 */

/** Whether Continue was pressed before the app ran; the mark is removed, so it counts once. */
export function takeEarlyContinue(root: Element = document.documentElement): boolean {
  const pressed = root.hasAttribute(EARLY_CONTINUE_ATTRIBUTE);
  root.removeAttribute(EARLY_CONTINUE_ATTRIBUTE);
  return pressed;
}

const FOCUSABLE = 'a[href], button, input, select, textarea, summary, [tabindex]';

/** The place of the focused control among the focusable ones of `scope`, or null when focus is elsewhere. */
export function focusedControlIndex(scope: ParentNode | null, active: Element | null): number | null {
  if (!scope || !active) return null;
  const index = [...scope.querySelectorAll(FOCUSABLE)].indexOf(active);
  return index === -1 ? null : index;
}

/**
 * Focuses the control at `index` among the focusable ones of `scope`, unless focus has gone
 * somewhere of the creator's choosing meanwhile (it is only taken from <body>, where a removed
 * control leaves it).
 */
export function focusControlAt(scope: ParentNode, index: number, doc: Document = document): void {
  if (doc.activeElement && doc.activeElement !== doc.body) return;
  const control = scope.querySelectorAll<HTMLElement>(FOCUSABLE)[index];
  control?.focus({ preventScroll: true });
}
