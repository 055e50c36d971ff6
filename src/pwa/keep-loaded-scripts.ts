import type { Workbox } from 'workbox-window';

/**
 * Tells the service worker which scripts this page loaded, so it keeps the optional ones for
 * offline (sw/feature-chunks.ts): code that only the browser or the receiver decides on (DOMPurify
 * where there is no HTML Sanitizer API, the proof-of-work solver where the receiver asks for
 * one), and any feature the page loaded before the worker was there (the first visit's scripts
 * come from the network, not through the worker). Resolves when the worker has kept them, or after
 * a few seconds without an answer (a worker of another build, offline); the scripts this page
 * loads after that are told as they come.
 */

/** The message sw/sw.ts answers once it has kept the scripts. */
export const KEEP_SCRIPTS = 'KEEP_SCRIPTS';

const ANSWER_WAIT_MS = 5000;

/** The same-origin scripts among these resources. */
function scriptsAmong(entries: PerformanceEntryList): string[] {
  return entries.map((entry) => entry.name).filter((name) => name.startsWith(`${location.origin}/`) && /\.m?js(\?|$)/.test(name));
}

/**
 * The scripts this page loads from now on, each told to the worker as it comes, while the worker
 * does not control the page: on the first visit it takes over only at the next start, so what the
 * page loads after it arrived (the proof-of-work solver, once the creator's first Continue has
 * shown that the receiver asks for it) does not go through it. A page it controls needs none of
 * this: the worker keeps an optional chunk it serves.
 */
function keepLaterScripts(wb: Workbox): void {
  if (typeof PerformanceObserver === 'undefined' || navigator.serviceWorker.controller) return;
  new PerformanceObserver((list) => {
    const urls = scriptsAmong(list.getEntries());
    if (urls.length > 0) void wb.messageSW({ type: KEEP_SCRIPTS, urls }).catch(() => undefined);
  }).observe({ type: 'resource' });
}

export async function keepLoadedScripts(wb: Workbox): Promise<void> {
  keepLaterScripts(wb);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ANSWER_WAIT_MS);
  });
  await Promise.race([
    wb.messageSW({ type: KEEP_SCRIPTS, urls: scriptsAmong(performance.getEntriesByType('resource')) }).then(
      () => undefined,
      () => undefined,
    ),
    waited,
  ]);
  clearTimeout(timer);
}
