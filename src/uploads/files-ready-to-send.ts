import { listDeviceFiles } from '../storage/device-files';
import type { SendReadiness } from '../outbox/attempt-once';
import type { OutboxRecord } from '../outbox/outbox-record';
import { pageUploadsOf } from './page-uploads';
import type { SessionUploads } from './session-uploads';
import { uploadsUrl } from './uploads-endpoint';
import type { UploadFailure } from './upload-machine';
import { filesNamed, toSendReadiness, withUploadIds } from './with-upload-ids';

/** Readies one record just before its PUT (outbox/attempt-once.ts). */
export type ReadyToSend = (record: OutboxRecord, base: string) => Promise<SendReadiness>;

/**
 * The page's side of "sending waits for its files", loaded only when an application names files,
 * over the queue of the session `owner` holds (session-uploads.ts): right before each PUT, the
 * body's upload ids are filled from the files on the device; while some are not uploaded yet,
 * nothing is sent and their uploads are asked for now. `changed` is called whenever the upload
 * of a file the last application readied names changes state (not at each byte): it may go now.
 * For the queue's life: the outbox is stopped, not ended, between uses (a stopped one ignores it).
 */
export function filesReadyToSend(owner: SessionUploads, changed: () => void): ReadyToSend {
  const uploads = pageUploadsOf(owner);
  // The files of the application last readied: whose uploads' states are followed.
  let named: readonly string[] = [];
  let last = '';
  uploads.subscribe(() => {
    // Only states matter here; the bytes of a running upload change many times a second.
    const states = named.map((sha256) => uploads.progressOf(sha256)?.state ?? 'gone').join(',');
    if (states === last) return;
    last = states;
    changed();
  });
  return async (record, base) => {
    named = filesNamed(record.body).map((file) => file.sha256);
    const kept = new Map(
      (await listDeviceFiles()).map((file) => [file.sha256, { uploadUrl: file.uploadUrl, uploaded: file.uploaded, hasBytes: file.blob !== undefined }]),
    );
    const readiness = withUploadIds(
      record.body,
      (sha256) => kept.get(sha256),
      (sha256) => uploads.progressOf(sha256)?.error as UploadFailure | undefined,
    );
    if (!readiness.ready && readiness.waiting.length > 0)
      uploads.uploadSoon(uploadsUrl(record.url, base), Object.fromEntries(readiness.waiting.map((file) => [file.sha256, file.key])));
    return toSendReadiness(readiness);
  };
}
