/**
 * The page's life as the application session hears it: the page going away and coming back,
 * and the network going and coming back. The session takes these as a device (session/application-session.ts)
 * rather than listening to `window` and `document` itself, so its unit tests run without a DOM
 * and fire the events they need.
 */
export interface PageEvents {
  /** The page's address, against which a relative requestUrl is read. */
  readonly href: string;
  /**
   * The page is hidden or going away: pagehide, or hidden (on phones pagehide may never come, and
   * where both come the listener runs twice). Returns the way to stop listening.
   */
  onLeave(listener: () => void): () => void;
  /** The page is visible again after it was hidden. */
  onReturn(listener: () => void): () => void;
  /** The browser is back online. */
  onOnline(listener: () => void): () => void;
  /** The browser has gone offline (the session's uploads pause). */
  onOffline(listener: () => void): () => void;
}

/** The page this code runs in. */
export function browserPageEvents(): PageEvents {
  return {
    get href() {
      return location.href;
    },
    onLeave(listener) {
      const onVisibility = () => {
        if (document.visibilityState === 'hidden') listener();
      };
      window.addEventListener('pagehide', listener);
      document.addEventListener('visibilitychange', onVisibility);
      return () => {
        window.removeEventListener('pagehide', listener);
        document.removeEventListener('visibilitychange', onVisibility);
      };
    },
    onReturn(listener) {
      const onVisibility = () => {
        if (document.visibilityState === 'visible') listener();
      };
      document.addEventListener('visibilitychange', onVisibility);
      return () => {
        document.removeEventListener('visibilitychange', onVisibility);
      };
    },
    onOnline(listener) {
      window.addEventListener('online', listener);
      return () => {
        window.removeEventListener('online', listener);
      };
    },
    onOffline(listener) {
      window.addEventListener('offline', listener);
      return () => {
        window.removeEventListener('offline', listener);
      };
    },
  };
}

/** The page's service worker container, where there is one (not in a test's Node, nor where the browser has none). */
export function defaultServiceWorker(): ServiceWorkerContainer | undefined {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? navigator.serviceWorker : undefined;
}
