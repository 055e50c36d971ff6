// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { takeResumeFragment } from '../../../src/handover/resume-fragment';
import { encodeBase64url } from '../../../src/handover/base64url';
import { RESUMING_CLASS } from '../../../src/first-paint/page-marks';
import { stashResumeFragment } from '../../../src/first-paint/stash-resume-fragment';
import { memorySyncStorage } from '../../support/fake-page';

const ID = 'AAECAwQFBgcICQoLDA0ODw';
const KEY = encodeBase64url(new Uint8Array(32).map((_, index) => index * 7));
const FRAGMENT = `#resume=${ID}.${KEY}`;
const PAGE = 'https://apply.example/partners/?lang=fr';
/** Where the page keeps a link across the one reload that opens it (resume-fragment.ts). */
const RELOAD_KEY = 'creator-wizard:resume-once';

/** As much of a window as takeResumeFragment reads, with the head script's variable when `stashed`. */
function fakeWindow({
  href = PAGE,
  stashed,
  session = memorySyncStorage(),
}: { href?: string; stashed?: string; session?: ReturnType<typeof memorySyncStorage> | 'blocked' } = {}) {
  const hashAt = href.indexOf('#');
  const replaceState = vi.fn();
  const page = {
    location: { href, hash: hashAt === -1 ? '' : href.slice(hashAt) },
    history: { state: { step: 2 }, replaceState },
    get sessionStorage() {
      if (session === 'blocked') throw new DOMException('denied', 'SecurityError');
      return session;
    },
    __creatorWizardResume: stashed,
  };
  return { page, replaceState, take: () => takeResumeFragment(page as unknown as Window) };
}

describe('takeResumeFragment', () => {
  it('takes the link the head script stashed, once, leaving the address alone', () => {
    const { page, replaceState, take } = fakeWindow({ stashed: FRAGMENT });
    expect(take()).toEqual({ id: ID, key: KEY });
    expect(page.__creatorWizardResume).toBeUndefined();
    expect(replaceState).not.toHaveBeenCalled();
    expect(take()).toBeNull();
  });

  it('without a stash takes the link from the address and removes the fragment from it', () => {
    const { replaceState, take } = fakeWindow({ href: `${PAGE}${FRAGMENT}` });
    expect(take()).toEqual({ id: ID, key: KEY });
    expect(replaceState).toHaveBeenCalledExactlyOnceWith({ step: 2 }, '', PAGE);
  });

  it('calls a cut link malformed, and still takes it off the address', () => {
    const { replaceState, take } = fakeWindow({ href: `${PAGE}#resume=short` });
    expect(take()).toBe('malformed');
    expect(replaceState).toHaveBeenCalledExactlyOnceWith({ step: 2 }, '', PAGE);
  });

  it('calls a stashed fragment that is not a whole link malformed', () => {
    expect(fakeWindow({ stashed: `#resume=${ID}.${KEY.slice(0, 30)}` }).take()).toBe('malformed');
  });

  it.each([PAGE, `${PAGE}#details`, `${PAGE}#other=1`])('is null for %s, and leaves the address alone', (href) => {
    const { replaceState, take } = fakeWindow({ href });
    expect(take()).toBeNull();
    expect(replaceState).not.toHaveBeenCalled();
  });

  it('after the reload a pasted link caused, takes it from sessionStorage and removes it there', () => {
    const session = memorySyncStorage();
    session.setItem(RELOAD_KEY, FRAGMENT);
    const { replaceState, take } = fakeWindow({ session });
    expect(take()).toEqual({ id: ID, key: KEY });
    expect(session.entries.has(RELOAD_KEY)).toBe(false);
    expect(replaceState).not.toHaveBeenCalled();
    expect(take()).toBeNull();
  });

  it('reads the address where sessionStorage is blocked', () => {
    expect(fakeWindow({ href: `${PAGE}${FRAGMENT}`, session: 'blocked' }).take()).toEqual({ id: ID, key: KEY });
  });
});

/** Runs the head script as the page would, against a fake page at `hash`. */
function runHeadScript(hash: string, { replaceFails = false } = {}) {
  const location = { hash, pathname: '/partners/', search: '?lang=fr' };
  const replaceState = vi.fn(() => {
    if (replaceFails) throw new DOMException('denied', 'SecurityError');
  });
  const history = { state: { step: 2 }, replaceState };
  const add = vi.fn();
  const document = { documentElement: { classList: { add } } };
  // The head's function, with these fakes for what it reads of the page.
  const page: Record<string, unknown> = { location, history, document };
  stashResumeFragment(page as unknown as Window);
  // What it left on the page besides those.
  const window = Object.fromEntries(Object.entries(page).filter(([name]) => !['location', 'history', 'document'].includes(name)));
  return { window, replaceState, add };
}

describe('stashResumeFragment', () => {
  it('stashes a resume fragment, takes it off the address keeping path and query, and marks the page as resuming', () => {
    const { window, replaceState, add } = runHeadScript(FRAGMENT);
    expect(window.__creatorWizardResume).toBe(FRAGMENT);
    expect(replaceState).toHaveBeenCalledExactlyOnceWith({ step: 2 }, '', '/partners/?lang=fr');
    expect(add).toHaveBeenCalledExactlyOnceWith(RESUMING_CLASS);
  });

  it('hands what it stashed to takeResumeFragment, which then leaves the address alone', () => {
    const { window } = runHeadScript(FRAGMENT);
    const { replaceState, take } = fakeWindow({ stashed: window.__creatorWizardResume as string });
    expect(take()).toEqual({ id: ID, key: KEY });
    expect(replaceState).not.toHaveBeenCalled();
  });

  it('takes even a fragment that only names a resume link, for the app to call it malformed', () => {
    expect(runHeadScript('#lang=fr&resume=short').window.__creatorWizardResume).toBe('#lang=fr&resume=short');
  });

  it.each(['', '#other', '#details', '#presume=1'])('does nothing for %j', (hash) => {
    const { window, replaceState, add } = runHeadScript(hash);
    expect(window).toEqual({});
    expect(replaceState).not.toHaveBeenCalled();
    expect(add).not.toHaveBeenCalled();
  });

  it('throws nothing when the address cannot be replaced', () => {
    expect(() => runHeadScript(FRAGMENT, { replaceFails: true })).not.toThrow();
  });
});
