import { describe, expect, it } from 'vitest';
import { takeEarlyContinue } from '../../../src/boot/early-continue';
import { catchEarlyContinue } from '../../../src/first-paint/catch-early-continue';
import { CARRIED_CONTINUE_KEY, EARLY_CONTINUE_ATTRIBUTE } from '../../../src/first-paint/page-marks';

/** A page as index.html makes it: the head script run, then Welcome in its wrapper and, beside it, a form of the app's. */
function pageWithHeadScript(): Document {
  const page = document.implementation.createHTMLDocument('Welcome');
  catchEarlyContinue({ document: page, sessionStorage } as unknown as Window);
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
});
