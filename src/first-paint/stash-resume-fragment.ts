import { RESUME_FRAGMENT_STASH, RESUMING_CLASS } from './page-marks';

/**
 * A resume link's fragment carries the key to the creator's answers, so the head's first work is
 * to keep it in a variable of the page (RESUME_FRAGMENT_STASH) and take it off the address bar and
 * the history entry, before any module, analytics, error report or screenshot could read it; the
 * page is marked as resuming, so Welcome does not flash. handover/resume-fragment.ts takes it from
 * there. A failure leaves the address as it is: the app tries again.
 */
export function stashResumeFragment(page: Window = window): void {
  try {
    const fragment = page.location.hash;
    if (/(^#|[&;])resume=/i.test(fragment)) {
      (page as unknown as Record<string, unknown>)[RESUME_FRAGMENT_STASH] = fragment;
      page.history.replaceState(page.history.state, '', page.location.pathname + page.location.search);
      page.document.documentElement.classList.add(RESUMING_CLASS);
    }
  } catch {
    // The address stays; takeResumeFragment reads it from there.
  }
}
