import { useCallback, useSyncExternalStore } from 'react';
import { subscribeUploadProgress, uploadProgressOf, type UploadProgress } from './upload-queue';

/** The upload of the file `sha256`, redrawn as its bytes go out; undefined before it is queued. */
export function useUploadProgress(sha256: string): UploadProgress | undefined {
  const snapshot = useCallback(() => uploadProgressOf(sha256), [sha256]);
  return useSyncExternalStore(subscribeUploadProgress, snapshot, snapshot);
}
