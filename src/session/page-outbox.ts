import type { PageEvents } from '../browser/page-events';
import { watchForBackgroundSync } from '../outbox/background-sync';
import { newSubmissionId } from '../outbox/new-submission-id';
import { Outbox, type AcceptedEnding, type OutboxStatus } from '../outbox/outbox';
import { SUBMISSION_CHANNEL } from '../outbox/outbox-names';
import { DEFAULT_SEND_TIMEOUT_MS, sendApplication } from '../outbox/send-application';
import { exclusively } from '../outbox/send-lock';
import { keepReceiptOf } from '../outbox/keep-receipt';
import { sendWithProof } from '../outbox/send-with-proof';
import { showsServerError } from '../outbox/shows-server-error';
import type { Proofs } from '../proof-of-work/proofs';
import type { KeyValueStore } from '../storage/resilient-store';
import { readHandoverRevision } from '../handover/handover-revision';
import type { SendReadiness } from '../outbox/attempt-once';
import type { OutboxRecord } from '../outbox/outbox-record';
import type { ReadyToSend } from '../uploads/files-ready-to-send';
import type { SessionUploads } from '../uploads/session-uploads';
import { filesNamed } from '../uploads/with-upload-ids';

interface PageOutboxOptions {
  store: KeyValueStore;
  /** The lock manager under which one tab (or the service worker) sends at a time. */
  locks: LockManager | undefined;
  timeoutMs: number | undefined;
  /** Runs once the server has accepted the application (or it was sent elsewhere, or withdrawn), before the outbox reports it. */
  onAccepted: (ending: AcceptedEnding) => Promise<void>;
  /** Solutions of the receiver's proof of work, when it asks for one (proof-of-work-gate.ts). */
  proofs: Proofs;
  /** The session's uploads: a body naming files waits for them, in the session's queue. */
  uploads: SessionUploads;
}

/** The outbox's wait for files: made once a body names files, over the session's uploads. */
interface FilesWait {
  uploads: SessionUploads;
  ready: ReadyToSend | null;
  changed: () => void;
}

/** The page's submission queue: sends with fetch, one tab (or the service worker) at a time. */
export function pageOutbox({ store, locks, timeoutMs = DEFAULT_SEND_TIMEOUT_MS, onAccepted, proofs, uploads }: PageOutboxOptions): Outbox {
  // Once an application names files, each file's upload ending retries it.
  const files: FilesWait = {
    uploads,
    ready: null,
    changed: () => {
      outbox.retrySoon();
    },
  };
  const outbox = new Outbox({
    store,
    send: async (record) =>
      keepReceiptOf(
        await sendWithProof(
          (headers) =>
            sendApplication(record.url, record.body, {
              idempotencyKey: record.key,
              applicationId: record.applicationId,
              revision: record.revision,
              language: record.language,
              timeoutMs,
              headers,
            }),
          proofs,
        ),
      ),
    exclusively: (attempt) => exclusively(attempt, locks),
    newId: newSubmissionId,
    continued: () => readHandoverRevision(store),
    prepare: (record) => readyToSend(record, files),
    // Only a body that named files is refused this way: the upload code is loaded by then.
    uploadAgain: async (sent, refused, already) => (await import('../uploads/upload-files-again')).uploadFilesAgain(sent, refused, already),
  });
  outbox.handleAcceptance(onAccepted);
  return outbox;
}

/**
 * A body goes as it is unless it names files: then it waits for their uploads (uploads/, loaded
 * only now, so no page without a file field fetches the upload code) and goes with their ids.
 */
async function readyToSend(record: OutboxRecord, files: FilesWait): Promise<SendReadiness> {
  if (filesNamed(record.body).length === 0) return { ready: true, body: record.body };
  const { filesReadyToSend } = await import('../uploads/files-ready-to-send');
  files.ready ??= filesReadyToSend(files.uploads, files.changed);
  return files.ready(record, location.href);
}

/**
 * What the queue hears from the page while its session holds it: the browser back online (try
 * a waiting application now), the service worker saying it sent one, and the page going away
 * with a failed attempt (passed to the service worker's Background Sync). Meanwhile a proof of
 * work, when the receiver asks for one, is solved ahead. Returns the way to stop.
 */
export function listenForOutbox(outbox: Outbox, proofs: Proofs, page: PageEvents, serviceWorker: ServiceWorkerContainer | undefined): () => void {
  const stopProofs = proofs.warm();
  const stopOnline = page.onOnline(() => {
    outbox.retrySoon();
  });
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(SUBMISSION_CHANNEL);
  if (channel) {
    channel.onmessage = () => {
      outbox.recheck();
    };
  }
  // Waiting for its files counts too: the worker uploads them before it sends.
  const stopSync = watchForBackgroundSync(() => waitsForTheWorker(outbox.getStatus()), page, serviceWorker);
  return () => {
    stopOnline();
    channel?.close();
    stopSync();
    stopProofs();
  };
}

/** Whether the service worker should carry on once the page is gone: a failed attempt, or files still to upload, but nothing refused. */
function waitsForTheWorker(status: OutboxStatus): boolean {
  if (status.state === 'uploading') return status.files.failed === undefined;
  return showsServerError(status) && status.state !== 'refused';
}
