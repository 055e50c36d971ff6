import { listDeviceFiles } from '../storage/device-files';
import type { SendReadiness } from '../outbox/attempt-once';
import type { OutboxRecord } from '../outbox/outbox-record';
import { subscribeUploadProgress, uploadProgressOf, uploadSoon } from './upload-queue';
import { uploadsUrl } from './uploads-endpoint';
import type { UploadFailure } from './upload-machine';
import { filesNamed, toSendReadiness, withUploadIds } from './with-upload-ids';

// The files of the application last readied: whose uploads' states watchUploadStates follows.
let named: readonly string[] = [];

/**
 * The page's side of "sending waits for its files", loaded only when an application names files:
 * right before each PUT, the body's upload ids are filled from the files on the device; while some
 * are not uploaded yet, nothing is sent and their uploads are asked for now.
 */
export async function filesReadyToSend(record: OutboxRecord, base: string): Promise<SendReadiness> {
  named = filesNamed(record.body).map((file) => file.sha256);
  const kept = new Map((await listDeviceFiles()).map((file) => [file.sha256, { uploadUrl: file.uploadUrl, uploaded: file.uploaded, hasBytes: file.blob !== undefined }]));
  const readiness = withUploadIds(record.body, (sha256) => kept.get(sha256), (sha256) => uploadProgressOf(sha256)?.error as UploadFailure | undefined);
  if (!readiness.ready && readiness.waiting.length > 0) uploadSoon(uploadsUrl(record.url, base), Object.fromEntries(readiness.waiting.map((file) => [file.sha256, file.key])));
  return toSendReadiness(readiness);
}

/** Calls `changed` whenever the upload of a file the last application named changes state (not at each byte): it may go now. */
export function watchUploadStates(changed: () => void): () => void {
  let last = '';
  return subscribeUploadProgress(() => {
    // Only states matter here; the bytes of a running upload change many times a second.
    const states = named.map((sha256) => uploadProgressOf(sha256)?.state ?? 'gone').join(',');
    if (states === last) return;
    last = states;
    changed();
  });
}
