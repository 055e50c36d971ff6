import type { Workbox } from 'workbox-window';

/**
 * Tells the service worker which scripts this page loaded, so it keeps the optional ones for
 * offline (sw/feature-chunks.ts): code that only the browser decides on, such as DOMPurify where
 * there is no HTML Sanitizer API, and any feature the page loaded before the worker was there (the
 * first visit's scripts come from the network, not through the worker). Resolves when the worker
 * has kept them, or after a few seconds without an answer (a worker of another build, offline).
 */

/** The message sw/sw.ts answers once it has kept the scripts. */
export const KEEP_SCRIPTS = 'KEEP_SCRIPTS';

const ANSWER_WAIT_MS = 5000;

/** The same-origin scripts this page has loaded. */
function loadedScripts(): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => name.startsWith(`${location.origin}/`) && /\.m?js(\?|$)/.test(name));
}

export async function keepLoadedScripts(wb: Workbox): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ANSWER_WAIT_MS);
  });
  await Promise.race([
    wb.messageSW({ type: KEEP_SCRIPTS, urls: loadedScripts() }).then(
      () => undefined,
      () => undefined,
    ),
    waited,
  ]);
  clearTimeout(timer);
}
