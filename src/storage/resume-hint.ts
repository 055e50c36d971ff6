import { pageLocalStorage, type SyncStorage } from './sync-storage';

/**
 * A hint, readable before the first paint, that this device holds an application (a draft, a
 * queued submission or an accepted one), so the page will open on the creator's own step and
 * not on Welcome. index.html carries Welcome as HTML for a first visit; a small script in its
 * head (first-paint/show-resuming.ts) reads this hint and shows the loading line instead, so a
 * returning creator never sees Welcome flash before their step. IndexedDB cannot be read before
 * the first paint; localStorage can, synchronously.
 *
 * Only a flag, never personal data. It is a hint, not the truth: a stale one costs the loading
 * line for a moment, and every start sets it right from what IndexedDB holds (main.tsx). Nothing
 * else is decided from it: whether the wizard built behind Welcome is stale is the store's
 * answer, read as its session wakes (session/application-session.ts).
 */
export const RESUME_HINT_KEY = 'creator-wizard:holds-application';

/** Records whether the device holds an application (setting the same value again is a no-op). */
export function rememberHoldsApplication(holds: boolean, storage: SyncStorage = pageLocalStorage): void {
  try {
    if (holds) storage.setItem(RESUME_HINT_KEY, '1');
    else storage.removeItem(RESUME_HINT_KEY);
  } catch {
    // localStorage blocked or full: the prerendered Welcome shows a moment longer, nothing more.
  }
}
