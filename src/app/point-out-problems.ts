import { whenNotPressed } from '../browser/page-presses';
import { FORM_SECTION_LOADING_CLASS } from '../blocks/lazy-form-section-block';

const LOADING = `.${FORM_SECTION_LOADING_CLASS}`;

/**
 * After a Continue that found problems: says in `announcer` how many there are (in the words
 * `say` gives for a count) and focuses the first, once the step's fields are drawn in `region`.
 *
 * Pressed while the step's form widgets were still loading (a first visit on a slow connection,
 * Continue pressed as the step opened), the problems are in the form but not yet on screen:
 * counted then, the creator was told "0 answers need your attention" and focus stayed on the
 * button while the fields arrived with their errors. So this waits for the loading lines to go.
 * Focus then moves only if the creator has not moved it meanwhile, and nothing is said or moved
 * if the creator left the step meanwhile (Back: the step is kept, hidden).
 *
 * Pressed with a pointer, Continue's own press holds the error lines back until it has ended (so
 * nothing under the finger moves: browser/use-still-while-pressed.ts): the lines are counted once
 * that press has ended and they are drawn.
 *
 * Returns a function that stops waiting (the step left, or Continue pressed again).
 */
export function pointOutProblems(region: HTMLElement, announcer: HTMLElement | null, say: (count: number) => string): () => void {
  const document = region.ownerDocument;
  const pressedFrom = document.activeElement;
  // The lines are counted once drawn: Continue's own press holds them until it has ended.
  let cancelWait: () => void = () => undefined;
  const pointOut = () => {
    cancelWait = whenNotPressed(pointOutDrawn);
  };
  const pointOutDrawn = () => {
    if (region.closest('[hidden]')) return;
    const problems = region.querySelectorAll('.field-error').length;
    if (announcer && problems > 0) {
      announcer.textContent = say(problems);
    }
    const focusIsWhereThePressLeftIt = document.activeElement === pressedFrom || document.activeElement === document.body || document.activeElement === null;
    if (!focusIsWhereThePressLeftIt) return;
    const first = region.querySelector<HTMLElement>('[aria-invalid="true"]') ?? region.querySelector<HTMLElement>('.field-error');
    if (first && !first.matches('input, textarea, select, button')) first.tabIndex = -1;
    first?.focus();
  };
  if (!region.querySelector(LOADING)) {
    pointOut();
    return () => {
      cancelWait();
    };
  }
  const observer = new MutationObserver(() => {
    if (region.querySelector(LOADING)) return;
    observer.disconnect();
    pointOut();
  });
  observer.observe(region, { childList: true, subtree: true });
  return () => {
    observer.disconnect();
    cancelWait();
  };
}
