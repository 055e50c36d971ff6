import type { PageEvents } from '../browser/page-events';
import type { KeyValueStore } from '../storage/resilient-store';
import type { SyncStorage } from '../storage/sync-storage';

/**
 * Everything the session uses of the browser, passed in: where it keeps the application, how
 * tabs take turns, the page's life, the service worker. The page passes its own
 * (app/render-application.tsx); a unit test passes fakes, in Node, with no DOM at all.
 */
export interface SessionDevices {
  store: KeyValueStore;
  /** The page's Web Locks (undefined where there are none: every tab edits, sends as it comes). */
  locks: LockManager | undefined;
  /** localStorage on the page: the unload copy of the draft and the resume hint, written synchronously. */
  synchronous: SyncStorage;
  /** The page going away and coming back, the network going and coming back, and the page's address. */
  page: PageEvents;
  /** Where a waiting application is handed over as the page goes away (undefined: no service worker). */
  serviceWorker: ServiceWorkerContainer | undefined;
  /** Leaves for the creator hub (the last step's Sign In). */
  redirect: (url: string) => void;
}
