import type { OutboxStatus } from './outbox';
import { NEWER_REVISION_STORED } from './send-application';

/** Whether the server-error line shows: the last attempt failed and the application is not yet accepted. */
export function showsServerError(status: OutboxStatus): boolean {
  if (status.state === 'waiting' || status.state === 'refused') return true;
  return status.state === 'sending' && status.record.attempts > 0;
}

/** The receiver holds a newer revision of this application, sent from another device: these answers were not sent. */
export function sentFromAnotherDevice(status: OutboxStatus): boolean {
  return status.state === 'refused' && status.record.lastError === NEWER_REVISION_STORED;
}
