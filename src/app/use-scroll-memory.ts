import { useEffect, useRef } from 'react';
import { readScrollPosition, writeScrollPosition } from '../storage/scroll-position';

/** A pause in scrolling long enough to count as where the creator stopped. */
const SETTLED_MS = 200;
/** How long the page may take to grow tall enough (a form section loading) before restoring gives up. */
const RESTORE_WITHIN_MS = 4000;

/**
 * Remembers how far down the current step the creator has scrolled, and on opening (a reload,
 * or the installed app reopened) returns there once the step's content is tall enough to hold
 * that position. The browser's own restoration cannot do this: it runs before the wizard has
 * drawn the step. Moving between steps is not a restore: the new step opens at its start.
 * Scrolling, a key or a touch by the creator while the page grows ends the restore.
 * Rendered only while the wizard is awake (ScrollMemory): nothing is read or kept while it is built
 * ahead behind Welcome.
 */
export function useScrollMemory(current: number, restoreOnOpen: boolean): void {
  const step = useRef(current);
  const restoring = useRef(false);
  // Read once: only the opening is restored; later step changes scroll to the new step's start (see WizardApp).
  const restoreAtOpening = useRef(restoreOnOpen);

  useEffect(() => {
    step.current = current;
  }, [current]);

  useEffect(() => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
    const saved = readScrollPosition();
    if (!restoreAtOpening.current || saved?.step !== step.current || saved.y <= 0) return undefined;
    const target = saved.y;
    restoring.current = true;
    const finish = () => {
      if (!restoring.current) return;
      restoring.current = false;
      observer.disconnect();
      clearTimeout(giveUp);
      for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const) window.removeEventListener(type, finish, true);
    };
    const tryRestore = () => {
      const room = document.documentElement.scrollHeight - window.innerHeight;
      window.scrollTo(0, Math.min(target, Math.max(room, 0)));
      if (room >= target) finish();
    };
    const observer = new ResizeObserver(tryRestore);
    observer.observe(document.body);
    const giveUp = setTimeout(finish, RESTORE_WITHIN_MS);
    for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const) window.addEventListener(type, finish, { capture: true, passive: true });
    tryRestore();
    return finish;
  }, []);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const remember = () => {
      timer = null;
      // The restore's own scrolling, on a page not yet tall enough, is not where the creator was.
      if (!restoring.current) writeScrollPosition({ step: step.current, y: Math.round(window.scrollY) });
    };
    const onScroll = () => {
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(remember, SETTLED_MS);
    };
    const onHidden = () => {
      if (document.visibilityState === 'hidden') remember();
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', remember);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      if (timer !== null) clearTimeout(timer);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', remember);
      document.removeEventListener('visibilitychange', onHidden);
    };
  }, []);
}

/** The scroll memory as a part of the page: mounted when the wizard wakes, so it needs no flag. */
export function ScrollMemory({ current, restoreOnOpen }: { current: number; restoreOnOpen: boolean }): null {
  useScrollMemory(current, restoreOnOpen);
  return null;
}
