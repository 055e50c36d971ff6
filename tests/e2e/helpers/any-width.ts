/**
 * The tag of a test whose outcome does not depend on the screen's width: the receiver's answers,
 * the device's storage, the configuration's checks, or a test that sets its own window sizes. The
 * phone project skips it (playwright.config.ts), so it runs once, on the desktop project, and the
 * phone's 390 px are spent on what a person sees and presses there.
 */
export const ANY_WIDTH = { tag: '@any-width' };
