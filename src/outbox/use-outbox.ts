import { useEffect, useState, useSyncExternalStore } from 'react';
import type { KeyValueStore } from '../storage/resilient-store';
import { watchForBackgroundSync } from './background-sync';
import { newSubmissionId } from './new-submission-id';
import { Outbox, type OutboxStatus } from './outbox';
import { SUBMISSION_CHANNEL } from './outbox-names';
import { sendApplication } from './send-application';
import { exclusively } from './send-lock';

interface UseOutboxOptions {
  store: KeyValueStore;
  /** The lock manager under which one tab (or the service worker) sends at a time. */
  locks: LockManager | undefined;
  timeoutMs: number;
  /** Only the editor tab sends or resumes sending. */
  active: boolean;
  /** Runs once the server has accepted the application, before the outbox reports it. */
  onAccepted: () => Promise<void>;
}

/** The page's submission queue, resumed on load and retried when the browser comes back online. */
export function useOutbox({ store, locks, timeoutMs, active, onAccepted }: UseOutboxOptions) {
  const [outbox] = useState(
    () =>
      new Outbox({
        store,
        send: (record) => sendApplication(record.url, record.body, { idempotencyKey: record.key, applicationId: record.applicationId, revision: record.revision, timeoutMs }),
        exclusively: (attempt) => exclusively(attempt, locks),
        newId: newSubmissionId,
      }),
  );
  useEffect(() => {
    outbox.handleAcceptance(onAccepted);
  }, [outbox, onAccepted]);

  const status = useSyncExternalStore<OutboxStatus>(
    (listener) => outbox.subscribe(listener),
    () => outbox.getStatus(),
  );

  // Stopped by the cleanup and resumed by the next run: an effect run twice (StrictMode) keeps
  // a live queue, whose failed attempts are retried on schedule.
  useEffect(() => {
    if (!active) return undefined;
    void outbox.resume();
    const online = () => {
      outbox.retrySoon();
    };
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      outbox.stop();
    };
  }, [active, outbox]);

  // A failed attempt goes to the service worker as the page goes away, to be sent after the tab is closed.
  useEffect(() => watchForBackgroundSync(() => showsServerError(outbox.getStatus()) && outbox.getStatus().state !== 'refused'), [outbox]);

  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return undefined;
    const channel = new BroadcastChannel(SUBMISSION_CHANNEL);
    channel.onmessage = () => {
      outbox.recheck();
    };
    return () => {
      channel.close();
    };
  }, [outbox]);

  return { outbox, status };
}

/** Whether the server-error line shows: the last attempt failed and the application is not yet accepted. */
export function showsServerError(status: OutboxStatus): boolean {
  if (status.state === 'waiting' || status.state === 'refused') return true;
  return status.state === 'sending' && status.record.attempts > 0;
}
