import { CARRIED_CONTINUE_KEY, EARLY_CONTINUE_ATTRIBUTE, LOAD_FAILED_ATTRIBUTE, RESUMING_CLASS, RESUMING_LINE_CLASS } from './page-marks';

/** How long the starter waits at most for a slow or failing cover before it loads the app. */
export const STARTER_MAX_WAIT_MS = 1500;

/**
 * index.html's module script in place of the app's entry: once the prerendered Welcome has been
 * painted with its cover (or after STARTER_MAX_WAIT_MS), it preloads config.json (`fetches`) and
 * the entry's imports (`preloads`) and loads the entry (`load`, a literal import, so the byte
 * budget of tests/support/bundle-sizes.mjs follows it). On a phone's network the picture the
 * creator sees first then does not share the connection with about 90 kB of script, and its paint
 * never waits for that script. A hidden tab draws no frame, so a timer stands in for the frame.
 * Resuming (Welcome hidden) or with Continue pressed already, the app is wanted at once.
 *
 * If the app's code cannot be fetched (a dropped connection), Welcome says so (`loadFailed`, or
 * the chosen language's line) in place of a busy button, and the next Continue loads the page
 * again with the press carried across: a browser keeps a failed module fetch for the page's life,
 * so importing again cannot work.
 */
export function startApp(
  load: () => Promise<unknown>,
  preloads: readonly string[],
  fetches: readonly string[],
  loadFailed: string,
  page: Window = window,
): Promise<void> {
  const doc = page.document;
  const root = doc.documentElement;
  const cover = doc.querySelector<HTMLImageElement>('.prerendered .cover-panel__image');
  return new Promise<void>((done) => {
    if (!cover || cover.complete || root.classList.contains(RESUMING_CLASS) || root.hasAttribute(EARLY_CONTINUE_ATTRIBUTE)) {
      done();
      return;
    }
    const go = () => {
      done();
    };
    cover.addEventListener('load', go, { once: true });
    cover.addEventListener('error', go, { once: true });
    doc.addEventListener('submit', go, { once: true });
    page.setTimeout(done, STARTER_MAX_WAIT_MS);
  })
    .then(
      () =>
        new Promise<void>((done) => {
          const next = () => page.setTimeout(done, 0);
          page.requestAnimationFrame(next);
          page.setTimeout(next, 100);
        }),
    )
    .then(() => {
      for (const href of fetches) {
        const link = doc.createElement('link');
        link.rel = 'preload';
        link.as = 'fetch';
        link.crossOrigin = 'anonymous';
        link.href = href;
        doc.head.append(link);
      }
      for (const href of preloads) {
        const link = doc.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = href;
        doc.head.append(link);
      }
      return load();
    })
    .then(
      () => undefined,
      () => {
        const form = doc.querySelector('.prerendered form');
        const line = form ? form.querySelector('[role=alert]') : doc.querySelector(`.${RESUMING_LINE_CLASS}`);
        if (line) line.textContent = root.getAttribute(LOAD_FAILED_ATTRIBUTE) || loadFailed;
        root.removeAttribute(EARLY_CONTINUE_ATTRIBUTE);
        if (form) {
          form.removeAttribute('aria-busy');
          form.querySelector('[type=submit]')?.setAttribute('aria-disabled', 'false');
        }
        doc.addEventListener(
          'submit',
          () => {
            try {
              page.sessionStorage.setItem(CARRIED_CONTINUE_KEY, '1');
            } catch {
              // sessionStorage blocked: the reload still loads the app; the press is made again by hand.
            }
            page.location.reload();
          },
          { once: true },
        );
      },
    );
}
