/**
 * A resource an effect acquires and releases, whose release waits for the end of the current
 * task: React runs an effect's cleanup and then the effect again in one go (StrictMode on every
 * mount in development, and in production whenever a subtree is hidden and shown), and a
 * resource that cannot be taken back at once must not be let go in between. The editor's Web
 * Lock is one: released and requested again, the new request can find the old one still held
 * and count this very tab as another, showing it read-only until the lock comes back. Acquired
 * again before the release runs, the same resource is kept; otherwise it is released, and the
 * next acquire creates a new one.
 */
export interface HeldAcrossRerun<T> {
  acquire(): T;
  release(): void;
}

export function heldAcrossRerun<T>(create: () => T, dispose: (resource: T) => void): HeldAcrossRerun<T> {
  let held: { resource: T; releasing: boolean } | null = null;
  return {
    acquire() {
      if (held) {
        held.releasing = false;
        return held.resource;
      }
      held = { resource: create(), releasing: false };
      return held.resource;
    },
    release() {
      const releasing = held;
      if (!releasing) return;
      releasing.releasing = true;
      queueMicrotask(() => {
        if (held !== releasing || !releasing.releasing) return;
        held = null;
        dispose(releasing.resource);
      });
    },
  };
}
