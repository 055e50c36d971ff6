import type { UrlStorage } from 'tus-js-client';
import type { DeviceFile } from '../storage/device-files';

/** The queue's only ways to the files on the device (src/storage/device-files.ts). */
export interface UploadFiles {
  get(sha256: string): Promise<DeviceFile | undefined>;
  list(): Promise<DeviceFile[]>;
  update(sha256: string, patch: Partial<Pick<DeviceFile, 'uploadUrl' | 'uploaded'>>): Promise<void>;
}

/** The tus fingerprint of a file: its SHA-256, so the same bytes are one upload. */
export function uploadFingerprint(sha256: string): string {
  return `creator-upload:${sha256}`;
}

/**
 * tus-js-client's URL storage, linked to the file's own record: the upload's address is kept on
 * the file (DeviceFile.uploadUrl), where the application's PUT and every later turn find it, rather
 * than in a store of the client's own that the page would have to keep in step.
 */
export function fileUrlStorage(files: UploadFiles, sha256: string): UrlStorage {
  const fingerprint = uploadFingerprint(sha256);
  // The address this turn's client knows: only that one is ever cleared from the record.
  let known: string | undefined;
  return {
    findAllUploads: () => Promise.resolve([]),
    async findUploadsByFingerprint(asked) {
      const latest = await files.get(sha256);
      if (asked !== fingerprint || !latest?.uploadUrl) return [];
      known = latest.uploadUrl;
      return [{ size: latest.size, metadata: {}, creationTime: '', urlStorageKey: fingerprint, uploadUrl: latest.uploadUrl, parallelUploadUrls: null }];
    },
    // The receiver no longer knows the upload (HEAD 404 or 410), or the file was removed (its upload
    // deleted): the record lets go of that address, and not of a newer one (the same file chosen
    // again meanwhile, whose new upload a later turn created).
    async removeUpload() {
      const latest = await files.get(sha256);
      if (latest?.uploadUrl !== undefined && latest.uploadUrl === known) await files.update(sha256, { uploadUrl: undefined });
    },
    async addUpload(_fingerprint, upload) {
      if (upload.uploadUrl) {
        known = upload.uploadUrl;
        await files.update(sha256, { uploadUrl: upload.uploadUrl });
      }
      return fingerprint;
    },
  };
}
