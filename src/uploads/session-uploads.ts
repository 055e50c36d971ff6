import type { PageEvents } from '../browser/page-events';
import type { FieldOfFile } from './create-upload-queue';
import type { UploadProgress } from './upload-progress';

/**
 * Who owns the page's uploads: the application session (session/application-session.ts) holds one
 * SessionUploads, made with it, and hands it to the file field (through SessionUploadsContext,
 * which the wizard provides) and to the outbox's wait for files (files-ready-to-send.ts). Through
 * it both reach the same queue, the session's: made at the first ask, removed with the session.
 *
 * This file holds no upload code: the session's chunk is every programme's, and tus-js-client must
 * stay in the files feature's chunks, fetched only for a file field or a body naming files. So
 * the queue is made by the maker its first asker brings (page-uploads.ts, `pageUploadsOf`), from
 * one of those chunks.
 */

/** What the page's uploads take of the browser: its connection coming and going, and the Web Locks each file's turn is taken under. */
export interface PageUploadsDevices {
  network: Pick<PageEvents, 'onOnline' | 'onOffline'>;
  /** undefined where there are none (older Safari): turns run as they come. */
  locks: LockManager | undefined;
}

/** The page's upload queue, as the file field and the outbox use it (page-uploads.ts). */
export interface PageUploads {
  /**
   * A file was added, or a connection came back: uploads every file on the device with its bytes and
   * not yet uploaded, one at a time. `fieldOf` names the field (its key, as in the PUT body's
   * `files[].key`) of the files the caller holds, by SHA-256: a file is uploaded once some caller
   * has named its field, since the receiver checks each upload against its field's rules.
   */
  uploadSoon: (endpoint: string, fieldOf?: FieldOfFile) => void;
  /** The file was removed: its upload stops, and the receiver is asked to delete it (best effort). */
  forget: (sha256: string) => void;
  /** Calls `listener` whenever any file's upload changes; returns the way to stop. The same function for the queue's life. */
  subscribe: (listener: () => void) => () => void;
  /** The upload of the file `sha256`, the same object until what its row shows changes (upload-progress.ts). */
  progressOf: (sha256: string) => UploadProgress | undefined;
  /** Its online and offline listeners removed; the running upload paused where it is, and none started after. */
  dispose: () => void;
}

export type MakePageUploads = (devices: PageUploadsDevices) => PageUploads;

export interface SessionUploads {
  /** The session's one queue, made by `make` at the first ask; the same one at every ask after. */
  pageUploads(make: MakePageUploads): PageUploads;
  /** With the session: the queue made, if any, is disposed. */
  dispose(): void;
}

/** A session's uploads, holding nothing of the page until one is asked for. */
export function sessionUploads(devices: PageUploadsDevices): SessionUploads {
  let made: PageUploads | null = null;
  let disposed = false;
  return {
    pageUploads(make) {
      if (made) return made;
      made = make(devices);
      // Asked after the session ended (a step still drawn as it goes): a queue, but one that holds nothing.
      if (disposed) made.dispose();
      return made;
    },
    dispose() {
      disposed = true;
      made?.dispose();
    },
  };
}
