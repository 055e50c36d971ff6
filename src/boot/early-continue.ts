/**
 * What a creator does on the Welcome index.html carries before the app has taken over it
 * (scripts/prerender-welcome.ts). On a phone that window is a second or more after Welcome is on
 * screen, and a creator who has read it presses Continue: that press must not be lost.
 *
 * A classic script in index.html's head (earlyContinueScript) catches the submit of the
 * prerendered form, keeps the page where it is, shows the button busy and marks <html>. The app,
 * once it has drawn its own Welcome, takes the mark (takeEarlyContinue) and submits its own
 * form, as if the press had come then. A control focused with the keyboard meanwhile is focused
 * again in the app's Welcome (focusedControlIndex, focusControlAt): same components, same order.
 * If the app's code cannot be fetched, the starter says so and the next press reloads the page,
 * carrying the press across (CARRIED_CONTINUE_KEY).
 */

/** The attribute on <html> that says Continue was pressed before the app ran. */
export const EARLY_CONTINUE_ATTRIBUTE = 'data-early-continue';

/**
 * In sessionStorage, for one reload: Continue was pressed while the app's code could not be
 * fetched, and the page is loaded again to fetch it (a browser keeps a failed module fetch for
 * the page's life). The head script turns it back into the mark. A flag, no personal data.
 */
export const CARRIED_CONTINUE_KEY = 'creator-wizard:continue-pressed';

/** The wrapper of the Welcome index.html carries. */
export const PRERENDERED_SELECTOR = '.prerendered';

/**
 * The head's listener, ES5 with no imports, registered before <body> is parsed. It only touches a
 * form inside the prerendered wrapper; once the app has replaced that, every submit passes by.
 * Pressed twice, Continue still counts once.
 */
export function earlyContinueScript(): string {
  return [
    `try{if(sessionStorage.getItem(${JSON.stringify(CARRIED_CONTINUE_KEY)})!==null){sessionStorage.removeItem(${JSON.stringify(CARRIED_CONTINUE_KEY)});`,
    `document.documentElement.setAttribute(${JSON.stringify(EARLY_CONTINUE_ATTRIBUTE)},"")}}catch(e){}`,
    'document.addEventListener("submit",function(e){',
    `var f=e.target;if(!f||!f.closest||!f.closest(${JSON.stringify(PRERENDERED_SELECTOR)}))return;`,
    'e.preventDefault();',
    `document.documentElement.setAttribute(${JSON.stringify(EARLY_CONTINUE_ATTRIBUTE)},"");`,
    'f.setAttribute("aria-busy","true");',
    'var b=f.querySelector("[type=submit]");if(b)b.setAttribute("aria-disabled","true")',
    '},true);',
  ].join('');
}

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
