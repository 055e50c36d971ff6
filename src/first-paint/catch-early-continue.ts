import { CARRIED_CONTINUE_KEY, EARLY_CONTINUE_ATTRIBUTE, PRERENDERED_SELECTOR } from './page-marks';

/**
 * On a phone, the Welcome index.html carries gives way to the app a second or more after it is on
 * screen, and a creator who has read it presses Continue: that press must not be lost. This
 * listener, registered before <body> is parsed, catches the submit of the prerendered form, keeps
 * the page where it is, shows the button busy and marks <html> (EARLY_CONTINUE_ATTRIBUTE); the
 * app makes the press again (boot/early-continue.ts). Once the app has replaced the wrapper,
 * every submit passes by. Pressed twice, Continue still counts once. A press carried across a
 * reload (CARRIED_CONTINUE_KEY, the starter's) becomes the mark again.
 */
export function catchEarlyContinue(page: Window = window): void {
  const root = page.document.documentElement;
  try {
    if (page.sessionStorage.getItem(CARRIED_CONTINUE_KEY) !== null) {
      page.sessionStorage.removeItem(CARRIED_CONTINUE_KEY);
      root.setAttribute(EARLY_CONTINUE_ATTRIBUTE, '');
    }
  } catch {
    // sessionStorage blocked: no press was carried.
  }
  page.document.addEventListener(
    'submit',
    (event) => {
      const form = event.target as Element | null;
      // An engine without closest() leaves the press to the app, as before the script.
      if (!form || typeof form.closest !== 'function' || !form.closest(PRERENDERED_SELECTOR)) return;
      event.preventDefault();
      root.setAttribute(EARLY_CONTINUE_ATTRIBUTE, '');
      form.setAttribute('aria-busy', 'true');
      form.querySelector('[type=submit]')?.setAttribute('aria-disabled', 'true');
    },
    true,
  );
}
