import { RESUME_HINT_KEY } from '../storage/resume-hint';
import { UNLOAD_COPY_KEY } from '../storage/unload-copy';
import { RESUMING_CLASS } from './page-marks';

/**
 * Marks the page as resuming when localStorage says this device holds an application (the hint,
 * or the copy of a draft saved as the last page unloaded), so layout.css shows index.html's
 * loading line instead of Welcome before anything is painted: IndexedDB cannot be read that
 * early, localStorage can. Storage blocked: the prerendered Welcome, the first-visit look.
 */
export function showResuming(page: Window = window): void {
  try {
    if ([RESUME_HINT_KEY, UNLOAD_COPY_KEY].some((key) => page.localStorage.getItem(key) !== null)) page.document.documentElement.classList.add(RESUMING_CLASS);
  } catch {
    // Storage blocked: Welcome shows, and the app opens the creator's step a moment later.
  }
}
