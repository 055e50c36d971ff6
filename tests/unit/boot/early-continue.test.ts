import { describe, expect, it } from 'vitest';
import { focusControlAt, focusedControlIndex, takeEarlyContinue } from '../../../src/boot/early-continue';
import { EARLY_CONTINUE_ATTRIBUTE } from '../../../src/first-paint/page-marks';

describe('a press of Continue made again by the app', () => {
  it('is taken once: the app makes it again a single time', () => {
    const root = document.createElement('html');
    expect(takeEarlyContinue(root)).toBe(false);
    root.setAttribute(EARLY_CONTINUE_ATTRIBUTE, '');
    expect(takeEarlyContinue(root)).toBe(true);
    expect(takeEarlyContinue(root)).toBe(false);
  });
});

describe('focus as Welcome gives way', () => {
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
