// RETENTION_DAYS: when set, the receiver erases what it has held longer than that (retention.mjs)
// at start and then once a day, and says so in one log line each time: counts only, never an id,
// an address or an answer. Off by default (unset, empty or 0): a programme sets its own period.
// Every instance on one PostgreSQL runs it; a second run the same day finds nothing more to erase.
import { eraseOlderThan } from './retention.mjs';
import { startPeriodicJob } from '../process/periodic-job.mjs';

export const RETENTION_INTERVAL_MS = 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const DAYS = /^[0-9]{1,6}$/;
export const MAX_RETENTION_DAYS = 36_500;

/**
 * RETENTION_DAYS as a number of days, 0 when off.
 * @param {Record<string, string | undefined>} env
 */
export function retentionDays(env) {
  const text = env.RETENTION_DAYS?.trim();
  if (!text) return 0;
  const value = Number(text);
  if (!DAYS.test(text) || value > MAX_RETENTION_DAYS)
    throw new Error(`RETENTION_DAYS must be a whole number of days from 1 to ${String(MAX_RETENTION_DAYS)} (0 or unset: kept until erased), not "${text}"`);
  return value;
}

/**
 * Starts the erasure by age; nothing when `days` is 0.
 * @param {import('../store/store-types.mjs').Store} store
 * @param {{ days: number, log?: (line: string) => void, now?: () => Date, intervalMs?: number, uploadsFolder?: string | null }} options
 *   uploadsFolder: where the applications' files are (uploads-folder.mjs), removed with them
 * @returns {{ run: () => Promise<void>, stop: () => Promise<void> }}
 */
export function startRetention(store, { days, log = () => undefined, now = () => new Date(), intervalMs = RETENTION_INTERVAL_MS, uploadsFolder = null }) {
  if (days <= 0) return { run: () => Promise.resolve(), stop: () => Promise.resolve() };
  return startPeriodicJob(async () => {
    const at = now();
    try {
      const erased = await eraseOlderThan(store, new Date(at.getTime() - days * DAY_MS), { now: at, uploadsFolder });
      log(
        `retention: erased ${String(erased.applications)} application(s), ${String(erased.revisions)} revision(s), ${String(erased.files)} file(s), ${String(erased.webhooks)} webhook message(s) and ${String(erased.drafts)} draft(s) in transit older than ${String(days)} day(s)`,
      );
    } catch (error) {
      log(
        `retention: the erasure of what is older than ${String(days)} day(s) failed, tried again in a day: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }, intervalMs);
}
