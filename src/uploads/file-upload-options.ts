import { DefaultHttpStack, type HttpStack, type UploadOptions } from 'tus-js-client';
import type { DeviceFile } from '../storage/device-files';
import { blobFileReader } from './blob-file-reader';
import { fileUrlStorage, uploadFingerprint, type UploadFiles } from './file-url-storage';
import { resumingHttpStack } from './resuming-http-stack';

/** What a queue sets for all its uploads (create-upload-queue.ts, UploadQueueDevices). */
export interface FileUploadSettings {
  endpoint: string;
  files: UploadFiles;
  chunkSize: number;
  retryDelays: readonly number[];
  httpStack: HttpStack | undefined;
}

/**
 * How one kept file's tus upload is made, all but what its turn listens for: named by the file's
 * SHA-256, its address kept on the file (DeviceFile.uploadUrl) before its first byte goes and left
 * there after success (the application's PUT names the upload by it), its bytes read from the Blob
 * kept on the device, and a HEAD that meets a restarting receiver asked again later rather than the
 * file started afresh (resuming-http-stack.ts).
 */
export function fileUploadOptions(file: DeviceFile, field: string, settings: FileUploadSettings): UploadOptions {
  const { endpoint, files, chunkSize, retryDelays, httpStack } = settings;
  const { sha256 } = file;
  return {
    endpoint,
    chunkSize,
    retryDelays: [...retryDelays],
    metadata: { filename: file.name, filetype: file.type, sha256, field },
    fingerprint: () => Promise.resolve(uploadFingerprint(sha256)),
    urlStorage: fileUrlStorage(files, sha256),
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: false,
    fileReader: blobFileReader,
    httpStack: resumingHttpStack(httpStack ?? new DefaultHttpStack({}), (uploadUrl) => files.update(sha256, { uploadUrl, uploaded: false })),
  };
}
