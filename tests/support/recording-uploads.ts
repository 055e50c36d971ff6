import { act } from '@testing-library/react';
import { vi } from 'vitest';
import type { PageUploads, SessionUploads } from '../../src/uploads/session-uploads';
import type { UploadProgress } from '../../src/uploads/upload-progress';

/**
 * A session's uploads for a component test, given through SessionUploadsContext: what the field
 * asks of the queue is recorded (`soon`, `forget`), and how far a file's upload went is set by
 * hand (`show`). The queue itself is the uploads' own, tested there.
 */
export function recordingUploads() {
  const listeners = new Set<() => void>();
  const progress = new Map<string, UploadProgress>();
  const soon = vi.fn<PageUploads['uploadSoon']>();
  const forget = vi.fn<PageUploads['forget']>();
  const page: PageUploads = {
    uploadSoon: soon,
    forget,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    progressOf: (sha256) => progress.get(sha256),
    dispose: () => undefined,
  };
  const owner: SessionUploads = { pageUploads: () => page, dispose: () => undefined };
  return {
    owner,
    soon,
    forget,
    progress,
    /** The file's upload is now at `shown`: every row following it is told. */
    show(sha256: string, shown: UploadProgress) {
      act(() => {
        progress.set(sha256, shown);
        for (const listener of listeners) listener();
      });
    },
  };
}
