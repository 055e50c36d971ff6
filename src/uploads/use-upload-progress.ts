import { useCallback, useSyncExternalStore } from 'react';
import type { UploadProgress } from './upload-progress';
import { usePageUploads } from './use-page-uploads';

/** The upload of the file `sha256`, redrawn as its bytes go out; undefined before it is queued. */
export function useUploadProgress(sha256: string): UploadProgress | undefined {
  const uploads = usePageUploads();
  const snapshot = useCallback(() => uploads.progressOf(sha256), [uploads, sha256]);
  return useSyncExternalStore(uploads.subscribe, snapshot, snapshot);
}
