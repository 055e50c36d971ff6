/// <reference lib="WebWorker" />
// The service worker: the app shell and the default covers are precached, every navigation
// is answered with the precached index.html (so any path opens offline) except /api/ paths, the
// team's pages (/team/, the server's: never kept on a creator's device) and the status page
// (/status/, answered with its own precached status/index.html),
// config.json is fetched network-first so an edited configuration applies on the next online
// load, and the last good copy the page kept serves offline, on errors and when the network is
// slow (src/config/last-good-config.ts; the page judges a file, the worker carries no schema), and other
// images are cached on first use: covers named by an edited configuration, and the default
// covers' WebP and JPEG files, which only browsers without AVIF take (the precache holds only
// every AVIF width; see injectManifest.globPatterns in vite.config.ts). The chunks of optional
// features (file fields, continue on another device, French, Spanish) are not precached: they are
// fetched once the programme's config.json asks for them (sw/feature-chunks.ts), at install and
// on every online start, so a programme pays only for what it uses and still opens offline; those
// the browser or the receiver decides on (DOMPurify, the proof-of-work solver) are kept once a
// page has loaded them. Background sends solve the receiver's challenge with this worker's own
// solver (src/outbox/replay-outbox.ts), never the page's chunk.
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { ExpirationPlugin } from 'workbox-expiration';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { CONFIG_CACHE, CONFIG_KEPT } from '../src/config/config-cache';
import { answerConfigRequest } from '../src/config/last-good-config';
import { replayOutbox } from '../src/outbox/replay-outbox';
import { OUTBOX_SYNC_TAG, SUBMISSION_CHANNEL } from '../src/outbox/outbox-names';
import { filesReadyInWorker } from '../src/uploads/files-ready-in-worker';
import { uploadFilesAgain } from '../src/uploads/upload-files-again';
import { featureChunks, type ManifestEntry } from './feature-chunks';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: ManifestEntry[] };

const IMAGE_CACHE = 'images';
const CONFIG_PATH = 'config.json';

const features = featureChunks(self.__WB_MANIFEST, self.location.href);
precacheAndRoute(features.core);
cleanupOutdatedCaches();
features.route();

const CONFIG_TIMEOUT_MS = 4000;
const scopePath = new URL(self.registration.scope).pathname;

const scopePattern = scopePath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// The status page (a link from the last step or an e-mail: /status/#secret) is a page of its own,
// precached like the wizard's, so a link opened once opens offline with the last status kept.
const STATUS_PAGE = new RegExp(`^${scopePattern}status(/|/index\\.html)?$`);
registerRoute(new NavigationRoute(createHandlerBoundToURL('status/index.html'), { allowlist: [STATUS_PAGE] }));

// The programme team's app (/team/, a page of its own that no creator's device keeps): the server's to answer.
const TEAM_PAGES = new RegExp(`^${scopePattern}team(/|$)`);

// A navigation to the API (a link to a stored application, a form posted by hand) is the
// server's to answer, never the app shell's; so are the team's pages.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: [new RegExp(`^${scopePattern}api(/|$)`), TEAM_PAGES, STATUS_PAGE],
  }),
);

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname === `${scopePath}${CONFIG_PATH}`,
  ({ request }) =>
    answerConfigRequest(request, { store: () => caches.open(CONFIG_CACHE), fetch: (configRequest) => fetch(configRequest), timeoutMs: CONFIG_TIMEOUT_MS }),
);

/** The last good configuration the page kept (src/boot/kept-config.ts), or undefined. */
async function keptConfig(): Promise<Response | undefined> {
  return (await caches.open(CONFIG_CACHE)).match(CONFIG_PATH);
}

// Not the team's: an application's photos (/team/api/…/files/…) are private, and never kept on a device.
registerRoute(
  ({ request, url, sameOrigin }) => sameOrigin && request.destination === 'image' && !TEAM_PAGES.test(url.pathname),
  new CacheFirst({ cacheName: IMAGE_CACHE, plugins: [new ExpirationPlugin({ maxEntries: 40, maxAgeSeconds: 60 * 60 * 24 * 30 })] }),
);

// Before this worker takes over, the features the programme asks for are fetched, so they open
// offline at once: those of the copy the page kept, and those of the network's config.json, which
// the page may open with next. The network's file is kept only where nothing is kept yet (a device
// that opened only the status page, which reads the programme without the schema): a stand-in
// until a page of the wizard judges a file and keeps its own, and no worse than none where it is
// one the wizard refuses. A kept copy is never replaced here: only the page judges a file.
self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CONFIG_CACHE);
      const [kept, answer] = await Promise.all([cache.match(CONFIG_PATH), fetch(CONFIG_PATH).catch(() => undefined)]);
      const fresh = answer?.status === 200 && (await isJsonObject(answer.clone())) ? answer : undefined;
      if (!kept && fresh) await cache.put(CONFIG_PATH, fresh.clone());
      await features.warmFor([kept, fresh].filter((config) => config !== undefined));
    })().catch(() => undefined),
  );
});

/** Whether a response's body is a JSON object, as a configuration is (index.html for a missing file is not). */
async function isJsonObject(response: Response): Promise<boolean> {
  try {
    const value: unknown = await response.json();
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

// This build's feature chunks replace the last build's.
self.addEventListener('activate', (event) => {
  event.waitUntil(features.forgetOthers());
});

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as { type?: string; urls?: unknown } | null;
  // The page asks for this only after saving the draft, when the creator pressed Reload.
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  // The page opened with a config.json and kept it: a live edit may ask for a feature not kept yet.
  if (data?.type === CONFIG_KEPT) {
    event.waitUntil(
      keptConfig()
        .then((kept) => features.warmFor(kept ? [kept] : []))
        .catch(() => undefined),
    );
  }
  // The scripts a page loaded (src/pwa/keep-loaded-scripts.ts): the optional ones are kept for
  // offline, then the page is answered, and says it is ready to work offline.
  if (data?.type === 'KEEP_SCRIPTS' && Array.isArray(data.urls)) {
    event.waitUntil(
      features.keep(data.urls.filter((url): url is string => typeof url === 'string')).finally(() => {
        event.ports[0]?.postMessage(null);
      }),
    );
  }
});

// Background Sync is not in TypeScript's WebWorker types.
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

// The page registered this when an attempt failed, or while the application waited for its files:
// send it even if the tab is gone, uploading its files first (tus over fetch).
self.addEventListener('sync', ((event: SyncEvent) => {
  if (event.tag !== OUTBOX_SYNC_TAG) return;
  event.waitUntil(
    replayOutbox((record) => filesReadyInWorker(record, location.href), uploadFilesAgain).then((outcome) => {
      if (outcome === 'accepted') new BroadcastChannel(SUBMISSION_CHANNEL).postMessage({ type: 'accepted' });
      // Rejecting tells the browser to retry the sync later, with its own backoff.
      if (outcome === 'retry' || outcome === 'busy') throw new Error(`The application was not accepted yet (${outcome}).`);
    }),
  );
}) as EventListener);
