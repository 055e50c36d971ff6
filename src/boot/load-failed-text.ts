/**
 * What Welcome says when the code behind Continue could not be fetched (a phone's connection
 * dropped): the app's Welcome when the form's chunk fails, index.html's when the app itself does
 * (scripts/prerender-welcome.ts, starterScript). Continue then tries again.
 */
export const FORM_LOAD_FAILED_TEXT = 'The application form could not be loaded. Check your connection and press Continue again.';
