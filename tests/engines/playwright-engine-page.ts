/**
 * EnginePage over a Playwright page: how the Chromium suite runs the shared journeys.
 */
import type { ElementHandle, Page } from '@playwright/test';
import { SELECT_FOCUSED_TEXT, type EnginePage, type Json, type Target } from './engine-page';
import { findTargetExpression } from './find-target';
import { describeTarget, waitFor, waitForTyped } from './page-actions';

export function playwrightEnginePage(page: Page): EnginePage {
  async function element(target: Target, forClick: boolean): Promise<ElementHandle> {
    await waitFor(enginePage, target);
    const handle = (await page.evaluateHandle<Element | null>(findTargetExpression(target, forClick))).asElement();
    if (!handle) throw new Error(`not found: ${describeTarget(target)}`);
    return handle;
  }
  const enginePage: EnginePage = {
    engine: 'chromium',
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
      await (await element(target, false)).focus();
      await page.evaluate(SELECT_FOCUSED_TEXT);
      await page.keyboard.type(text);
      await waitForTyped(enginePage, target, text);
    },
  };
  return enginePage;
}
