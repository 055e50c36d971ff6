import type { Workbox } from 'workbox-window';
import { keepLoadedScripts } from './keep-loaded-scripts';

/**
 * Registers the service worker and reports what the page should say about it: ready to work
 * offline, or a new version waiting. A new version never takes control by itself (it would
 * reload pages with half-typed applications): the creator presses Reload, the draft is saved,
 * and only then does the page ask the waiting worker to take control and reload.
 */
export interface ServiceWorkerState {
  offlineReady: boolean;
  updateWaiting: boolean;
}

const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

let state: ServiceWorkerState = { offlineReady: false, updateWaiting: false };
const listeners = new Set<() => void>();
let workbox: Workbox | null = null;

function update(next: Partial<ServiceWorkerState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export function serviceWorkerState(): ServiceWorkerState {
  return state;
}

export function onServiceWorkerState(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * `npm run dev` serves the modules from source, with no precache manifest: no worker there. Every
 * build registers one, `npm run build:strict` too, whose React is the development build
 * (import.meta.env.DEV is true there, the mode is still "production"), so that the end-to-end
 * suite's strict-effects project runs the worker's messages to a page whose effects run twice.
 */
const DEV_SERVER = import.meta.env.MODE === 'development';

export function registerServiceWorker(url = `${import.meta.env.BASE_URL}sw.js`): void {
  if (!('serviceWorker' in navigator) || DEV_SERVER) return;
  // workbox-window is fetched only now, after the load event: it is not needed to show Welcome.
  import('workbox-window')
    .then(({ Workbox }) => {
      register(new Workbox(url));
    })
    .catch(() => undefined);
}

function register(wb: Workbox): void {
  workbox = wb;
  wb.addEventListener('waiting', () => {
    update({ updateWaiting: true });
  });
  wb.addEventListener('activated', (event) => {
    // A newer version that went live without waiting: nothing used this registration (a page
    // on the error screen, which the worker does not control), or another tab's Reload let it in.
    if (event.isExternal) update({ updateWaiting: true });
    // Ready once the worker also holds the optional scripts this page loaded before it was there.
    else if (!event.isUpdate)
      void keepLoadedScripts(wb).then(() => {
        update({ offlineReady: true });
      });
  });
  // A browser may refuse the worker (blocked by policy, storage off): the app then simply
  // works online only, as without service worker support.
  const checkForUpdate = () => {
    wb.update().catch(() => undefined);
  };
  wb.register()
    .then((registration) => {
      if (!registration) return;
      // Already installed by an earlier visit: the app works offline now.
      if (registration.active && !registration.installing) update({ offlineReady: true });
      setInterval(checkForUpdate, UPDATE_CHECK_INTERVAL_MS);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') checkForUpdate();
      });
    })
    .catch(() => undefined);
}

/** After the draft is saved: lets the waiting worker take control, then reloads into the new version. */
export function applyUpdate(): void {
  const wb = workbox;
  if (!wb) return;
  navigator.serviceWorker
    .getRegistration()
    .then((registration) => {
      // Already live (see the 'activated' listener): loading the page again is the update.
      if (!registration?.waiting) {
        window.location.reload();
        return;
      }
      wb.addEventListener('controlling', () => {
        window.location.reload();
      });
      wb.messageSkipWaiting();
    })
    .catch(() => {
      window.location.reload();
    });
}
