import type { OutboxStatus } from './outbox';

/** Whether the server-error line shows: the last attempt failed and the application is not yet accepted. */
export function showsServerError(status: OutboxStatus): boolean {
  if (status.state === 'waiting' || status.state === 'refused') return true;
  return status.state === 'sending' && status.record.attempts > 0;
}
