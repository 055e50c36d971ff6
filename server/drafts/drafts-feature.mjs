// The drafts room, as the start composes it: drafts in transit under the receiver's path
// (drafts-in-transit.mjs), their own budget (drafts-budget.mjs) and the sweep of expired ones.
import { createAdmission } from '../limits/admission.mjs';
import { createDraftsBudget } from './drafts-budget.mjs';
import { createDrafts, draftsPrefix, startDraftSweep } from './drafts-in-transit.mjs';

/**
 * @param {{
 *   store: import('../store/store-types.mjs').Store, path: string, draftId: RegExp,
 *   allowedOrigins: ReadonlySet<string>, log: (line: string) => void, ttlSeconds: number,
 *   limits: import('../limits/limit-settings.mjs').LimitSettings, databaseUrl: string | undefined, dataDir: string,
 *   freeBytes: ((dir: string) => Promise<number>) | undefined,
 *   proofOfWork: import('./drafts-in-transit.mjs').DraftsOptions['proofOfWork'],
 *   rateLimits: import('../limits/rate-limits.mjs').RateLimits,
 * }} options path: the receiver's (drafts live under it); rateLimits: the client's share of requests
 */
export async function createDraftsFeature({
  store,
  path,
  draftId,
  allowedOrigins,
  log,
  ttlSeconds,
  limits,
  databaseUrl,
  dataDir,
  freeBytes,
  proofOfWork,
  rateLimits,
}) {
  // A draft's PUT meets a budget of its own, so drafts never turn an application away, and the
  // proof of work applications need; its GET and DELETE count in the client's share of requests.
  const budget = await createDraftsBudget({ store, limits, databaseUrl, dataDir, freeBytes, log });
  const prefix = draftsPrefix(path);
  const answer = createDrafts({
    store,
    prefix,
    draftId,
    allowedOrigins,
    log,
    ttlSeconds,
    admitWrite: (ctx) => budget.admit(ctx),
    takeBytes: (bytes) => budget.take(bytes),
    proofOfWork,
    admitRead: createAdmission({ rateLimits }),
  });
  const sweep = startDraftSweep(store, { log });
  return {
    /** Where drafts in transit are stored and fetched: this prefix, then the draft's id. */
    prefix,
    answer,
    async close() {
      await sweep.stop();
      await budget.close();
    },
  };
}
