/**
 * The journeys every engine must pass, written once for any driver (engine-page.ts): run in
 * Chromium by Playwright (tests/e2e/engine-journeys.spec.ts) and in Firefox and WebKitGTK by
 * `npm run test:engines` (tests/engines/*.test.ts). Each starts on a fresh server whose
 * index.html records page errors from the first script on, and ends by checking there were none.
 * Assertions are node:assert, which both runners report.
 */
import assert from 'node:assert/strict';
import { EXPECTED_BODY } from '../support/expected-application';
import type { TestApp } from '../support/test-app';
import {
  BASIC_INFO_HEADING,
  completeApplication,
  CONTINUE,
  CREATOR_HUB_HEADING,
  DETAILS_HEADING,
  fillBasicInfo,
  WELCOME_HEADING,
} from './default-programme-steps';
import type { EnginePage, EngineName } from './engine-page';
import { chooseUploadSend } from './files-journey';
import { isShown, pageErrors, valueOf, waitFor, waitForStep, waitForValue, waitUntil } from './page-actions';

/** The window a journey runs in, and the cover file the layout needs there. */
export interface JourneyViewport {
  name: 'desktop' | 'phone';
  width: number;
  height: number;
  deviceScaleFactor: number;
  /** The width of the cover file every engine should pick at this size (sizes + srcset). */
  coverFile: 480 | 800 | 1200 | 1600;
}

export interface Journey {
  name: string;
  /**
   * Engines where the journey is skipped, by name and with the reason in the report, because
   * of a defect found and not fixed yet (it fails there, though not every time).
   */
  knownDefect?: Partial<Record<EngineName, string>>;
  /** The only window sizes the journey runs at, when one says all it has to say (a whole real receiver is slow). */
  only?: JourneyViewport['name'];
  run(page: EnginePage, app: TestApp, viewport: JourneyViewport): Promise<void>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const READY_OFFLINE = { text: 'Ready to work offline' };
const SEND_FAILED = { role: 'alert', text: 'We could not send your application' } as const;

async function expectNoPageErrors(page: EnginePage): Promise<void> {
  assert.deepEqual(await pageErrors(page), [], 'the page reported errors or unhandled rejections');
}

/** The cover of the step on screen once it has loaded: the file the browser chose. */
async function loadedCover(page: EnginePage): Promise<string> {
  let source = '';
  await waitUntil('the cover image to load', async () => {
    const state = (await page.run(`
      var image = document.querySelector('.cover-panel__image');
      return image && image.complete && image.naturalWidth > 0 ? image.currentSrc : '';`)) as string;
    source = state;
    return state !== '';
  });
  return source;
}

/** After one online visit the service worker has everything: waits until the app says so. */
async function waitUntilReadyOffline(page: EnginePage): Promise<void> {
  await waitFor(page, READY_OFFLINE, 30_000);
}

export const wholeWizard: Journey = {
  name: 'the whole wizard to Creator Hub sends exactly one PUT with the exact body',
  async run(page, app) {
    await page.goto(app.url);
    await completeApplication(page);
    await waitFor(page, { role: 'button', name: 'Sign In' });
    assert.equal(app.applications.length, 1);
    const [request] = app.applications;
    assert.ok(request);
    assert.equal(request.path, '/api/applications');
    assert.equal(request.headers['content-type'], 'application/json');
    assert.match(String(request.headers['idempotency-key']), UUID);
    assert.deepEqual(JSON.parse(request.body), EXPECTED_BODY);
    await expectNoPageErrors(page);
  },
};

export const coverForTheWindow: Journey = {
  name: 'the cover is the file the layout needs at this width (sizes read the same in every engine)',
  async run(page, app, viewport) {
    await page.goto(app.url);
    await waitFor(page, { role: 'heading', name: WELCOME_HEADING });
    const source = await loadedCover(page);
    assert.match(source, new RegExp(`/covers/step-0-welcome-${String(viewport.coverFile)}\\.(avif|webp)$`));
    await expectNoPageErrors(page);
  },
};

export const reloadMidForm: Journey = {
  name: 'a reload mid-form restores the step and the values',
  async run(page, app) {
    await page.goto(app.url);
    await waitFor(page, { role: 'heading', name: WELCOME_HEADING });
    await page.click(CONTINUE);
    await waitForStep(page, BASIC_INFO_HEADING);
    await fillBasicInfo(page);
    await waitFor(page, { text: 'Saved on this device' });
    await page.reload();
    await waitFor(page, { role: 'heading', name: BASIC_INFO_HEADING });
    await waitForValue(page, { label: 'Full Name' }, 'Ada');
    assert.equal(await valueOf(page, { label: 'ZIP' }), '97201');
    assert.equal(await valueOf(page, { label: 'Follower count', within: { role: 'group', name: 'Instagram' } }), '12000');
    assert.equal(await valueOf(page, { role: 'radio', name: 'Yes', within: { role: 'group', name: 'Do you have a blog or website?' } }), true);
    assert.equal(await valueOf(page, { label: 'Website URL' }), 'https://ada.example.com');
    await expectNoPageErrors(page);
  },
};

export const earlyContinue: Journey = {
  name: "a press of Continue on index.html's Welcome, before the app has taken over, opens Basic Info once",
  async run(page, app) {
    const release = app.holdEntryScript();
    try {
      await page.goto(app.url, { until: 'parsed' });
      await page.click({ ...CONTINUE, prerendered: true });
      // Caught by the head's script: the button shows it is at work, the page has not moved.
      await waitFor(page, { ...CONTINUE, prerendered: true, css: 'button[aria-disabled="true"]' });
    } finally {
      release();
    }
    await waitForStep(page, BASIC_INFO_HEADING);
    assert.equal(await page.run("return document.querySelectorAll('[aria-invalid=\"true\"]').length + ' ' + location.search"), '0 ');
    await expectNoPageErrors(page);
  },
};

export const opensFromServiceWorker: Journey = {
  name: 'after one visit the app opens from the service worker with the server stopped, covers included',
  async run(page, app) {
    await page.goto(app.url);
    await waitUntilReadyOffline(page);
    await app.goDown();
    await page.goto(`${app.url}/some/deep/path`);
    await waitFor(page, { role: 'heading', name: WELCOME_HEADING });
    assert.match(await loadedCover(page), /\/covers\/step-0-welcome-\d+\.(avif|webp)$/);
    await page.click(CONTINUE);
    await waitForStep(page, BASIC_INFO_HEADING);
    assert.match(await loadedCover(page), /\/covers\/step-1-basic-info-\d+\.(avif|webp)$/);
    await page.type({ label: 'Full Name' }, 'Ada offline');
    await waitFor(page, { text: 'Saved on this device' });
    await page.reload();
    await waitForValue(page, { label: 'Full Name' }, 'Ada offline');
    await expectNoPageErrors(page);
    await app.comeBack();
  },
};

export const serverDownAtSubmit: Journey = {
  name: 'the server down at submit, then back: sent once with one Idempotency-Key, the draft kept meanwhile, across a reload too',
  // The receiver's answers and the engine's storage or sanitizer, the same at any width.
  only: 'desktop',
  async run(page, app) {
    await page.goto(app.url);
    await waitUntilReadyOffline(page);
    await completeApplication(page, { stopBeforeSubmit: true });
    await app.goDown();
    await page.click(CONTINUE);
    // Refused at once, or (a connection the engine still held) after the submit timeout.
    await waitFor(page, SEND_FAILED, 30_000);
    await page.reload();
    await waitFor(page, { role: 'heading', name: DETAILS_HEADING });
    await waitForValue(page, { label: 'How old are they?' }, 'Two, aged 4 and 7');
    assert.equal(await valueOf(page, { role: 'combobox', label: 'Pronouns' }), 'She/her');
    assert.equal(app.applications.length, 0, 'nothing can have arrived while the server was down');
    await app.comeBack();
    // Sent by the page's own retry (Background Sync, where there is one, may race it; one is stored either way).
    await waitFor(page, { role: 'heading', name: CREATOR_HUB_HEADING }, 60_000);
    assert.equal(app.stored.size, 1);
    assert.equal(app.applications.length, 1, 'sent exactly once');
    assert.match(String(app.applications[0]?.headers['idempotency-key']), UUID);
    assert.deepEqual([...app.stored.values()], [EXPECTED_BODY]);
    await expectNoPageErrors(page);
  },
};

export const sentWhenOpenAgain: Journey = {
  name: 'a pending application left with the page closed is sent when the page opens again (no Background Sync needed)',
  // The receiver's answers and the engine's storage or sanitizer, the same at any width.
  only: 'desktop',
  async run(page, app) {
    await page.goto(app.url);
    await waitUntilReadyOffline(page);
    await completeApplication(page, { stopBeforeSubmit: true });
    await app.goDown();
    await page.click(CONTINUE);
    // Refused at once, or (a connection the engine still held) after the submit timeout.
    await waitFor(page, SEND_FAILED, 30_000);
    await page.goto('about:blank');
    await app.comeBack();
    await page.goto(app.url);
    await waitFor(page, { role: 'heading', name: CREATOR_HUB_HEADING }, 30_000);
    assert.equal(app.stored.size, 1);
    assert.equal(app.applications.length, 1, 'sent exactly once');
    await expectNoPageErrors(page);
  },
};

/** What the engine offers, read in the page; docs/engines.md's support table says the same. */
const FEATURES = `return {
  backgroundSync: typeof SyncManager === 'function',
  htmlSanitizer: typeof Sanitizer === 'function' && typeof Element.prototype.setHTML === 'function',
  persist: !!(navigator.storage && navigator.storage.persist),
  userAgent: navigator.userAgent
};`;

/** The first Firefox with the HTML Sanitizer API on by default; ESR 140 has none. */
const FIREFOX_WITH_SANITIZER = 148;

/**
 * Which engines have which feature (checked, so a change of engine shows here first). Debian's
 * `firefox-esr` is not always the same release line: 140.12 on some machines (no Sanitizer API,
 * so the app loads DOMPurify), a later one on others; its version decides.
 */
export function expectedFeatures(engine: EngineName, userAgent: string): { backgroundSync: boolean; htmlSanitizer: boolean } {
  if (engine === 'chromium') return { backgroundSync: true, htmlSanitizer: true };
  if (engine === 'webkit') return { backgroundSync: false, htmlSanitizer: false };
  const firefox = Number(/Firefox\/(\d+)/.exec(userAgent)?.[1] ?? 0);
  return { backgroundSync: false, htmlSanitizer: firefox >= FIREFOX_WITH_SANITIZER };
}

export const configuredHtmlSanitized: Journey = {
  name: "configured HTML is sanitized by the engine's Sanitizer API or, without one, by DOMPurify",
  // The receiver's answers and the engine's storage or sanitizer, the same at any width.
  only: 'desktop',
  async run(page, app) {
    await app.editConfig((config) => {
      config.footerHtml =
        '<b>Made in Portland</b> <img src="/nothing.png" alt="" onerror="window.__unsafe = 1"> <a href="javascript:window.__unsafe = 2">bad link</a><script>window.__unsafe = 3</script>';
    });
    await page.goto(app.url);
    await waitFor(page, { text: 'Made in Portland' });
    const features = (await page.run(FEATURES)) as { backgroundSync: boolean; htmlSanitizer: boolean; userAgent: string };
    assert.deepEqual(
      { backgroundSync: features.backgroundSync, htmlSanitizer: features.htmlSanitizer },
      expectedFeatures(page.engine, features.userAgent),
      features.userAgent,
    );
    const footer = (await page.run(`
      var bold = Array.prototype.find.call(document.querySelectorAll('b'), function (b) { return b.textContent === 'Made in Portland'; });
      var holder = bold.parentElement;
      var link = Array.prototype.find.call(holder.querySelectorAll('a'), function (a) { return a.textContent === 'bad link'; });
      return {
        handlers: holder.querySelectorAll('[onerror]').length,
        scripts: holder.querySelectorAll('script').length,
        href: link ? link.getAttribute('href') : null,
        unsafe: window.__unsafe === undefined ? null : window.__unsafe,
        domPurifyLoaded: performance.getEntriesByType('resource').some(function (entry) { return /dompurify-sanitize/.test(entry.name); })
      };`)) as { handlers: number; scripts: number; href: string | null; unsafe: number | null; domPurifyLoaded: boolean };
    assert.equal(footer.handlers, 0);
    assert.equal(footer.scripts, 0);
    assert.ok(!footer.href?.startsWith('javascript:'), `the link kept ${String(footer.href)}`);
    assert.equal(footer.unsafe, null);
    // DOMPurify is fetched only where the engine has no sanitizer of its own.
    assert.equal(footer.domPurifyLoaded, !features.htmlSanitizer);
    await expectNoPageErrors(page);
  },
};

const HOME_SCREEN_HINT = { role: 'note', text: 'add this page to your Home Screen' } as const;

export const homeScreenAdvice: Journey = {
  name: 'where the browser refuses persistent storage, a draft brings the Home Screen advice, once',
  async run(page, app) {
    await page.goto(app.url);
    await waitFor(page, { role: 'heading', name: WELCOME_HEADING });
    await page.click(CONTINUE);
    await waitForStep(page, BASIC_INFO_HEADING);
    await page.type({ label: 'Full Name' }, 'Ada');
    await waitFor(page, { text: 'Saved on this device' });
    // The app asked for persistent storage (persist()) on the first input: not persisted now
    // means the engine refused. (All three refuse a plain tab here; Firefox headless without a prompt.)
    const answer = (await page.run('return navigator.storage && navigator.storage.persisted ? await navigator.storage.persisted() : null;')) as boolean | null;
    if (answer === false) {
      // It comes with the next step, not under the pointer on this one.
      assert.equal(await isShown(page, HOME_SCREEN_HINT), false, 'the advice appeared on the step being filled');
      await page.click({ role: 'button', name: 'Back' });
      await waitForStep(page, WELCOME_HEADING);
      await waitFor(page, HOME_SCREEN_HINT);
      await page.click({ role: 'button', name: 'Got it' });
      await waitUntil('the advice to go', async () => !(await isShown(page, HOME_SCREEN_HINT)));
    } else {
      assert.equal(await isShown(page, HOME_SCREEN_HINT), false, `no advice when persisted() is ${String(answer)}`);
    }
    // Once: after a reload, more typing and another step, it is not shown again.
    await page.reload();
    // The draft reopens on the step it was saved on: Welcome or Basic Info.
    await waitUntil(
      'the restored step',
      async () => (await isShown(page, { role: 'heading', name: WELCOME_HEADING })) || (await isShown(page, { role: 'heading', name: BASIC_INFO_HEADING })),
    );
    if (await isShown(page, { role: 'heading', name: WELCOME_HEADING })) {
      await page.click(CONTINUE);
      await waitForStep(page, BASIC_INFO_HEADING);
    }
    await waitForValue(page, { label: 'Full Name' }, 'Ada');
    await page.type({ label: 'Last Name' }, 'Lovelace');
    await waitFor(page, { text: 'Saved on this device' });
    await page.click({ role: 'button', name: 'Back' });
    await waitForStep(page, WELCOME_HEADING);
    assert.equal(await isShown(page, HOME_SCREEN_HINT), false);
    await expectNoPageErrors(page);
  },
};

/** Every journey, in the order they run. */
export const continueOnAnotherDevice: Journey = {
  name: 'makes a link to continue on another device, the form handed over; opening the link brings the answers and the step back',
  async run(page, app) {
    await page.goto(app.url);
    await waitFor(page, { role: 'heading', name: WELCOME_HEADING });
    await page.click(CONTINUE);
    await waitForStep(page, BASIC_INFO_HEADING);
    await fillBasicInfo(page);
    await page.click({ role: 'button', name: 'Continue on another device' });
    await waitFor(page, { role: 'button', name: 'Copy link' });
    const link = String(await page.run("return document.querySelector('.dialog__link').value"));
    assert.match(link, new RegExp(`^${app.url.replace(/[.]/g, '\\.')}/#resume=[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{43}$`));
    await page.click({ role: 'button', name: 'Close' });
    await waitFor(page, { text: 'This application continues on another device' });
    assert.equal(await page.run("return document.querySelector('fieldset.step-fieldset').disabled"), true, 'the form is read only once handed over');
    assert.equal(await isShown(page, { role: 'button', name: 'Take it back' }), true);
    // Opened in this browser (the device that made it): the answers, the step, the form editable again.
    await page.goto('about:blank');
    await page.goto(link);
    await waitFor(page, { role: 'heading', name: BASIC_INFO_HEADING });
    await waitForValue(page, { label: 'Full Name' }, 'Ada');
    assert.equal(await valueOf(page, { label: 'ZIP' }), '97201');
    assert.equal(await page.run('return location.hash'), '', 'the key left the address');
    assert.equal(await isShown(page, { role: 'button', name: 'Take it back' }), false);
    // Opened again: the receiver answered it once.
    await page.goto('about:blank');
    await page.goto(link);
    await waitFor(page, { role: 'heading', name: 'This link no longer works' });
    await expectNoPageErrors(page);
  },
};

export const JOURNEYS: Journey[] = [
  wholeWizard,
  coverForTheWindow,
  reloadMidForm,
  earlyContinue,
  opensFromServiceWorker,
  serverDownAtSubmit,
  sentWhenOpenAgain,
  configuredHtmlSanitized,
  homeScreenAdvice,
  continueOnAnotherDevice,
  chooseUploadSend,
];
