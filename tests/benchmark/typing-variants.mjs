// What a keystroke on Basic Info pays for, by taking parts of the page away: the typing
// measurement of `npm run bench` (the same probe, bursts and 4x CPU) on the built app as it is
// and on copies of it changed in the browser, each against the floor page, bursts interleaved.
// Not part of `npm run bench`: an experiment's tool, whose figures docs/performance.md quotes.
//
//   npm run build && node tests/benchmark/typing-variants.mjs --dist=dist --bursts=5 app,one-field-form,no-react-keys,one-field-form+no-react-keys
//   node tests/benchmark/typing-variants.mjs --dist=dist --bursts=5 app,no-scripts,no-scripts+one-field-form
//
// Variants (joined with + to combine):
//   app              the build as it is
//   one-field-form   the other fields of Full Name's form owner taken out of the page, so Chromium's
//                    autofill reads a form of one field after each keystroke instead of eleven
//   no-scripts       the app's page copied once settled, with its scripts taken out (the benchmark's
//                    "same page without its scripts"): what the page costs the browser by itself
//   no-react-keys    React's root listeners for the keystroke's events (keydown, keypress, textInput,
//                    beforeinput, input, keyup, selectionchange) never added, so no React code runs
//                    for a keystroke (every React handler of those events is gone too: a measurement,
//                    not a way to run the app)
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import { parseArgs } from 'node:util';
import { launchBrowser } from './browser.mjs';
import { startBenchServer } from './bench-server.mjs';
import { keystrokeTimings, openApp, openFloor, openPageWithoutScripts, openTarget, typeBurst } from './measure-typing.mjs';
import { BASIC_INFO_HEADING, continueTo, TYPING_FIELD, WELCOME } from '../support/default-programme.mjs';
/* global document, EventTarget, Element -- the callbacks of page.evaluate and addInitScript run in the page */

const KEY_INTERVAL_MS = 100;
const KNOWN = new Set(['app', 'one-field-form', 'no-scripts', 'no-react-keys']);

/** Takes every other field of the typed box's form group out of the page (runs in the page). */
function keepOnlyTypedFieldInItsForm(/** @type {string} */ label) {
  const box = [...document.querySelectorAll('input')].find((input) => input.labels?.[0]?.textContent?.trim() === label);
  const field = box?.closest('.field');
  if (!box?.form || !field?.parentElement) throw new Error(`no form-owned text box labelled ${label}`);
  for (const sibling of [...field.parentElement.children]) if (sibling !== field) sibling.remove();
}

/** Keeps React from listening for a keystroke's events on its root and the document (an init script). */
function withoutReactKeyListeners() {
  const skipped = new Set(['keydown', 'keypress', 'textInput', 'beforeinput', 'input', 'keyup', 'selectionchange']);
  const add = EventTarget.prototype.addEventListener;
  /** @type {(this: EventTarget, type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions) => void} */
  const addUnlessReact = function (type, listener, options) {
    const isRootOrDocument = this === document || (this instanceof Element && this.id === 'root');
    if (isRootOrDocument && skipped.has(type)) return;
    add.call(this, type, listener, options);
  };
  EventTarget.prototype.addEventListener = addUnlessReact;
}

/** The app's Basic Info without its scripts, taken from an app page opened for the purpose and closed after. */
async function openCopyOfApp(/** @type {string} */ url, /** @type {boolean} */ oneFieldForm) {
  const app = await openApp(browser, url);
  try {
    const copy = await openPageWithoutScripts(browser, url, app.page);
    if (oneFieldForm) await copy.page.evaluate(keepOnlyTypedFieldInItsForm, TYPING_FIELD);
    return copy;
  } finally {
    await app.context.close();
  }
}

const { values, positionals } = parseArgs({
  options: { dist: { type: 'string', default: 'dist' }, bursts: { type: 'string', default: '5' } },
  allowPositionals: true,
});
const variants = (positionals[0] ?? 'app').split(',');
for (const part of variants.flatMap((variant) => variant.split('+')))
  if (!KNOWN.has(part)) throw new Error(`unknown variant part "${part}"; known: ${[...KNOWN].join(', ')}`);
const bursts = Number(values.bursts);
const root = await mkdtemp(join(tmpdir(), 'typing-variants-'));
const server = await startBenchServer({ dist: values.dist ?? 'dist', root });
const browser = await launchBrowser();
try {
  /** @type {Array<[string, import('./measure-typing.mjs').TypingTarget]>} */
  const targets = [];
  targets.push(['floor', await openFloor(browser)]);
  for (const variant of variants) {
    const parts = new Set(variant.split('+'));
    if (parts.has('no-scripts')) {
      if (parts.has('no-react-keys')) throw new Error('no-scripts runs no React at all: no-react-keys adds nothing to it');
      targets.push([variant, await openCopyOfApp(server.url, parts.has('one-field-form'))]);
      continue;
    }
    targets.push([
      variant,
      await openTarget(browser, async (page) => {
        if (parts.has('no-react-keys')) await page.addInitScript(withoutReactKeyListeners);
        await page.goto(`${server.url}/`);
        await page.getByRole('heading', { name: WELCOME.heading }).waitFor();
        await continueTo(page, BASIC_INFO_HEADING);
        if (parts.has('one-field-form')) await page.evaluate(keepOnlyTypedFieldInItsForm, TYPING_FIELD);
        return page.getByLabel(TYPING_FIELD, { exact: true });
      }),
    ]);
  }
  for (let burst = 0; burst < bursts; burst += 1) for (const [, target] of targets) await typeBurst(target, burst, KEY_INTERVAL_MS);
  const rows = [];
  for (const [name, target] of targets) rows.push({ name, timings: await keystrokeTimings(target, KEY_INTERVAL_MS) });
  const floorP95 = rows[0]?.timings.nextPaintMs.p95 ?? null;
  const ms = (/** @type {number | null} */ value) => (value === null ? '–' : value.toFixed(1));
  const lines = [
    '| page | next paint p50 | next paint p95 | over the floor | main thread p50 | main thread p95 | Event Timing p95 of all |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const { name, timings } of rows) {
    const ratio = floorP95 && timings.nextPaintMs.p95 !== null ? `${(timings.nextPaintMs.p95 / floorP95).toFixed(2)}×` : '–';
    const eventTiming = timings.eventTiming.p95Under16ms ? '< 16' : ms(timings.eventTiming.p95OfAllMs);
    lines.push(
      `| ${name} | ${ms(timings.nextPaintMs.median)} | ${ms(timings.nextPaintMs.p95)} | ${ratio} | ${ms(timings.mainThreadMs.median)} | ${ms(timings.mainThreadMs.p95)} | ${eventTiming} |`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  for (const [, target] of targets) await target.context.close();
} finally {
  await browser.close();
  await server.close();
  await rm(root, { recursive: true, force: true });
}
