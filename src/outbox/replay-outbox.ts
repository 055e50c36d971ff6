import { guardedStore, keyval, StorageUnavailableError } from '../storage/guarded-indexed-db';
import { APP_DB_NAME, APP_STORE_NAME } from '../storage/stored-keys';
import { attemptOnce, type AttemptOnceOptions } from './attempt-once';
import { clearAfterAcceptance } from './clear-after-acceptance';
import { challengeUrl } from '../proof-of-work/proof-of-work-http';
import { fetchChallenge } from '../proof-of-work/fetch-challenge';
import { createProofs } from '../proof-of-work/proofs';
import { solveChallenge } from '../proof-of-work/solve-challenge';
import { idbOutboxStore } from './idb-outbox-store';
import type { AttemptOutcome } from './retry-policy';
import { sendApplication } from './send-application';
import { sendWithProof } from './send-with-proof';
import { exclusively } from './send-lock';
import { keepReceiptOf } from './keep-receipt';

/** Bodies sent in one sync at most: each further one needs an edit made while the last was on its way. */
const MAX_BODIES_PER_SYNC = 5;

/**
 * The service worker's turn at the outbox, after the tab is gone (Background Sync): the same
 * attempt as the page's (attempt-once.ts: the record's latest body, with its key, application id
 * and revision), under the same lock. Workbox's background-sync plugin counts any HTTP answer as
 * delivered; here only a 2xx does: 5xx, 404, 405, 408, 429, timeouts and network errors make the sync fail
 * so the browser retries it later, as does a sync fired before the server's Retry-After has
 * passed. On acceptance of the latest body (a page may still write an edit while the request is
 * out) the personal data leaves the device, as in the page. A body that names files goes only once
 * they are uploaded: `prepare` (the worker's, sw/sw.ts) uploads them first and fills their ids; files
 * still missing fail the sync (tried again later), a file refused for good waits for the creator; a
 * file the receiver did not find whole at the send is uploaded again (`uploadAgain`), once.
 */
export async function replayOutbox(
  prepare?: AttemptOnceOptions['prepare'],
  uploadAgain?: AttemptOnceOptions['uploadAgain'],
): Promise<AttemptOutcome | 'nothing' | 'busy'> {
  const store = guardedStore(APP_DB_NAME, APP_STORE_NAME);
  const records = idbOutboxStore(store);
  const outcome = await exclusively(async (): Promise<AttemptOutcome | 'nothing'> => {
    for (let body = 0; body < MAX_BODIES_PER_SYNC; body += 1) {
      const result = await attemptOnce(records, {
        send: async (record) => {
          // The worker has no page to learn from: it asks the challenge endpoint, and solves in its own thread.
          const proofs = createProofs({
            fetchChallenge: () => fetchChallenge(challengeUrl(record.url, location.href)),
            solve: (challenge) => solveChallenge(challenge),
          });
          // Its receipt kept as the page keeps one, so the last step shows it when the creator comes back.
          return keepReceiptOf(
            await sendWithProof(
              (headers) =>
                sendApplication(record.url, record.body, {
                  idempotencyKey: record.key,
                  applicationId: record.applicationId,
                  revision: record.revision,
                  language: record.language,
                  headers,
                }),
              proofs,
            ),
          );
        },
        now: Date.now,
        ...(prepare ? { prepare } : {}),
        ...(uploadAgain ? { uploadAgain } : {}),
      });
      if (result.kind === 'waiting' || (result.kind === 'none' && body === 0)) return 'nothing';
      if (result.kind === 'failed') return result.outcome;
      // Not due (the server's Retry-After has not passed): a failed sync is fired again later.
      if (result.kind === 'later') return 'retry';
      // Files still to upload: a later sync goes on from the receiver's offsets. One refused: the page says which.
      if (result.kind === 'files') return result.files.failed ? 'nothing' : 'retry';
      // An edit came while the body was on its way: it goes out now.
      if (result.kind === 'accepted' && !result.latest) continue;
      // Accepted (or gone after an earlier body was accepted): the same clearing as the page's.
      await clearAfterAcceptance({ delete: (key) => keyval.del(key, store), set: (key, value) => keyval.set(key, value, store) }, Date.now());
      return 'accepted';
    }
    return 'retry';
  }).catch((error: unknown) => {
    // Storage blocked in the worker too: it holds no outbox to send, and the page sends from its memory.
    if (error instanceof StorageUnavailableError) return 'nothing' as const;
    throw error;
  });
  return outcome ?? 'busy';
}
