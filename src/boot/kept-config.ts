import { CONFIG_CACHE, CONFIG_KEPT } from '../config/config-cache';

/**
 * The page's side of the last good configuration: the copy of config.json kept in Cache Storage
 * (CONFIG_CACHE, keyed by the file's URL) that the page opens with when the network's file is
 * unusable, and that the service worker serves when the network cannot answer
 * (config/last-good-config.ts). The page writes it, once it has parsed a file and opens with it:
 * the page runs the schema anyway, and the worker, which no longer judges a file, carries none
 * (it writes one only as it installs where nothing is kept yet, as a stand-in: sw/sw.ts).
 *
 * Every step is guarded: without Cache Storage (an insecure origin, storage turned off), with a
 * cache that throws or is full, the page still opens; it only has no copy to fall back to later.
 */
export interface KeptConfig {
  /** The kept copy's text, or undefined when there is none or it cannot be read. */
  read(url: string): Promise<string | undefined>;
  /** Keeps this text as the last good copy, then has the worker fetch the features it asks for. */
  keep(url: string, text: string): Promise<void>;
}

/**
 * What the page touches: Cache Storage and the service worker container, either of which a browser
 * may lack, or refuse with a SecurityError at the mere reading (storage blocked).
 */
export interface KeptConfigPlaces {
  caches: CacheStorage | undefined;
  serviceWorker: ServiceWorkerContainer | undefined;
}

function browserPlaces(): KeptConfigPlaces {
  return {
    caches: typeof caches === 'undefined' ? undefined : caches,
    serviceWorker: typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
  };
}

export function keptConfigIn(places: () => KeptConfigPlaces = browserPlaces): KeptConfig {
  return {
    read: async (url) => {
      try {
        const storage = places().caches;
        const response = storage ? await storage.match(url, { cacheName: CONFIG_CACHE }) : undefined;
        return response ? await response.text() : undefined;
      } catch {
        return undefined;
      }
    },
    keep: async (url, text) => {
      let serviceWorker: ServiceWorkerContainer | undefined;
      try {
        const found = places();
        serviceWorker = found.serviceWorker;
        if (!found.caches) return;
        const cache = await found.caches.open(CONFIG_CACHE);
        await cache.put(url, new Response(text, { headers: { 'Content-Type': 'application/json' } }));
      } catch {
        // A full or refused cache: this page opens all the same, and the copy kept before stays.
        return;
      }
      // The active worker, controlling this page or not (a hard reload): a live edit may ask for a
      // feature (a file field, a language) it has not fetched yet. A first visit has none yet: the
      // worker reads the copy when it installs. An older build's worker ignores the message.
      try {
        const registration = await serviceWorker?.getRegistration();
        registration?.active?.postMessage({ type: CONFIG_KEPT });
      } catch {
        // No worker to tell (refused by the browser): nothing is fetched for offline, as without one.
      }
    },
  };
}
