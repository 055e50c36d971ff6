import { listDeviceFiles } from '../storage/device-files';
import type { SendReadiness } from '../outbox/attempt-once';
import type { OutboxRecord } from '../outbox/outbox-record';
import { backoffSeconds } from '../outbox/retry-policy';
import { deviceUploadQueue } from './device-upload-queue';
import { fetchHttpStack } from './fetch-http-stack';
import { uploadsUrl } from './uploads-endpoint';
import { toSendReadiness, withUploadIds, type FilesReadiness } from './with-upload-ids';

/**
 * The service worker's side of "sending waits for its files", in its Background Sync after the tab
 * is gone: the files the queued application names that are not uploaded yet are uploaded first,
 * one at a time, with tus-js-client over fetch (a worker has no XMLHttpRequest), resumed from the
 * receiver's offset like the page's, under the same per-file locks; then the body goes with their
 * ids, or, if some are still missing, the sync fails and the browser fires it again later.
 */

// A sync event lives minutes at most: a few quick retries here, the browser's own backoff after.
const WORKER_RETRY_DELAYS = [0, ...[1, 2, 3].map((failures) => backoffSeconds(failures) * 1000)];

async function readiness(
  record: OutboxRecord,
  failure: (sha256: string) => 'too-large' | 'type' | 'refused' | undefined = () => undefined,
): Promise<FilesReadiness> {
  const kept = new Map(
    (await listDeviceFiles()).map((file) => [file.sha256, { uploadUrl: file.uploadUrl, uploaded: file.uploaded, hasBytes: file.blob !== undefined }]),
  );
  return withUploadIds(record.body, (sha256) => kept.get(sha256), failure);
}

/** The record's body with its files' upload ids, once this worker has uploaded what it could (`retryDelays`: tus-js-client's, within this sync). */
export async function filesReadyInWorker(record: OutboxRecord, base: string, retryDelays: readonly number[] = WORKER_RETRY_DELAYS): Promise<SendReadiness> {
  const before = await readiness(record);
  if (before.ready || before.waiting.length === 0 || before.failed) return toSendReadiness(before);
  // The page's wiring (device-upload-queue.ts), over fetch, with the retries a sync event has time for.
  const queue = deviceUploadQueue({ httpStack: fetchHttpStack(), retryDelays: [...retryDelays] });
  queue.uploadSoon(uploadsUrl(record.url, base), Object.fromEntries(before.waiting.map((file) => [file.sha256, file.key])));
  await queue.settled();
  return toSendReadiness(await readiness(record, (sha256) => queue.statusOf(sha256)?.failure));
}
