// The web app manifest's screenshots, shown by Chromium's richer install dialog. One list for
// the manifest (vite.config.ts) and for scripts/generate-screenshots.mjs, which captures them,
// so the sizes the manifest states are the sizes of the files.

/**
 * @typedef {object} ManifestScreenshot
 * @property {string} src path on the site; the file is public/<src>
 * @property {string} sizes width x height in pixels
 * @property {string} type
 * @property {'narrow' | 'wide'} form_factor
 * @property {string} label what it shows, read out by screen readers in the dialog
 */

/**
 * How each screenshot is taken: the step to show and the browser window.
 * @typedef {object} ScreenshotCapture
 * @property {ManifestScreenshot} manifest
 * @property {number} step 0 for Welcome, 1 for Basic Info
 * @property {{ width: number, height: number }} viewport
 * @property {number} deviceScaleFactor
 * @property {boolean} isMobile
 */

/** @param {string} name @param {'narrow' | 'wide'} formFactor @param {{ width: number, height: number }} viewport @param {number} scale @param {string} label @returns {ManifestScreenshot} */
function screenshot(name, formFactor, viewport, scale, label) {
  return {
    src: `/screenshots/${name}-${formFactor}.webp`,
    sizes: `${String(viewport.width * scale)}x${String(viewport.height * scale)}`,
    type: 'image/webp',
    form_factor: formFactor,
    label,
  };
}

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const WELCOME = 'The Welcome step: what the Hartwell creator trade programme offers';
const BASIC_INFO = 'The Basic Info step: your name, contact details and social platforms';

/** @type {ScreenshotCapture[]} */
export const SCREENSHOT_CAPTURES = [
  { manifest: screenshot('welcome', 'narrow', PHONE, 2, WELCOME), step: 0, viewport: PHONE, deviceScaleFactor: 2, isMobile: true },
  { manifest: screenshot('basic-info', 'narrow', PHONE, 2, BASIC_INFO), step: 1, viewport: PHONE, deviceScaleFactor: 2, isMobile: true },
  { manifest: screenshot('welcome', 'wide', DESKTOP, 1, WELCOME), step: 0, viewport: DESKTOP, deviceScaleFactor: 1, isMobile: false },
  { manifest: screenshot('basic-info', 'wide', DESKTOP, 1, BASIC_INFO), step: 1, viewport: DESKTOP, deviceScaleFactor: 1, isMobile: false },
];

/** The manifest's `screenshots` member. */
export const MANIFEST_SCREENSHOTS = SCREENSHOT_CAPTURES.map((capture) => capture.manifest);
