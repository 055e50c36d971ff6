/**
 * The calls the app makes of localStorage, which it uses only where a write must be done before
 * the call returns (the unload copy of a draft, the resume hint read before the first paint).
 * Taken as a last argument with the page's own as default, so a test in Node passes a map.
 */
export type SyncStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * The page's localStorage, looked up at each call rather than once: where storage is blocked,
 * even reading `localStorage` throws, and each caller catches that where it can carry on.
 */
export const pageLocalStorage: SyncStorage = {
  getItem: (key) => localStorage.getItem(key),
  setItem: (key, value) => {
    localStorage.setItem(key, value);
  },
  removeItem: (key) => {
    localStorage.removeItem(key);
  },
};
