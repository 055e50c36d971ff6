// Measurement: how far a pressed control moves while the press is under way (pointer down until
// pointer up) on the file list, at 1280 px with a mouse and at 390 px with a finger, against the
// real receiver serving docs/examples/config.files.json (room photos on Details). Large photos
// (file-fixtures.mjs: 4000 × 3000, about 4.5 MB) take a second or more each to be made smaller
// and kept, so the list grows, the "Keeping N files on this device…" line comes and goes and the
// rows' upload lines change while Remove and Continue are pressed:
//  1. three photos chosen; Remove pressed on the first row about when the second should join it;
//  2. two more chosen, the uploads held back meanwhile; Remove pressed on the first row once the
//     first of them is listed, and the held uploads let go at pointer down, so the rows' upload
//     lines change under the press;
//  3. a sixth chosen, and Continue pressed about when it should join the list, the step otherwise
//     complete: Continue waits for it, then sends.
// Each press stays down until the file field changes (a row joins, a line changes) or a cap, so
// that most presses span a change: the row counts those that did. The cap is 3 s for a finger
// (at 450 ms, none of the phone's presses spanned one) and 5 s for a mouse; the row also says
// whether the application was sent, which it is not if Continue's press clicked nothing. The pressed element's box at pointer down and up is recorded by the same page-side
// recorder as the form steps' walk (measure-press-shift.mjs). Budget: 0 px (docs/performance.md).
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { answer, choose } from '../support/default-programme.mjs';
import { pressAt } from '../support/press-at.mjs';
import { PHONE_CONTEXT } from './browser.mjs';
import { makeFileFixtures } from './file-fixtures.mjs';
import { openDetails, PHOTOS_LABEL, serveFilesProgramme, spawnReceiver } from './measure-files.mjs';
import { HOLD_MS, recordPressShifts } from './measure-press-shift.mjs';
/* global window, document, performance, MutationObserver, Element -- the callbacks of addInitScript and evaluate run in the page */

const FINGER_HOLD_CAP_MS = 3000;
const MOUSE_HOLD_CAP_MS = 5000;
/** How long before a photo should join the list a press goes down (steps 1 and 3). */
const LEAD_MS = 250;
const KEPT_TIMEOUT_MS = 180_000;
/** Continue waits for the sixth photo, then the four left are uploaded (on this machine) and the application sent. */
const SENT_TIMEOUT_MS = 60_000;
const THANKS = 'Thank you for applying!';

/** Installed before the app: when the file fields changed, and when each press went down and up. */
function recordFieldChanges() {
  /** @type {number[]} */
  const changes = [];
  /** @type {{ down: number, up: number }[]} */
  const presses = [];
  Object.assign(window, { fileFieldChanges: changes, pressTimes: presses });
  new MutationObserver((records) => {
    const within = records.some((record) => Boolean((record.target instanceof Element ? record.target : record.target.parentElement)?.closest('.file-field')));
    if (within) changes.push(performance.now());
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['value', 'class'] });
  let down = 0;
  window.addEventListener(
    'pointerdown',
    () => {
      down = performance.now();
    },
    true,
  );
  window.addEventListener(
    'pointerup',
    () => {
      presses.push({ down, up: performance.now() });
    },
    true,
  );
}

/** @typedef {{ page: import('@playwright/test').Page, touch: boolean }} Walker */

/**
 * A press on `control` that stays down until the file field changes (at least 120 ms, at most
 * the cap), `atDown` run as it goes down.
 * @param {Walker} walker
 * @param {import('@playwright/test').Locator} control
 * @param {() => void} [atDown]
 */
async function pressThroughChange({ page, touch }, control, atDown) {
  await control.scrollIntoViewIfNeeded();
  const box = await control.boundingBox();
  if (!box) throw new Error('file-list press shift: the control to press is not on the page.');
  const seen = await page.evaluate(() => /** @type {any} */ (window).fileFieldChanges.length);
  const hold = async () => {
    const started = Date.now();
    atDown?.();
    const cap = touch ? FINGER_HOLD_CAP_MS : MOUSE_HOLD_CAP_MS;
    await page
      .waitForFunction((count) => /** @type {any} */ (window).fileFieldChanges.length > count, seen, { polling: 'raf', timeout: cap })
      .catch(() => undefined);
    const left = Math.min(HOLD_MS, cap) - (Date.now() - started);
    if (left > 0) await page.waitForTimeout(left);
  };
  // Near the top edge, where a control moved down by a line appearing above it is missed first.
  await pressAt(page, { x: box.x + box.width / 2, y: box.y + Math.min(4, box.height / 4) }, { touch, hold });
}

/** Every required answer of Details but the photos, each answered by a click (not counted: the presses are cleared after). */
async function answerDetailsButFiles(/** @type {import('@playwright/test').Page} */ page) {
  await choose(page, 'Which window treatments interest you?', 'Shades');
  await choose(page, 'What is your content niche?', 'Home décor');
  await choose(page, 'When would you like your window treatments installed?', 'In one to three months');
  await choose(page, 'Have you bought from Hartwell before?', 'No');
  for (const question of [
    'Have you worked with other window-treatment companies?',
    'Do you have window treatments installed now?',
    'Do you have children at home?',
    'Do you have pets?',
  ]) {
    await answer(page, question, 'No');
  }
}

/**
 * The walk on one device.
 * @param {Walker} walker
 * @param {string[]} photos six large photos
 */
async function walkFileList(walker, photos) {
  const { page } = walker;
  const input = page.getByLabel(PHOTOS_LABEL, { exact: true });
  const field = page.locator('.file-field').filter({ has: input });
  const removes = field.locator('.file-item__remove');
  const keptAll = () => expect(field.locator('.file-field__status [role="status"]')).toBeEmpty({ timeout: KEPT_TIMEOUT_MS });
  const until = (/** @type {number} */ at) => page.waitForTimeout(Math.max(0, at - Date.now()));
  // Uploads (their creation and their bytes) are held back until step 2 lets them go.
  /** @type {import('@playwright/test').Route[]} */
  const held = [];
  let holding = true;
  await page.route('**/api/uploads**', (route) => {
    if (holding && ['POST', 'PATCH'].includes(route.request().method())) held.push(route);
    else void route.continue();
  });
  const letGo = () => {
    holding = false;
    for (const route of held.splice(0)) void route.continue();
  };
  await answerDetailsButFiles(page);
  await page.evaluate(() => {
    /** @type {any} */ (window).pressShifts.length = 0;
    /** @type {any} */ (window).pressTimes.length = 0;
  });

  // 1. The first photo listed, the next two still being kept: Remove on it, going down about when
  //    the second should join (each photo taking about as long as the first).
  const chosen = Date.now();
  await input.setInputFiles(photos.slice(0, 3));
  await removes.first().waitFor({ timeout: KEPT_TIMEOUT_MS });
  const firstKeptMs = Date.now() - chosen;
  await until(chosen + 2 * firstKeptMs - LEAD_MS);
  await pressThroughChange(walker, removes.first());
  await keptAll();

  // 2. Two more; once the first of them is listed, Remove on the first row, the uploads let go at pointer down.
  const before = await removes.count();
  await input.setInputFiles(photos.slice(3, 5));
  await removes.nth(before).waitFor({ timeout: KEPT_TIMEOUT_MS });
  await pressThroughChange(walker, removes.first(), letGo);
  await keptAll();
  letGo();

  // 3. A sixth, and Continue pressed about when it should join the list (as long as the first took).
  const chosenLast = Date.now();
  await input.setInputFiles(photos.slice(5, 6));
  await until(chosenLast + firstKeptMs - LEAD_MS);
  await pressThroughChange(walker, page.getByRole('button', { name: 'Continue', exact: true }));
  const sent = await page
    .getByRole('heading', { name: THANKS })
    .waitFor({ timeout: SENT_TIMEOUT_MS })
    .then(
      () => true,
      () => false,
    );
  return { firstKeptMs, sent };
}

/**
 * @param {{ browser: import('@playwright/test').Browser, dist: string, log: (line: string) => void }} options
 */
export async function measureFileListPressShift({ browser, dist, log }) {
  const temp = await mkdtemp(join(tmpdir(), 'bench-file-list-press-'));
  /** @type {import('./measure-files.mjs').Receiver | null} */
  let receiver = null;
  try {
    log('file-list press shift: making six 4000 × 3000 photos');
    const fixturesDir = join(temp, 'fixtures');
    await mkdir(fixturesDir);
    const fixtures = await makeFileFixtures(fixturesDir);
    const { root, dataDir } = await serveFilesProgramme(dist, temp);
    receiver = await spawnReceiver(root, dataDir);
    /** @type {{ width: number, input: 'mouse' | 'finger', presses: number, pressesDuringChange: number, largestShiftPx: number, moved: { control: string, shiftPx: number }[], firstKeptMs: number, sent: boolean }[]} */
    const widths = [];
    for (const [options, touch] of /** @type {const} */ ([
      [{ viewport: { width: 1280, height: 800 } }, false],
      [PHONE_CONTEXT, true],
    ])) {
      log(`file-list press shift: ${String(options.viewport.width)} px, ${touch ? 'finger' : 'mouse'}`);
      const { context, page } = await openDetails(browser, receiver.url, options, [recordPressShifts, recordFieldChanges]);
      try {
        const { firstKeptMs, sent } = await walkFileList({ page, touch }, fixtures.photos);
        /** @type {{ shifts: { control: string, shiftPx: number }[], times: { down: number, up: number }[], changes: number[] }} */
        const seen = await page.evaluate(() => {
          const bench = /** @type {any} */ (window);
          return { shifts: bench.pressShifts, times: bench.pressTimes, changes: bench.fileFieldChanges };
        });
        widths.push({
          width: options.viewport.width,
          input: touch ? 'finger' : 'mouse',
          presses: seen.shifts.length,
          pressesDuringChange: seen.times.filter((press) => seen.changes.some((at) => at > press.down && at <= press.up)).length,
          largestShiftPx: Math.max(0, ...seen.shifts.map((shift) => shift.shiftPx)),
          moved: seen.shifts.filter((shift) => shift.shiftPx > 0),
          firstKeptMs,
          sent,
        });
      } finally {
        await context.close();
      }
    }
    return {
      photoBytes: fixtures.photoBytes,
      holdCapMs: { finger: FINGER_HOLD_CAP_MS, mouse: MOUSE_HOLD_CAP_MS },
      minHoldMs: HOLD_MS,
      widths,
      largestShiftPx: Math.max(...widths.map((width) => width.largestShiftPx)),
    };
  } finally {
    await receiver?.stop();
    await rm(temp, { recursive: true, force: true });
  }
}
