/**
 * One page of one browser, as the cross-engine journeys see it, whatever drives it: Playwright
 * (Chromium), puppeteer-core over WebDriver BiDi (Firefox) or selenium-webdriver over WebDriver
 * classic (WebKitGTK). Elements are named by a `Target` (role and accessible name, or label),
 * found in the page by one script (find-target.ts), so the three drivers agree on what they
 * click. Scripts run in the page are text, not functions: a test runner's transform can add
 * helpers to a function's source that do not exist in the page.
 */

export type EngineName = 'chromium' | 'firefox' | 'webkit';

/** An element as a person finds it; `within` narrows the search to a group such as a platform card. */
export interface Target {
  role?: 'button' | 'heading' | 'combobox' | 'option' | 'radio' | 'group' | 'alert' | 'status' | 'note' | 'img';
  /** The accessible name, exact (after collapsing white space). */
  name?: string;
  /** The label of a form control, exact. */
  label?: string;
  /** Text the element contains (a part is enough); with no role, the innermost element holding it. */
  text?: string;
  /** A CSS selector, for what has no role or name (the cover image). */
  css?: string;
  within?: Target;
  /** Only on the Welcome index.html carries, before the app takes it over (otherwise only the app's elements count). */
  prerendered?: true;
}

/** A JSON value passed to or returned from a script in the page. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface EnginePage {
  readonly engine: EngineName;
  /**
   * Opens `url` and waits for its load event, or only until the document is parsed with
   * `{ until: 'parsed' }` (Firefox's load event waits for a script import the test holds back).
   */
  goto(url: string, options?: { until: 'parsed' }): Promise<void>;
  reload(): Promise<void>;
  /**
   * Runs `body` as the body of an async function in the page, with `args` as its `arguments`,
   * and returns what it returns (JSON).
   */
  run(body: string, ...args: Json[]): Promise<unknown>;
  /** Clicks the element as a person would (real pointer events); it must be there and visible. */
  click(target: Target): Promise<void>;
  /** Focuses the text box, selects what it holds, and types `text` over it key by key. */
  type(target: Target, text: string): Promise<void>;
}

/** Script body: selects the text of the focused field, so typing replaces it (Playwright's fill does the same). */
export const SELECT_FOCUSED_TEXT = "var field = document.activeElement; if (field && typeof field.select === 'function') field.select();";
