import { CONFIG_CACHE } from '../config/config-cache';

/**
 * The programme as the status page reads it (its title, words and receiver, without the wizard's
 * schema): the network's config.json when it is a JSON object, else the last good copy the wizard
 * page kept on this device (src/boot/kept-config.ts), else null. The service worker passes the
 * network's 200 on unjudged, so a broken deployment (index.html served for a missing file, a
 * broken edit) reaches this page as it reaches the wizard's, and like it this page falls back.
 */
export async function readProgramme(url: string, fetchImpl: typeof fetch = fetch, storage: () => CacheStorage | undefined = cacheStorage): Promise<unknown> {
  try {
    const response = await fetchImpl(url, { credentials: 'same-origin' });
    if (response.ok) {
      const programme: unknown = await response.json();
      if (isObject(programme)) return programme;
    }
  } catch {
    // Offline with no worker, or not JSON: the kept copy, below.
  }
  try {
    const kept = await storage()?.match(new URL(url, location.href).href, { cacheName: CONFIG_CACHE });
    const programme: unknown = kept ? await kept.json() : null;
    return isObject(programme) ? programme : null;
  } catch {
    return null;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function cacheStorage(): CacheStorage | undefined {
  return typeof caches === 'undefined' ? undefined : caches;
}
