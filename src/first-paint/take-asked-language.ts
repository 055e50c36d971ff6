import { LANGUAGE_PARAMETER } from '../storage/language-choice';

/**
 * The language a `?lang=` link asks for, taken off the address (so that a reload or a shared
 * address does not ask again), or null. Run by index.html's head (choose-page-language.ts) and
 * again by the app (boot/page-language.ts), whichever sees the link first.
 */
export function takeAskedLanguage(page: Window = window): string | null {
  let asked: string | null = null;
  try {
    const url = new URL(page.location.href);
    asked = url.searchParams.get(LANGUAGE_PARAMETER);
    if (asked !== null) {
      url.searchParams.delete(LANGUAGE_PARAMETER);
      page.history.replaceState(page.history.state, '', url.href);
    }
  } catch {
    // An address that cannot be read or replaced: the link's language is still asked for.
  }
  return asked;
}
