/// <reference lib="WebWorker" />
// The chunks of optional features in the service worker: left out of the precache, fetched into a
// cache of their own once a programme's config.json asks for their feature, and served from it
// first (their names carry a hash of their content, so a kept copy is never stale). The build
// names each one's features in the precache manifest (scripts/optional-chunks.ts).
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { programmeFeatures } from './programme-features';

/** One entry of the precache manifest the build injects; `features` marks an optional chunk. */
export interface ManifestEntry {
  url: string;
  revision: string | null;
  features?: string[];
}

/** The cache that holds the chunks of the features a programme asked for. */
export const FEATURE_CACHE = 'feature-chunks';

export interface FeatureChunks {
  /** The entries every programme needs, for the precache. */
  core: ManifestEntry[];
  /** Serves the optional chunks: from the cache, else the network (and kept). */
  route: () => void;
  /**
   * Fetches the chunks that the configurations in these responses ask for and that are not kept
   * yet, each once (a response that is no JSON asks for nothing).
   */
  warmFor: (configs: Response[]) => Promise<void>;
  /** Keeps those of these URLs (scripts a page loaded) that are optional chunks. */
  keep: (urls: string[]) => Promise<void>;
  /** Drops kept chunks this build no longer has. */
  forgetOthers: () => Promise<void>;
}

/** Fetches into the cache those URLs it does not hold yet. */
async function keepAll(urls: string[]): Promise<void> {
  const cache = await caches.open(FEATURE_CACHE);
  // Each on its own: one that fails (offline again) is fetched at the next start, or when the page asks.
  await Promise.all(
    urls
      .map(async (url) => {
        if (await cache.match(url)) return;
        const response = await fetch(url);
        if (response.ok) await cache.put(url, response);
      })
      .map((keeping) => keeping.catch(() => undefined)),
  );
}

export function featureChunks(manifest: ManifestEntry[], base: string): FeatureChunks {
  const core = manifest.filter((entry) => !entry.features).map(({ url, revision }) => ({ url, revision }));
  /** Absolute URL → the features that need it. */
  const optional = new Map(manifest.filter((entry) => entry.features).map((entry) => [new URL(entry.url, base).href, entry.features ?? []]));
  return {
    core,
    route: () => {
      registerRoute(({ url }) => optional.has(url.href), new CacheFirst({ cacheName: FEATURE_CACHE }));
    },
    warmFor: async (configs) => {
      const features = new Set<string>();
      for (const config of configs) {
        try {
          for (const feature of programmeFeatures(await config.json())) features.add(feature);
        } catch {
          // Not JSON (index.html for a missing file): it asks for nothing.
        }
      }
      await keepAll([...optional].filter(([, needs]) => needs.some((feature) => features.has(feature))).map(([url]) => url));
    },
    keep: (urls) => keepAll(urls.filter((url) => optional.has(url))),
    forgetOthers: async () => {
      const cache = await caches.open(FEATURE_CACHE);
      for (const request of await cache.keys()) if (!optional.has(request.url)) await cache.delete(request);
    },
  };
}
