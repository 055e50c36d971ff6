import { createStore, del, get, set } from 'idb-keyval';
import { APP_DB_NAME, APP_STORE_NAME, CORRUPT_DRAFT_KEY, DRAFT_KEY, OUTBOX_KEY, SUBMITTED_KEY } from '../storage/stored-keys';
import type { OutboxRecord } from './outbox';
import { classifyAttempt, type AttemptOutcome } from './retry-policy';
import { sendApplication } from './send-application';
import { exclusively } from './send-lock';

/**
 * One attempt at sending the outbox's application from the service worker, after the tab is
 * gone (Background Sync). Same record, same Idempotency-Key as the page's attempts, under the
 * same lock. Workbox's background-sync plugin counts any HTTP answer as delivered; here only a
 * 2xx does: 5xx, 408, 429, timeouts and network errors make the sync fail so the browser
 * retries it later. On acceptance the personal data leaves the device, as in the page.
 */
export async function replayOutbox(): Promise<AttemptOutcome | 'nothing' | 'busy'> {
  const store = createStore(APP_DB_NAME, APP_STORE_NAME);
  const outcome = await exclusively(async (): Promise<AttemptOutcome | 'nothing'> => {
    const record = await get<OutboxRecord>(OUTBOX_KEY, store);
    if (!record || record.refused) return 'nothing';
    const result = await sendApplication(record.url, record.body, { idempotencyKey: record.id });
    const classified = classifyAttempt(result);
    if (classified === 'accepted') {
      await del(OUTBOX_KEY, store);
      await del(DRAFT_KEY, store);
      await del(CORRUPT_DRAFT_KEY, store);
      await set(SUBMITTED_KEY, { submittedAt: Date.now() }, store);
      return classified;
    }
    await set(
      OUTBOX_KEY,
      { ...record, attempts: record.attempts + 1, lastAttemptAt: Date.now(), lastError: result.ok ? null : result.error, refused: classified === 'refused' },
      store,
    );
    return classified;
  });
  return outcome ?? 'busy';
}
