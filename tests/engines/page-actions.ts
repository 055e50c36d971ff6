/**
 * What a person does and sees on a page, for any driver: wait until something shows, read a
 * field, pick an option. Waits poll a condition; none sleeps for a fixed time.
 */
import { PAGE_ERRORS_KEY } from '../support/test-app';
import type { EnginePage, Json, Target } from './engine-page';
import { FIND_TARGET_SOURCE } from './find-target';

const POLL_MS = 100;

/** Polls `check` until it is true; fails naming `what` after `timeoutMs`. */
export async function waitUntil(what: string | (() => string), check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let problem = '';
    try {
      if (await check()) return;
    } catch (error) {
      // A navigation in progress destroys the page's context; try again.
      problem = error instanceof Error ? error.message : String(error);
    }
    if (Date.now() > deadline) {
      throw new Error(
        `Timed out after ${String(timeoutMs)} ms waiting for ${typeof what === 'string' ? what : what()}${problem ? ` (last error: ${problem})` : ''}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Whether the target is on the page and visible now. */
export async function isShown(page: EnginePage, target: Target): Promise<boolean> {
  return (await page.run(`${FIND_TARGET_SOURCE}\nreturn findTarget(arguments[0], false) !== null;`, target as Json)) === true;
}

export function describeTarget(target: Target): string {
  return JSON.stringify(target);
}

/** Waits until the target shows. */
export async function waitFor(page: EnginePage, target: Target, timeoutMs = 15_000): Promise<void> {
  await waitUntil(describeTarget(target), () => isShown(page, target), timeoutMs);
}

/** The value of a text box or select, or whether a radio or checkbox is checked. */
export async function valueOf(page: EnginePage, target: Target): Promise<string | boolean | null> {
  const body = `${FIND_TARGET_SOURCE}
    var element = findTarget(arguments[0], false);
    if (!element) return null;
    if (element.type === 'radio' || element.type === 'checkbox') return element.checked;
    return element.value;`;
  return (await page.run(body, target as Json)) as string | boolean | null;
}

/** Waits until the field holds `expected`. */
export async function waitForValue(page: EnginePage, target: Target, expected: string | boolean, timeoutMs = 15_000): Promise<void> {
  let last: unknown = null;
  await waitUntil(
    () => `${describeTarget(target)} to hold ${JSON.stringify(expected)} (it held ${JSON.stringify(last)})`,
    async () => {
      last = await valueOf(page, target);
      return last === expected;
    },
    timeoutMs,
  );
}

/**
 * Waits until the text box holds exactly what was typed: a driver may deliver the last keys
 * after it returns, and the next click must not take them elsewhere. A key that never arrives
 * fails here, by name, rather than as a wrong application later.
 */
export async function waitForTyped(page: EnginePage, target: Target, text: string): Promise<void> {
  await waitForValue(page, target, text, 10_000);
}

/** Waits until the heading is shown and has focus: the wizard moves focus to a new step's heading. */
export async function waitForStep(page: EnginePage, heading: string, timeoutMs = 15_000): Promise<void> {
  const body = `${FIND_TARGET_SOURCE}
    var element = findTarget({ role: 'heading', name: arguments[0] }, false);
    return element !== null && document.activeElement === element;`;
  await waitUntil(`the step "${heading}" with its heading focused`, async () => (await page.run(body, heading)) === true, timeoutMs);
}

/** Opens a searchable select, types the start of an option and picks it, as a person does. */
export async function choose(page: EnginePage, label: string, option: string): Promise<void> {
  const combobox: Target = { role: 'combobox', label };
  await page.click(combobox);
  await page.type(combobox, option.slice(0, 4));
  await page.click({ role: 'option', name: option });
  // Moves on once the choice shows, in the box (single) or as a chip (multiple).
  await waitUntil(
    `"${option}" chosen in "${label}"`,
    async () => (await valueOf(page, combobox)) === option || (await isShown(page, { role: 'button', name: `Remove ${option}` })),
  );
}

export async function answer(page: EnginePage, question: string, choice: 'Yes' | 'No'): Promise<void> {
  await page.click({ role: 'radio', name: choice, within: { role: 'group', name: question } });
}

/** What the page-error recorder (TestApp.recordPageErrors) saw in this tab, from the first script on. */
export async function pageErrors(page: EnginePage): Promise<string[]> {
  const seen = await page.run(`return JSON.parse(sessionStorage.getItem(arguments[0]) || '[]');`, PAGE_ERRORS_KEY);
  return seen as string[];
}
