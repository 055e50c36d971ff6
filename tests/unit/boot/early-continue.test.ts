import { describe, expect, it } from 'vitest';
import { CARRIED_CONTINUE_KEY, EARLY_CONTINUE_ATTRIBUTE, earlyContinueScript, focusControlAt, focusedControlIndex, takeEarlyContinue } from '../../../src/boot/early-continue';

/** A page as index.html makes it: the head script run, then Welcome in its wrapper and, beside it, a form of the app's. */
function pageWithHeadScript(): Document {
  const page = document.implementation.createHTMLDocument('Welcome');
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the very text index.html runs, in a document of its own.
  const headScript = new Function('document', earlyContinueScript()) as (page: Document) => void;
  headScript(page);
  page.body.innerHTML = [
    '<div id="root"><div class="prerendered"><form id="welcome"><a href="/privacy">Privacy</a><button type="submit" aria-disabled="false">Continue</button></form></div></div>',
    '<form id="app"><button type="submit">Continue</button></form>',
  ].join('');
  return page;
}

function submit(form: Element | null): boolean {
  if (!form) throw new Error('no form');
  return form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
}

describe('a press of Continue before the app runs', () => {
  it("is caught on index.html's Welcome: the page stays, the button shows busy and <html> is marked", () => {
    const page = pageWithHeadScript();
    const form = page.getElementById('welcome');
    expect(submit(form)).toBe(false);
    expect(page.documentElement.hasAttribute(EARLY_CONTINUE_ATTRIBUTE)).toBe(true);
    expect(form?.getAttribute('aria-busy')).toBe('true');
    expect(form?.querySelector('button')?.getAttribute('aria-disabled')).toBe('true');
    // Pressed again, it is still one press.
    expect(submit(form)).toBe(false);
    expect(takeEarlyContinue(page.documentElement)).toBe(true);
  });

  it("leaves the app's own forms alone", () => {
    const page = pageWithHeadScript();
    expect(submit(page.getElementById('app'))).toBe(true);
    expect(page.documentElement.hasAttribute(EARLY_CONTINUE_ATTRIBUTE)).toBe(false);
  });

  it('carried across a reload (the app could not be fetched), it marks the new page once', () => {
    sessionStorage.setItem(CARRIED_CONTINUE_KEY, '1');
    const page = pageWithHeadScript();
    expect(page.documentElement.hasAttribute(EARLY_CONTINUE_ATTRIBUTE)).toBe(true);
    expect(sessionStorage.getItem(CARRIED_CONTINUE_KEY)).toBeNull();
    expect(pageWithHeadScript().documentElement.hasAttribute(EARLY_CONTINUE_ATTRIBUTE)).toBe(false);
  });

  it('is taken once: the app makes it again a single time', () => {
    const root = document.createElement('html');
    expect(takeEarlyContinue(root)).toBe(false);
    root.setAttribute(EARLY_CONTINUE_ATTRIBUTE, '');
    expect(takeEarlyContinue(root)).toBe(true);
    expect(takeEarlyContinue(root)).toBe(false);
  });
});

describe('focus across the takeover', () => {
  function welcome(): HTMLElement {
    const scope = document.createElement('div');
    scope.innerHTML = '<h1 tabindex="-1">Welcome</h1><p>Text</p><a href="/privacy">Privacy</a><a>No link</a><button type="submit">Continue</button>';
    document.body.append(scope);
    return scope;
  }

  it("finds the focused control's place and focuses the control at that place in the app's Welcome", () => {
    const before = welcome();
    const button = before.querySelector('button');
    button?.focus();
    const index = focusedControlIndex(before, document.activeElement);
    expect(index).toBe(2);
    before.remove();
    // Removed with the control: focus is back on <body>.
    expect(document.activeElement).toBe(document.body);
    const after = welcome();
    focusControlAt(after, index ?? -1);
    expect(document.activeElement).toBe(after.querySelector('button'));
    after.remove();
  });

  it('has nothing to give back when focus was elsewhere, and never takes focus the creator has moved', () => {
    const before = welcome();
    expect(focusedControlIndex(before, document.body)).toBeNull();
    expect(focusedControlIndex(null, document.body)).toBeNull();
    const elsewhere = document.createElement('input');
    document.body.append(elsewhere);
    elsewhere.focus();
    focusControlAt(before, 2);
    expect(document.activeElement).toBe(elsewhere);
    elsewhere.remove();
    before.remove();
  });
});
