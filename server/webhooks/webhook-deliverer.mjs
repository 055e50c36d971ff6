// Sends the webhooks' outbox: claims the due messages (webhooks/webhook-deliveries.mjs), sends them
// side by side, and settles each soon after its attempt ends (with the others that end meanwhile):
// delivered, retried later (retry-schedule.mjs), failed after three days, or superseded. It claims
// more while attempts are under way, up to MAX_SENDING at once, so an endpoint call that hangs
// until its timeout holds up its own application only, never the others' first attempts or
// retries. Each application's messages still come in order: the outbox hands out one message per
// application at a time, and the next only once that one is settled. It runs beside the receiver
// and never in a creator's request: a slow or failing endpoint costs a creator nothing. It claims
// soon after the receiver stores a revision (`nudge`) or a settled message lets its application's
// next one go, and polls every second for retries that fall due and for what other receivers on
// the same PostgreSQL stored.
import { claimDueDeliveries, pruneSettledDeliveries, releaseLeases, settleDeliveries } from './webhook-deliveries.mjs';
import { afterFailure } from './retry-schedule.mjs';
import { MAX_ENDPOINT_CONNECTIONS, sendWebhook } from './send-webhook.mjs';
import { webhookPayload } from './webhook-message.mjs';
import { createOutboxLoop } from '../process/outbox-loop.mjs';

/** Attempts under way at most: one per connection the sender keeps to the endpoint. */
const MAX_SENDING = MAX_ENDPOINT_CONNECTIONS;
/**
 * How long a wake-up or an ended attempt waits for company: messages stored or made due meanwhile
 * go in the same claim, attempts ended meanwhile in the same settlement, one transaction for many
 * messages rather than one each (the embedded store runs one statement at a time, on the thread
 * that stores applications, and a settlement there ends before the next answer is even read).
 * Webhooks are a notification, not a creator's wait.
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
export function createWebhookDeliverer({
  store,
  settings,
  log = () => undefined,
  pollMs = 1000,
  now = () => new Date(),
  random = Math.random,
  send = sendWebhook,
}) {
  // Longer than an attempt can take (its timeout) and the settling after it, so a lease outlives the
  // attempt it covers; short enough that another receiver takes over soon after one dies mid-attempt.
  const leaseMs = 2 * settings.timeoutMs + 5_000;
  /** @type {import('./webhook-deliveries.mjs').DeliveryOutcome[]} attempts ended, not yet settled */
  let unsettled = [];
  let settling = false;
  /** @type {NodeJS.Timeout | null} the settlement gathering ended attempts */
  let settleTimer = null;
  let prunedAt = 0;
  const stopping = new AbortController();

  /** @param {import('./webhook-deliveries.mjs').ClaimedDelivery} delivery */
  async function attempt(delivery) {
    if (delivery.superseded) {
      return {
        seq: delivery.seq,
        attempts: delivery.attempts,
        status: /** @type {const} */ ('superseded'),
        nextAttemptAt: null,
        lastStatus: null,
        lastError: 'a newer revision was delivered first',
        at: now(),
      };
    }
    const result = await send(settings, { id: delivery.id, payload: webhookPayload(delivery) }, now(), stopping.signal);
    const at = now();
    if (result.delivered)
      return {
        seq: delivery.seq,
        attempts: delivery.attempts,
        status: /** @type {const} */ ('delivered'),
        nextAttemptAt: null,
        lastStatus: result.status,
        lastError: null,
        at,
      };
    const next = afterFailure({ attempts: delivery.attempts, failedAt: at, giveUpAt: delivery.giveUpAt, random, firstRetryMs: settings.firstRetryMs });
    if ('giveUp' in next)
      log(
        `webhook ${delivery.id} for application ${delivery.applicationId} failed for good after ${String(delivery.attempts)} attempts (${result.error ?? ''}); npm run -s applications -- redeliver ${delivery.id}`,
      );
    else
      log(
        `webhook ${delivery.id} for application ${delivery.applicationId}: attempt ${String(delivery.attempts)} failed (${result.error ?? ''}); next at ${next.retryAt.toISOString()}`,
      );
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

  // The scheduling (one timer, a claim at a time, MAX_SENDING at once, the poll) is the e-mails'
  // too. An attempt counts against MAX_SENDING until its endpoint call ends; its settling is
  // gathered with others' (settleSoon).
  const loop = createOutboxLoop({
    maxInFlight: MAX_SENDING,
    pollMs,
    claimDue: (room) => claimDueDeliveries(store, { now: now(), limit: room, leaseMs }),
    attempt: (/** @type {import('./webhook-deliveries.mjs').ClaimedDelivery} */ delivery) =>
      attempt(delivery).then(
        (outcome) => {
          unsettled.push(outcome);
        },
        (/** @type {unknown} */ error) => {
          log(`webhook ${delivery.id}: the attempt broke (${error instanceof Error ? error.message : String(error)}); tried again when its lease runs out`);
        },
      ),
    attemptEnded: () => {
      // The messages a full claim left over go once half the connections are free: a claim for
      // several rather than one for each attempt that ends.
      if (loop.moreDue && loop.inFlight <= MAX_SENDING / 2) loop.wake(0);
      settleSoon();
    },
    claimFailed: (error) => {
      // The store is busy or gone for a moment (a restart of PostgreSQL): the next poll tries again.
      log(`webhooks: could not read the outbox (${error instanceof Error ? error.message : String(error)})`);
    },
    afterClaim: async () => {
      if (Date.now() - prunedAt > PRUNE_EVERY_MS) {
        prunedAt = Date.now();
        await pruneSettledDeliveries(store, new Date(now().getTime() - KEEP_SETTLED_MS));
      }
    },
  });

  /** Settles the ended attempts with the others that end within GATHER_MS, or at once when no other is under way. */
  function settleSoon() {
    // A settlement under way takes them next.
    if (settling || unsettled.length === 0) return;
    if (loop.inFlight === 0 || loop.stopped) settleNow();
    else if (!settleTimer) {
      settleTimer = setTimeout(settleNow, GATHER_MS);
      settleTimer.unref();
    }
  }

  function settleNow() {
    if (settleTimer) clearTimeout(settleTimer);
    settleTimer = null;
    if (!settling && unsettled.length > 0) loop.track(settleAll());
  }

  async function settleAll() {
    settling = true;
    let nextDue = false;
    while (unsettled.length > 0) {
      const batch = unsettled;
      unsettled = [];
      try {
        if (await settleDeliveries(store, batch)) nextDue = true;
      } catch (error) {
        log(
          `webhooks: could not record ${String(batch.length)} attempts (${error instanceof Error ? error.message : String(error)}); they are made again when their leases run out`,
        );
      }
    }
    settling = false;
    // A message settled let its application's next one go: sooner than at the next poll.
    if (nextDue) loop.wake(GATHER_MS);
  }

  return {
    /** Starts delivering; on the embedded store, first frees the leases a killed process left. */
    async start({ exclusive = false } = {}) {
      if (exclusive) await releaseLeases(store);
      loop.wake(0);
    },
    /** A revision was stored: look at the outbox soon rather than at the next poll. */
    nudge() {
      loop.wake(GATHER_MS);
    },
    /** Stops: attempts in flight are cut short and settled as failed, to be tried again after a restart. */
    async stop() {
      loop.stop();
      stopping.abort();
      // An ended attempt can start a settlement: wait until nothing is left, then settle what waits.
      while (loop.busy || unsettled.length > 0) {
        settleNow();
        await loop.settled();
      }
    },
  };
}
