import { type RefObject, useEffect, useRef } from 'react';

const NARROW_SCREEN = '(max-width: 576px)';

interface StepFocusProps {
  current: number;
  /** The form holding every kept step, of which only the current one is shown. */
  formRef: RefObject<HTMLFormElement | null>;
  /** Scrolled to on phones, past the cover picture. */
  contentRef: RefObject<HTMLElement | null>;
  /** Arrived from the Welcome step shown before the wizard: the step on screen is new, so its heading takes focus at once. */
  focusOnMount: boolean;
}

/**
 * On every step change, focus moves to the new step's heading and the page scrolls to it.
 * Rendered only while the wizard's session is awake (WizardApp): a wizard built behind Welcome
 * moves no focus, and the moment it is shown counts as its first step change.
 */
export function StepFocus({ current, formRef, contentRef, focusOnMount }: StepFocusProps): null {
  // -1: no step shown yet, so the first effect moves focus too.
  const focusedStep = useRef(focusOnMount ? -1 : current);

  useEffect(() => {
    if (focusedStep.current === current) return;
    focusedStep.current = current;
    const region = formRef.current?.querySelector<HTMLElement>(`.step[data-step="${String(current)}"]`);
    if (!region) return;
    const target = region.querySelector<HTMLElement>('h1, h2, h3') ?? region;
    target.tabIndex = -1;
    target.focus({ preventScroll: true });
    if (window.matchMedia(NARROW_SCREEN).matches) contentRef.current?.scrollIntoView({ block: 'start' });
    else window.scrollTo({ top: 0 });
  }, [current, formRef, contentRef]);

  return null;
}
