/**
 * Firefox ESR (Debian's `firefox-esr`) driven by puppeteer-core over WebDriver BiDi: no
 * geckodriver. One browser per suite; each journey gets its own browser context (its own
 * storage and service workers) and a page sized like the journey's window.
 */
import puppeteer, { type Browser, type ElementHandle, type Page } from 'puppeteer-core';
import { SELECT_FOCUSED_TEXT, type EnginePage, type Json, type Target } from './engine-page';
import { findTargetExpression } from './find-target';
import type { JourneyViewport } from './journeys';
import { describeTarget, waitFor, waitForTyped } from './page-actions';
import type { LaunchedEngine } from './launched-engine';

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/**
 * Focuses `field` and waits until the focus has stayed there for a moment, focusing it again if
 * it was taken. Headless UI, which the selects were once built on, gave the focus back to a
 * combobox's input a frame or more after an option was picked; in headless Firefox on a busy
 * machine that came after the next field had been focused, and a journey's keys went into the
 * combobox (its search showed "No results found" and the field stayed empty). The selects'
 * own combobox keeps the focus in the box throughout; the check stays, cheap, against any
 * late focus.
 */
async function focusUntilItStays(field: ElementHandle): Promise<void> {
  const hasFocus = () => field.evaluate((element) => element === element.ownerDocument.activeElement);
  for (let attempt = 0; attempt < 20; attempt += 1) {
    await field.focus();
    await new Promise((resolve) => setTimeout(resolve, 150));
    if (await hasFocus()) return;
  }
  throw new Error('the field kept losing the focus');
}

function firefoxEnginePage(page: Page): EnginePage {
  async function element(target: Target, forClick: boolean): Promise<ElementHandle> {
    await waitFor(enginePage, target);
    const handle = (await page.evaluateHandle(findTargetExpression(target, forClick))).asElement();
    if (!handle) throw new Error(`not found: ${describeTarget(target)}`);
    return handle as ElementHandle;
  }
  const enginePage: EnginePage = {
    engine: 'firefox',
    async goto(url, options) {
      await page.goto(url, options ? { waitUntil: 'domcontentloaded' } : undefined);
    },
    async reload() {
      await page.reload();
    },
    run(body: string, ...args: Json[]) {
      return page.evaluate(`(async function () { ${body}\n}).apply(null, ${JSON.stringify(args)})`);
    },
    async click(target) {
      await (await element(target, true)).click();
    },
    async type(target, text) {
      const field = await element(target, false);
      await focusUntilItStays(field);
      await page.evaluate(SELECT_FOCUSED_TEXT);
      await page.keyboard.type(text);
      await waitForTyped(enginePage, target, text);
    },
  };
  return enginePage;
}

export async function launchFirefox(): Promise<LaunchedEngine> {
  const browser: Browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    // No updates, telemetry or first-run pages: only the app's own traffic.
    // persist() asks the person in Firefox; headless, the prompt stayed unanswered or not at
    // random. Firefox's own test prefs answer it at once, as a person refusing would.
    extraPrefsFirefox: {
      'app.update.enabled': false,
      'datareporting.policy.dataSubmissionEnabled': false,
      'dom.storageManager.prompt.testing': true,
      'dom.storageManager.prompt.testing.allow': false,
    },
  });
  return {
    version: await browser.version(),
    async open(viewport: JourneyViewport) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await setFirefoxViewport(page, viewport);
      return {
        page: firefoxEnginePage(page),
        window: (await page.evaluate('[innerWidth, innerHeight, devicePixelRatio]')) as [number, number, number],
        close: () => context.close(),
      };
    },
    close: () => browser.close(),
  };
}

/**
 * Puppeteer's setViewport over WebDriver BiDi also sends `emulation.setScreenOrientationOverride`,
 * which Firefox ESR 140 does not know (Debian's 140.12, 2026-11: "unknown command"), and then
 * rejects, though the viewport command went through. Only that refusal is tolerated, as
 * Puppeteer itself tolerates it for the touch override, and the page is waited for until it
 * has the size asked for; `open` then reports the window as it really is.
 */
async function setFirefoxViewport(page: Page, viewport: JourneyViewport): Promise<void> {
  try {
    await page.setViewport({ width: viewport.width, height: viewport.height, deviceScaleFactor: viewport.deviceScaleFactor });
  } catch (error) {
    if (!(error instanceof Error) || !/unknown command emulation\.setScreenOrientationOverride/.test(error.message)) throw error;
    await page.waitForFunction(
      (width: number, height: number, ratio: number) => innerWidth === width && innerHeight === height && devicePixelRatio === ratio,
      { timeout: 5000 },
      viewport.width,
      viewport.height,
      viewport.deviceScaleFactor,
    );
  }
}
