// The web app manifest's screenshots, shown by Chromium's richer install dialog. One list for
// the manifest (vite.config.ts) and for scripts/generate-screenshots.mjs, which captures them,
// so the sizes the manifest states are the sizes of the files.
//
// They are pictures of one programme: the public/config.json they were captured from, whose
// digest `npm run generate:screenshots` records beside them (SCREENSHOTS_RECORD). A build ships
// them only while public/config.json is still that programme: an install dialog must not show a
// creator another programme's pages. Their labels are that programme's words (its title and the
// steps' names), in its language.
import { programmeDigest } from '../server/programme/programme-digest.mjs';

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
 * @property {string} src path on the site; the file is public/<src>
 * @property {string} sizes width x height in pixels
 * @property {'narrow' | 'wide'} formFactor
 * @property {number} step 0 for Welcome, 1 for Basic Info
 * @property {{ width: number, height: number }} viewport
 * @property {number} deviceScaleFactor
 * @property {boolean} isMobile
 */

/**
 * The record of the programme the screenshots show, beside them (served too: it holds only a digest and a title).
 * @typedef {{ configDigest: string, programmeTitle: string }} ScreenshotsRecord
 */

/** From the project's root. */
export const SCREENSHOTS_RECORD = 'public/screenshots/programme.json';

/**
 * @param {string} name @param {'narrow' | 'wide'} formFactor @param {{ width: number, height: number }} viewport
 * @param {number} scale @param {number} step @param {boolean} isMobile
 * @returns {ScreenshotCapture}
 */
function capture(name, formFactor, viewport, scale, step, isMobile) {
  return {
    src: `/screenshots/${name}-${formFactor}.webp`,
    sizes: `${String(viewport.width * scale)}x${String(viewport.height * scale)}`,
    formFactor,
    step,
    viewport,
    deviceScaleFactor: scale,
    isMobile,
  };
}

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** @type {ScreenshotCapture[]} */
export const SCREENSHOT_CAPTURES = [
  capture('welcome', 'narrow', PHONE, 2, 0, true),
  capture('basic-info', 'narrow', PHONE, 2, 1, true),
  capture('welcome', 'wide', DESKTOP, 1, 0, false),
  capture('basic-info', 'wide', DESKTOP, 1, 1, false),
];

/**
 * The record `npm run generate:screenshots` writes for the public/config.json it captured.
 * @param {string} configText
 * @returns {ScreenshotsRecord}
 */
export function screenshotsRecord(configText) {
  const { programmeTitle } = /** @type {{ programmeTitle: string }} */ (JSON.parse(configText));
  return { configDigest: programmeDigest(configText), programmeTitle };
}

/**
 * The manifest's `screenshots` member for a build of public/config.json: none when the
 * screenshots were made from another programme, or it is not known which (no record).
 * @param {string} configText public/config.json's text
 * @param {string | null} recordText SCREENSHOTS_RECORD's text, null when there is none
 * @returns {ManifestScreenshot[]}
 */
export function manifestScreenshots(configText, recordText) {
  let record;
  try {
    record = /** @type {Partial<ScreenshotsRecord>} */ (JSON.parse(recordText ?? 'null'));
  } catch {
    return [];
  }
  if (record?.configDigest !== programmeDigest(configText)) return [];
  const config = /** @type {{ programmeTitle: string, steps: Array<{ name: string }> }} */ (JSON.parse(configText));
  return SCREENSHOT_CAPTURES.map((each) => ({
    src: each.src,
    sizes: each.sizes,
    type: 'image/webp',
    form_factor: each.formFactor,
    label: `${config.programmeTitle} · ${config.steps[each.step]?.name ?? ''}`,
  }));
}
