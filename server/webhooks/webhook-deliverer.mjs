// Sends the webhooks' outbox: claims the due messages (store/webhook-deliveries.mjs), sends them
// side by side (one per application at a time, so each application's come in order), and settles
// each: delivered, retried later (retry-schedule.mjs), failed after three days, or superseded. It
// runs beside the receiver and never in a creator's request: a slow or failing endpoint costs a
// creator nothing. It wakes when the receiver stores a revision (`nudge`), and polls every second
// for retries that fall due and for what other receivers on the same PostgreSQL stored.
import { claimDueDeliveries, pruneSettledDeliveries, releaseLeases, settleDeliveries } from '../store/webhook-deliveries.mjs';
import { afterFailure } from './retry-schedule.mjs';
import { sendWebhook } from './send-webhook.mjs';
import { webhookPayload } from './webhook-message.mjs';

const BATCH = 64;
/**
 * How long a wake-up waits for company: applications stored meanwhile go in the same claim, one
 * transaction for many messages rather than one each (the embedded store runs one statement at a
 * time, on the thread that stores applications). Webhooks are a notification, not a creator's wait.
 */
const GATHER_MS = 50;
const PRUNE_EVERY_MS = 60 * 60 * 1000;
const KEEP_SETTLED_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * @param {{
 *   store: import('../store/store-types.mjs').Store,
 *   settings: import('./webhook-settings.mjs').WebhookSettings,
 *   log?: (line: string) => void,
 *   pollMs?: number,
 *   now?: () => Date,
 *   random?: () => number,
 *   send?: typeof sendWebhook,
 * }} options
 */
export function createWebhookDeliverer({ store, settings, log = () => undefined, pollMs = 1000, now = () => new Date(), random = Math.random, send = sendWebhook }) {
  // Longer than an attempt can take (its timeout) and the settling after it, so a lease outlives the
  // attempt it covers; short enough that another receiver takes over soon after one dies mid-attempt.
  const leaseMs = 2 * settings.timeoutMs + 5_000;
  let stopped = false;
  let running = false;
  let again = false;
  /** @type {NodeJS.Timeout | null} */
  let timer = null;
  /** @type {Promise<void>} */
  let idle = Promise.resolve();
  let prunedAt = 0;
  /** A wake-up is already due within GATHER_MS. */
  let nudged = false;
  const stopping = new AbortController();

  /** @param {import('../store/webhook-deliveries.mjs').ClaimedDelivery} delivery */
  async function attempt(delivery) {
    if (delivery.superseded) {
      return { seq: delivery.seq, attempts: delivery.attempts, status: /** @type {const} */ ('superseded'), nextAttemptAt: null, lastStatus: null, lastError: 'a newer revision was delivered first', at: now() };
    }
    const result = await send(settings, { id: delivery.id, payload: webhookPayload(delivery) }, now(), stopping.signal);
    const at = now();
    if (result.delivered) return { seq: delivery.seq, attempts: delivery.attempts, status: /** @type {const} */ ('delivered'), nextAttemptAt: null, lastStatus: result.status, lastError: null, at };
    const next = afterFailure({ attempts: delivery.attempts, failedAt: at, giveUpAt: delivery.giveUpAt, random, firstRetryMs: settings.firstRetryMs });
    if ('giveUp' in next) log(`webhook ${delivery.id} for application ${delivery.applicationId} failed for good after ${String(delivery.attempts)} attempts (${result.error ?? ''}); npm run -s applications -- redeliver ${delivery.id}`);
    else log(`webhook ${delivery.id} for application ${delivery.applicationId}: attempt ${String(delivery.attempts)} failed (${result.error ?? ''}); next at ${next.retryAt.toISOString()}`);
    return {
      seq: delivery.seq,
      attempts: delivery.attempts,
      status: 'giveUp' in next ? /** @type {const} */ ('failed') : /** @type {const} */ ('pending'),
      nextAttemptAt: 'giveUp' in next ? null : next.retryAt,
      lastStatus: result.status,
      lastError: result.error,
      at,
    };
  }

  async function round() {
    for (;;) {
      again = false;
      const claimed = await claimDueDeliveries(store, { now: now(), limit: BATCH, leaseMs });
      if (claimed.length > 0) await settleDeliveries(store, await Promise.all(claimed.map(attempt)));
      if (stopped) break;
      // A full batch: more are due now. Fewer, with revisions stored meanwhile: gather them first.
      if (claimed.length === BATCH) continue;
      if (!again) break;
      await new Promise((resolve) => setTimeout(resolve, GATHER_MS));
    }
    if (Date.now() - prunedAt > PRUNE_EVERY_MS) {
      prunedAt = Date.now();
      await pruneSettledDeliveries(store, new Date(now().getTime() - KEEP_SETTLED_MS));
    }
  }

  /** @param {number} delayMs */
  function schedule(delayMs) {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(tick, delayMs);
    timer.unref();
  }

  function tick() {
    timer = null;
    nudged = false;
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    idle = round()
      .catch((error) => {
        // The store is busy or gone for a moment (a restart of PostgreSQL): the next poll tries again.
        log(`webhooks: could not read the outbox (${error instanceof Error ? error.message : String(error)})`);
      })
      .finally(() => {
        running = false;
        schedule(again ? 0 : pollMs);
      });
  }

  return {
    /** Starts delivering; on the embedded store, first frees the leases a killed process left. */
    async start({ exclusive = false } = {}) {
      if (exclusive) await releaseLeases(store);
      schedule(0);
    },
    /** A revision was stored: look at the outbox soon rather than at the next poll. */
    nudge() {
      if (running) again = true;
      else if (!nudged) {
        nudged = true;
        schedule(GATHER_MS);
      }
    },
    /** Stops: attempts in flight are cut short and settled as failed, to be tried again after a restart. */
    async stop() {
      stopped = true;
      stopping.abort();
      if (timer) clearTimeout(timer);
      await idle;
    },
  };
}
