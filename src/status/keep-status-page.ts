import { KEEP_SCRIPTS } from '../pwa/keep-loaded-scripts';

/** The same-origin scripts and stylesheets this page loaded: its entry chunk, its stylesheet and what they import. */
function loadedFiles(): string[] {
  const loaded = performance.getEntriesByType('resource').map((entry) => entry.name);
  const sheets = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => link.href);
  return [...new Set([...loaded, ...sheets])].filter((url) => url.startsWith(`${location.origin}/`) && /\.(m?js|css)(\?|$)/.test(url));
}

/**
 * The service worker registered, and told to keep the files this page loaded: the status page's
 * chunks are not in the precache (no programme's first visit downloads them, sw/programme-features.ts),
 * and a page opened before the worker was there fetched them from the network, so they are kept
 * now, and the page opens offline from then on with the last status this device kept.
 */
export function keepStatusPage(workerUrl: string): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .register(workerUrl)
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => {
      registration.active?.postMessage({ type: KEEP_SCRIPTS, urls: loadedFiles() }, [new MessageChannel().port2]);
    })
    .catch(() => undefined);
}
