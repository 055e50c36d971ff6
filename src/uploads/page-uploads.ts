import { browserOnline, deviceUploadQueue } from './device-upload-queue';
import { progressMemo } from './upload-progress';
import type { PageUploads, PageUploadsDevices, SessionUploads } from './session-uploads';

/**
 * The page's upload queue over the files on this device (device-upload-queue.ts), with
 * tus-js-client's own XMLHttpRequest stack, paused when the browser goes offline and on again when
 * it comes back. One per application session, which owns it (session-uploads.ts); this module is
 * reached only from the files feature's chunks (the file field, the outbox's wait for files).
 */
export function createPageUploads({ network, locks }: PageUploadsDevices): PageUploads {
  const state = { disposed: false };
  // Once disposed it counts as offline for good: a retry's timer may still fire, but no turn starts.
  const queue = deviceUploadQueue({ locks, isOnline: () => !state.disposed && browserOnline() });
  const stopOnline = network.onOnline(() => {
    queue.online();
  });
  const stopOffline = network.onOffline(() => {
    queue.offline();
  });
  return {
    uploadSoon: (endpoint, fieldOf) => {
      queue.uploadSoon(endpoint, fieldOf);
    },
    forget: (sha256) => {
      queue.forget(sha256);
    },
    subscribe: (listener) => queue.subscribe(listener),
    progressOf: progressMemo((sha256) => queue.statusOf(sha256)),
    dispose() {
      if (state.disposed) return;
      state.disposed = true;
      stopOnline();
      stopOffline();
      // The running upload stops where it is (not deleted): the next session's queue resumes it from the receiver's offset.
      queue.offline();
    },
  };
}

/** The queue of the session `owner` holds, made here at the first ask (its maker is this chunk's, not the session's). */
export function pageUploadsOf(owner: SessionUploads): PageUploads {
  return owner.pageUploads(createPageUploads);
}
