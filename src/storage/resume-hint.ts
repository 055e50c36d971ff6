import { pageLocalStorage, type SyncStorage } from './sync-storage';
import { UNLOAD_COPY_KEY } from './unload-copy';

/**
 * A hint, readable before the first paint, that this device holds an application (a draft, a
 * queued submission or an accepted one), so the page will open on the creator's own step and
 * not on Welcome. index.html carries Welcome as HTML for a first visit; a small script in its
 * head (scripts/prerender-welcome.ts) reads this hint and shows the loading line instead, so a
 * returning creator never sees Welcome flash before their step. IndexedDB cannot be read before
 * the first paint; localStorage can, synchronously.
 *
 * Only a flag, never personal data. It is a hint, not the truth: a stale one costs the loading
 * line for a moment, and every start sets it right from what IndexedDB holds (main.tsx). Nothing
 * else is decided from it: whether the wizard built behind Welcome is stale is the store's
 * answer, read as its session wakes (session/application-session.ts).
 */
export const RESUME_HINT_KEY = 'creator-wizard:holds-application';

/** The class the head script puts on <html> when the hint (or the unload copy of a draft) is there. */
export const RESUMING_CLASS = 'resuming';

/** Records whether the device holds an application (setting the same value again is a no-op). */
export function rememberHoldsApplication(holds: boolean, storage: SyncStorage = pageLocalStorage): void {
  try {
    if (holds) storage.setItem(RESUME_HINT_KEY, '1');
    else storage.removeItem(RESUME_HINT_KEY);
  } catch {
    // localStorage blocked or full: the prerendered Welcome shows a moment longer, nothing more.
  }
}

/**
 * The classic script index.html runs in its head, before anything is painted. Plain ES5-safe
 * code with no imports: it runs before any module, and a failure (storage blocked) leaves the
 * prerendered Welcome, which is the first-visit look.
 */
export function resumeHintScript(): string {
  const keys = JSON.stringify([RESUME_HINT_KEY, UNLOAD_COPY_KEY]);
  return `try{if(${keys}.some(function(k){return localStorage.getItem(k)!==null}))document.documentElement.classList.add(${JSON.stringify(RESUMING_CLASS)})}catch(e){}`;
}
