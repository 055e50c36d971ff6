import { listDeviceFiles, updateDeviceFile } from '../storage/device-files';
import type { RefusedFile } from '../outbox/send-application';
import { filesToUploadAgain } from './files-to-upload-again';

/**
 * The files the receiver did not find whole (or not as named) at the send, made to go again: the
 * address of their old upload is cleared from their record on the device, so the next turn of an
 * upload queue (the page's, or the service worker's) creates a new upload and the body, waiting for
 * them as for any file not uploaded yet, goes with the new ids. Resolves the SHA-256s made to go.
 */
export async function uploadFilesAgain(sent: unknown, refused: readonly RefusedFile[], already: readonly string[]): Promise<string[]> {
  const onDevice = new Set((await listDeviceFiles()).filter((file) => file.blob !== undefined).map((file) => file.sha256));
  const again = filesToUploadAgain(sent, refused, already, (sha256) => onDevice.has(sha256));
  // The old upload is left to the receiver, which removes an upload left unfinished or unbound.
  const cleared: string[] = [];
  for (const sha256 of again) {
    // A record that cannot be written still names the old upload: that file cannot go again from here.
    const written = await updateDeviceFile(sha256, { uploadUrl: undefined, uploaded: false }).then(
      () => true,
      () => false,
    );
    if (written) cleared.push(sha256);
  }
  return cleared;
}
