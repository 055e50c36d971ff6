// After a Continue that found problems, the first is focused and their number announced: at once
// when the step's fields are drawn, and only once they are when the press came while the step's
// form widgets were still loading (found as a flaky end-to-end test: the fields arrived with their
// errors, focus stayed on Continue and "0 answers need your attention" was announced).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pointOutProblems } from '../../../src/app/point-out-problems';
import { pagePresses } from '../../../src/browser/page-presses';
import { FORM_SECTION_LOADING_CLASS } from '../../../src/blocks/lazy-form-section-block';
import { createMessages } from '../../../src/i18n/messages';
import { EN } from '../../../src/i18n/messages-en';

const english = createMessages('en', EN);
const say = (count: number) => english.text('problems', { count });

const FIELDS_WITH_PROBLEMS = [
  '<label for="full-name">Full Name</label><input id="full-name" aria-invalid="true"><p class="field-error">This field is required</p>',
  '<label for="city">City</label><input id="city"><p class="field-error">Fill at least one platform</p>',
].join('');

/** A step with its heading, a section and the Continue button, which has the focus (it was pressed). */
function stepWith(sectionHtml: string) {
  document.body.innerHTML = `<div class="step"><h1>Basic Information</h1><section>${sectionHtml}</section><button type="submit">Continue</button></div><p id="announcer"></p>`;
  const region = document.querySelector<HTMLElement>('.step')!;
  const announcer = document.querySelector<HTMLElement>('#announcer')!;
  document.querySelector<HTMLButtonElement>('button')!.focus();
  return { region, announcer, section: region.querySelector('section')! };
}

const loadingLine = `<p class="${FORM_SECTION_LOADING_CLASS}" role="status">Loading the form…</p>`;
/** MutationObserver callbacks run as a microtask after the change. */
const mutationsDelivered = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('pointOutProblems', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('with the fields drawn, focuses the first invalid one and says how many problems there are', () => {
    const { region, announcer } = stepWith(FIELDS_WITH_PROBLEMS);
    pointOutProblems(region, announcer, say);
    expect(document.activeElement?.id).toBe('full-name');
    expect(announcer.textContent).toBe('2 answers need your attention.');
  });

  it('pressed with a pointer, counts the lines once that press has ended and they are drawn', async () => {
    const { region, announcer, section } = stepWith('');
    const button = region.querySelector('button')!;
    // Continue's own press: its lines wait for it to end (use-still-while-pressed.ts), which
    // watch the page's presses from their first render.
    pagePresses();
    button.dispatchEvent(new MouseEvent('pointerdown', { bubbles: true, button: 0 }));
    button.dispatchEvent(new MouseEvent('pointerup', { bubbles: true, button: 0 }));
    button.dispatchEvent(new MouseEvent('click', { bubbles: true, button: 0 }));
    pointOutProblems(region, announcer, say);
    expect(announcer.textContent).toBe('');
    section.innerHTML = FIELDS_WITH_PROBLEMS;
    await vi.waitFor(() => {
      expect(announcer.textContent).toBe('2 answers need your attention.');
    });
    expect(document.activeElement?.id).toBe('full-name');
  });

  it('pressed while the form widgets load, waits for them, then focuses and counts', async () => {
    const { region, announcer, section } = stepWith(loadingLine);
    pointOutProblems(region, announcer, say);
    expect(document.activeElement?.textContent).toBe('Continue');
    expect(announcer.textContent).toBe('');
    section.innerHTML = FIELDS_WITH_PROBLEMS;
    await mutationsDelivered();
    expect(document.activeElement?.id).toBe('full-name');
    expect(announcer.textContent).toBe('2 answers need your attention.');
  });

  it('waits for every section still loading, not only the first', async () => {
    const { region, announcer, section } = stepWith(`${loadingLine}<div id="second">${loadingLine}</div>`);
    pointOutProblems(region, announcer, say);
    section.firstElementChild?.remove();
    await mutationsDelivered();
    expect(announcer.textContent).toBe('');
    section.innerHTML = FIELDS_WITH_PROBLEMS;
    await mutationsDelivered();
    expect(announcer.textContent).toBe('2 answers need your attention.');
  });

  it('does not take the focus back from where the creator moved it while waiting', async () => {
    const { region, announcer, section } = stepWith(loadingLine);
    pointOutProblems(region, announcer, say);
    const elsewhere = document.createElement('input');
    elsewhere.setAttribute('aria-label', 'Search');
    document.body.append(elsewhere);
    elsewhere.focus();
    section.innerHTML = FIELDS_WITH_PROBLEMS;
    await mutationsDelivered();
    expect(document.activeElement).toBe(elsewhere);
    expect(announcer.textContent).toBe('2 answers need your attention.');
  });

  it('stops waiting when told to (the step left, or Continue pressed again)', async () => {
    const { region, announcer, section } = stepWith(loadingLine);
    const stop = pointOutProblems(region, announcer, say);
    stop();
    section.innerHTML = FIELDS_WITH_PROBLEMS;
    await mutationsDelivered();
    expect(document.activeElement?.textContent).toBe('Continue');
    expect(announcer.textContent).toBe('');
  });

  it('says and moves nothing when the creator left the step while its fields loaded (Back: the step kept, hidden)', async () => {
    const { region, announcer, section } = stepWith(loadingLine);
    pointOutProblems(region, announcer, say);
    const slot = document.createElement('div');
    region.before(slot);
    slot.append(region);
    slot.hidden = true;
    const welcomeHeading = document.createElement('h1');
    welcomeHeading.tabIndex = -1;
    document.body.prepend(welcomeHeading);
    welcomeHeading.focus();
    section.innerHTML = FIELDS_WITH_PROBLEMS;
    await mutationsDelivered();
    expect(document.activeElement).toBe(welcomeHeading);
    expect(announcer.textContent).toBe('');
  });

  it('announces nothing when no problem is drawn (the section failed to load instead)', async () => {
    const { region, announcer, section } = stepWith(loadingLine);
    pointOutProblems(region, announcer, say);
    section.innerHTML = '<p role="alert">This part of the form could not be loaded.</p>';
    await mutationsDelivered();
    expect(announcer.textContent).toBe('');
  });
});
