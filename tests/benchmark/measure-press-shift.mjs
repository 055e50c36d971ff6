// Measurement: how far a pressed control moves while the press is under way (pointer down until
// pointer up), over a scripted walk of both form steps, at 1280 px with a mouse and at 390 px with
// a finger. Each press follows a field edit at once, as a person's does, so leaving the field is
// what the press does first: its check adds or removes error lines (src/browser/press-watch.ts
// and use-still-while-pressed.ts hold them until the press has ended). The page records, for each
// press, the pressed element's box at pointer down and at pointer up; the figure is the largest
// move of any edge. Budget: 0 px (docs/performance.md).
import { PHONE_CONTEXT } from './browser.mjs';
import { pressAt } from '../support/press-at.mjs';
import { BASIC_INFO_HEADING, continueTo, DETAILS_HEADING, WELCOME, choose } from '../support/default-programme.mjs';
/* global window, Element -- the callbacks of addInitScript and evaluate run in the page */

export const HOLD_MS = 120;

/**
 * Installed before the app: the pressed element's box at pointer down, compared at pointer up.
 * Shared with the file list's walk (measure-file-list-press-shift.mjs), so both rows judge a move alike.
 */
export function recordPressShifts() {
  /** @type {{ control: string, shiftPx: number }[]} */
  const shifts = [];
  Object.assign(window, { pressShifts: shifts });
  /** @type {Map<number, { element: Element, box: DOMRect }>} */
  const down = new Map();
  window.addEventListener(
    'pointerdown',
    (event) => {
      if (event.target instanceof Element) down.set(event.pointerId, { element: event.target, box: event.target.getBoundingClientRect() });
    },
    true,
  );
  window.addEventListener(
    'pointerup',
    (event) => {
      const pressed = down.get(event.pointerId);
      down.delete(event.pointerId);
      if (!pressed) return;
      const now = pressed.element.getBoundingClientRect();
      // An option that closed its list as it was chosen is no longer drawn: it did not move, it went.
      if (!pressed.element.isConnected || (now.width === 0 && now.height === 0)) return;
      const shiftPx = Math.max(
        Math.abs(now.top - pressed.box.top),
        Math.abs(now.bottom - pressed.box.bottom),
        Math.abs(now.left - pressed.box.left),
        Math.abs(now.right - pressed.box.right),
      );
      const control =
        pressed.element.closest('button, a, input, [role="combobox"], label')?.textContent?.trim().slice(0, 40) || pressed.element.tagName.toLowerCase();
      shifts.push({ control, shiftPx: Math.round(shiftPx * 100) / 100 });
    },
    true,
  );
}

/**
 * A press as a person makes it, with a mouse or a finger: down where the control is now, held
 * 120 ms, up at the same spot.
 * @param {import('@playwright/test').Page} page
 * @param {import('@playwright/test').Locator} control
 * @param {boolean} touch
 */
async function press(page, control, touch) {
  await control.scrollIntoViewIfNeeded();
  const box = await control.boundingBox();
  if (!box) throw new Error('press-shift: the control to press is not on the page.');
  // Near the top edge, where a control moved down by a line appearing above it is missed first.
  await pressAt(page, { x: box.x + box.width / 2, y: box.y + Math.min(4, box.height / 4) }, { touch, holdMs: HOLD_MS });
}

/**
 * Types into a box without scrolling, so that the press that follows at once is what leaves it.
 * @param {import('@playwright/test').Page} page
 * @param {import('@playwright/test').Locator} box
 * @param {string} text
 */
async function typeInto(page, box, text) {
  await box.evaluate((element) => {
    element.scrollIntoView({ block: 'start' });
    window.scrollBy(0, -96);
    /** @type {HTMLInputElement} */ (element).focus({ preventScroll: true });
  });
  await page.keyboard.type(text, { delay: 30 });
}

/**
 * The walk: Basic Info after an empty Continue, filled top to bottom; each of its controls below
 * the platforms pressed right after an edit; Continue right after the last one; on Details, a
 * select and a yes/no pressed right after an edit, and Continue.
 * @param {import('@playwright/test').Page} page
 * @param {boolean} touch
 */
async function walkBothSteps(page, touch) {
  const label = (/** @type {string} */ text) => page.getByLabel(text, { exact: true });
  const instagram = page.getByRole('group', { name: 'Instagram' });
  const followers = instagram.getByLabel('Follower count', { exact: true });
  const blog = page.getByRole('group', { name: 'Do you have a blog or website?' });
  await page.getByRole('heading', { name: WELCOME.heading }).waitFor();
  await continueTo(page, BASIC_INFO_HEADING);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  for (const [field, text] of /** @type {const} */ ([
    ['Full Name', 'Ada'],
    ['Last Name', 'Lovelace'],
    ['Email Address', 'ada@example.com'],
    ['Phone number', '5551234567'],
    ['Address', '12 Analytical Row'],
    ['City', 'Portland'],
    ['ZIP', '97201'],
    ['State', 'OR'],
    ['Brand Name', 'Ada at Home'],
  ])) {
    await label(field).fill(text);
  }
  await instagram.getByLabel('Handle', { exact: true }).fill('ada.at.home');
  // The platforms' line goes as the press on "No" leaves the follower count.
  await typeInto(page, followers, '12000');
  await press(page, blog.getByRole('radio', { name: 'No' }), touch);
  // A mistyped count's line appears as the press on Add platform leaves the box, then on Remove.
  await followers.fill('');
  await typeInto(page, followers, '12k');
  await press(page, page.getByRole('button', { name: 'Add platform' }), touch);
  await followers.fill('');
  await typeInto(page, followers, '12x');
  await press(page, page.getByRole('button', { name: 'Remove', exact: true }).last(), touch);
  await followers.fill('');
  await typeInto(page, followers, '12000');
  await press(page, blog.getByRole('radio', { name: 'Yes' }), touch);
  await label('Website URL').fill('https://ada.example.com');
  await typeInto(page, label('Monthly traffic'), '3000');
  await press(page, page.getByRole('button', { name: 'Continue', exact: true }), touch);
  await page.getByRole('heading', { name: DETAILS_HEADING }).waitFor();

  await choose(page, 'Pronouns', 'She/her');
  await choose(page, 'Which window treatments interest you?', 'Shades');
  await choose(page, 'How many rooms would you photograph?', 'Two or three rooms');
  await choose(page, 'What is your content niche?', 'Home décor');
  await choose(page, 'When would you like your window treatments installed?', 'In one to three months');
  await typeInto(page, label('Link to your media kit'), 'https://ada.example.com/kit.pdf');
  await press(page, page.getByRole('combobox', { name: 'Have you bought from Hartwell before?' }), touch);
  await page.keyboard.press('Escape');
  for (const question of [
    'Have you worked with other window-treatment companies?',
    'Do you have window treatments installed now?',
    'Do you have children at home?',
    'Do you have pets?',
  ]) {
    await press(page, page.getByRole('group', { name: question }).getByRole('radio', { name: 'No' }), touch);
  }
}

/**
 * @param {{ browser: import('@playwright/test').Browser, url: string }} options
 */
export async function measurePressShift({ browser, url }) {
  /** @type {{ width: number, presses: number, largestShiftPx: number, moved: { control: string, shiftPx: number }[] }[]} */
  const widths = [];
  for (const [options, touch] of /** @type {const} */ ([
    [{ viewport: { width: 1280, height: 800 } }, false],
    [PHONE_CONTEXT, true],
  ])) {
    const context = await browser.newContext({ ...options, serviceWorkers: 'block' });
    try {
      await context.addInitScript(recordPressShifts);
      const page = await context.newPage();
      await page.goto(url);
      await walkBothSteps(page, touch);
      /** @type {{ control: string, shiftPx: number }[]} */
      const shifts = await page.evaluate(() => /** @type {any} */ (window).pressShifts);
      widths.push({
        width: options.viewport.width,
        presses: shifts.length,
        largestShiftPx: Math.max(0, ...shifts.map((shift) => shift.shiftPx)),
        moved: shifts.filter((shift) => shift.shiftPx > 0),
      });
    } finally {
      await context.close();
    }
  }
  return { holdMs: HOLD_MS, widths, largestShiftPx: Math.max(...widths.map((width) => width.largestShiftPx)) };
}
