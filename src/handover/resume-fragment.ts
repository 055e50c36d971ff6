import { RESUME_FRAGMENT_STASH } from '../first-paint/page-marks';
import { readResumeFragment, withoutResumeFragment } from './resume-link';

/**
 * A resume link's fragment carries the key to the creator's answers, so the page takes it before
 * anything else runs: a classic script at the top of index.html's head (first-paint/stash-resume-fragment.ts)
 * keeps it in a variable of the page and removes it from the address bar and from the history entry
 * (history.replaceState), before any module, analytics, error report or screenshot could read it.
 * The app then takes it from that variable, once (the dev server, with no head script, from the
 * address itself). The telemetry scrubber drops `#resume=` too, as a second line.
 */

/** For one reload only: a link pasted into the address bar of a page already open (see watchForResumeLinks). */
const RELOAD_KEY = 'creator-wizard:resume-once';

type Stash = Record<typeof RESUME_FRAGMENT_STASH, string | undefined>;

/**
 * The resume link the page was opened with, taken once: `{ id, key }`, 'malformed' for a
 * fragment that names a resume link but is not a whole one (a cut copy), or null for none.
 */
export function takeResumeFragment(page: Window = window): { id: string; key: string } | 'malformed' | null {
  const stash = page as unknown as Stash;
  let fragment = stash[RESUME_FRAGMENT_STASH] ?? takeFromReload(page);
  stash[RESUME_FRAGMENT_STASH] = undefined;
  if (fragment === undefined) {
    const { href, hash } = page.location;
    const bare = withoutResumeFragment(href);
    if (bare === href) return null;
    fragment = hash;
    page.history.replaceState(page.history.state, '', bare);
  }
  return readResumeFragment(fragment) ?? 'malformed';
}

function takeFromReload(page: Window): string | undefined {
  try {
    const kept = page.sessionStorage.getItem(RELOAD_KEY);
    page.sessionStorage.removeItem(RELOAD_KEY);
    return kept ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * A resume link opened in a tab already showing the app (pasted into its address bar, or followed
 * from the page itself) changes only the fragment: the browser does not load the page again. The
 * fragment is taken off the address at once, kept in sessionStorage for the one reload that opens
 * it (removed as that reload starts), and the page loads again, saving what was typed as it goes.
 */
export function watchForResumeLinks(page: Window = window): void {
  page.addEventListener('hashchange', () => {
    const { href, hash } = page.location;
    const bare = withoutResumeFragment(href);
    if (bare === href) return;
    page.history.replaceState(page.history.state, '', bare);
    try {
      page.sessionStorage.setItem(RELOAD_KEY, hash);
    } catch {
      // No sessionStorage: the link cannot survive the reload. It still works: open it again in a new tab.
      return;
    }
    page.location.reload();
  });
}
