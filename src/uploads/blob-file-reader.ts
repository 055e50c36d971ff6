import type { FileReader, FileSource } from 'tus-js-client';

/**
 * tus-js-client's file reader for a Blob, the same in the page, the service worker and Node (whose
 * build of the client reads only Buffers and streams): each chunk is a slice of the Blob, read
 * from IndexedDB only when its PATCH goes out, so a large file is never held in memory whole.
 */
export const blobFileReader: FileReader = {
  openFile(input: unknown): Promise<FileSource> {
    if (!(input instanceof Blob)) return Promise.reject(new Error('Only a Blob can be uploaded.'));
    const blob = input;
    return Promise.resolve({
      size: blob.size,
      slice: (start: number, end: number) => Promise.resolve({ value: blob.slice(start, end), done: end >= blob.size }),
      close: () => undefined,
    });
  },
};
