import { createStore, del, get, set, update } from 'idb-keyval';
import { APP_DB_NAME, APP_STORE_NAME, CORRUPT_DRAFT_KEY, DRAFT_KEY, OUTBOX_KEY, SUBMITTED_KEY } from '../storage/stored-keys';
import { normaliseRecord, type OutboxRecord } from './outbox-record';
import { classifyAttempt, type AttemptOutcome } from './retry-policy';
import { sendApplication } from './send-application';
import { exclusively } from './send-lock';

/** Bodies sent in one sync at most: each further one needs an edit made while the last was on its way. */
const MAX_BODIES_PER_SYNC = 5;

/**
 * One attempt at sending the outbox's application from the service worker, after the tab is
 * gone (Background Sync): the record's latest body, with its key, application id and revision,
 * under the same lock as the page's attempts. Workbox's background-sync plugin counts any HTTP
 * answer as delivered; here only a 2xx does: 5xx, 408, 429, timeouts and network errors make the
 * sync fail so the browser retries it later. On acceptance of the latest body (a page may still
 * write an edit while the request is out) the personal data leaves the device, as in the page.
 */
export async function replayOutbox(): Promise<AttemptOutcome | 'nothing' | 'busy'> {
  const store = createStore(APP_DB_NAME, APP_STORE_NAME);
  const outcome = await exclusively(async (): Promise<AttemptOutcome | 'nothing'> => {
    for (let body = 0; body < MAX_BODIES_PER_SYNC; body += 1) {
      const record = normaliseRecord(await get<unknown>(OUTBOX_KEY, store));
      if (!record) return body === 0 ? 'nothing' : 'accepted';
      if (record.refused || record.held) return 'nothing';
      const result = await sendApplication(record.url, record.body, { idempotencyKey: record.key, applicationId: record.applicationId, revision: record.revision });
      const classified = classifyAttempt(result);
      if (classified === 'accepted') {
        // Removed in one transaction with the check, so an edit written meanwhile is never removed unsent.
        const sent = { latest: false };
        await update<unknown>(OUTBOX_KEY, (stored) => {
          sent.latest = normaliseRecord(stored)?.key === record.key;
          return sent.latest ? undefined : stored;
        }, store);
        if (!sent.latest) continue;
        await del(DRAFT_KEY, store);
        await del(CORRUPT_DRAFT_KEY, store);
        await set(SUBMITTED_KEY, { submittedAt: Date.now() }, store);
        return classified;
      }
      await update<unknown>(OUTBOX_KEY, (stored) => {
        const current = normaliseRecord(stored);
        if (current?.applicationId !== record.applicationId) return stored;
        const failed: OutboxRecord = {
          ...current,
          attempts: current.attempts + 1,
          lastAttemptAt: Date.now(),
          lastError: result.ok ? null : result.error,
          refused: classified === 'refused' && current.key === record.key,
        };
        return failed;
      }, store);
      return classified;
    }
    return 'retry';
  });
  return outcome ?? 'busy';
}
