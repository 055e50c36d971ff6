/**
 * What the first-paint scripts of index.html's head (this folder, compiled into the page by
 * scripts/prerender-welcome.ts) leave on the page for the app to read once it runs: attributes
 * and classes on <html>, a variable of the page, a flag in sessionStorage. Plain constants, so
 * the app and the scripts, which the build compiles separately, meet under the same names.
 */

/** The wrapper of the Welcome index.html carries. */
export const PRERENDERED_SELECTOR = '.prerendered';

/** The attribute on <html> that says Continue was pressed before the app ran. */
export const EARLY_CONTINUE_ATTRIBUTE = 'data-early-continue';

/**
 * In sessionStorage, for one reload: Continue was pressed while the app's code could not be
 * fetched, and the page is loaded again to fetch it (a browser keeps a failed module fetch for
 * the page's life). The head script turns it back into the mark. A flag, no personal data.
 */
export const CARRIED_CONTINUE_KEY = 'creator-wizard:continue-pressed';

/** The class the head script puts on <html> when the page will open on the creator's own step, not on Welcome. */
export const RESUMING_CLASS = 'resuming';

/** The variable of the page holding a resume link's fragment, taken off the address before anything else ran. */
export const RESUME_FRAGMENT_STASH = '__creatorWizardResume';

/** The attribute on <html> naming the language chosen before the app ran (boot/page-language.ts keeps to it). */
export const LANGUAGE_ATTRIBUTE = 'data-language';

/** The class on <html> while #root waits for its language's Welcome (hidden: layout.css). */
export const CHOOSING_CLASS = 'choosing-language';

/** The attribute of <html> holding the load-failure line in the chosen language, for the starter. */
export const LOAD_FAILED_ATTRIBUTE = 'data-load-failed';

/** index.html's loading line, shown instead of Welcome when the page is resuming (layout.css). */
export const RESUMING_LINE_CLASS = 'boot-message--resuming';

/** Marks the script that holds Welcome on a static host, so that a server which rewrites index.html for the config.json it serves can take it out. */
export const CONFIG_HOLD_ATTRIBUTE = 'data-config-hold';
