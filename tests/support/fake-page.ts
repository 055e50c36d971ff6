import type { PageEvents } from '../../src/browser/page-events';
import type { SyncStorage } from '../../src/storage/sync-storage';

/** A page whose life a test drives by hand: no DOM, so the session's tests run in Node. */
export function fakePage(
  href = 'http://127.0.0.1:4173/',
): PageEvents & { leave(): void; comeBack(): void; goOnline(): void; goOffline(): void; listening(): number } {
  const listeners = { leave: new Set<() => void>(), comeBack: new Set<() => void>(), online: new Set<() => void>(), offline: new Set<() => void>() };
  const listen = (set: Set<() => void>, listener: () => void) => {
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  };
  const fire = (set: Set<() => void>) => {
    for (const listener of [...set]) listener();
  };
  return {
    href,
    onLeave: (listener) => listen(listeners.leave, listener),
    onReturn: (listener) => listen(listeners.comeBack, listener),
    onOnline: (listener) => listen(listeners.online, listener),
    onOffline: (listener) => listen(listeners.offline, listener),
    leave: () => {
      fire(listeners.leave);
    },
    comeBack: () => {
      fire(listeners.comeBack);
    },
    goOnline: () => {
      fire(listeners.online);
    },
    goOffline: () => {
      fire(listeners.offline);
    },
    /** How many listeners the page holds now, of every kind: a disposed session leaves none. */
    listening: () => Object.values(listeners).reduce((count, set) => count + set.size, 0),
  };
}

/** localStorage as a map, for a test without a DOM. */
export function memorySyncStorage(): SyncStorage & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => {
      entries.set(key, value);
    },
    removeItem: (key) => {
      entries.delete(key);
    },
  };
}
