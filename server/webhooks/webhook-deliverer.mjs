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
export function createWebhookDeliverer({ store, settings, log = () => undefined, pollMs = 1000, now = () => new Date(), random = Math.random, send = sendWebhook }) {
  // Longer than an attempt can take (its timeout) and the settling after it, so a lease outlives the
  // attempt it covers; short enough that another receiver takes over soon after one dies mid-attempt.
  const leaseMs = 2 * settings.timeoutMs + 5_000;
  let stopped = false;
  /** Attempts under way: claimed, their endpoint call not yet ended. */
  let sending = 0;
  let claiming = false;
  /** Something may have become due while a claim ran: claim again once it ends. */
  let claimAgain = false;
  /** The last claim got all it asked for: more are due, claimed as soon as there is room. */
  let moreDue = false;
  /** @type {NodeJS.Timeout | null} the next claim */
  let timer = null;
  /** When the next claim is due, in ms since the epoch. */
  let timerAt = Infinity;
  /** @type {import('./webhook-deliveries.mjs').DeliveryOutcome[]} attempts ended, not yet settled */
  let unsettled = [];
  let settling = false;
  /** @type {NodeJS.Timeout | null} the settlement gathering ended attempts */
  let settleTimer = null;
  /** @type {Set<Promise<void>>} claims, attempts and settlements under way, which stop() waits for */
  const underWay = new Set();
  let prunedAt = 0;
  const stopping = new AbortController();

  /** @param {import('./webhook-deliveries.mjs').ClaimedDelivery} delivery */
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

  /**
   * Claims in `delayMs`, or keeps the claim already due sooner.
   * @param {number} delayMs
   */
  function wake(delayMs) {
    if (stopped) return;
    const at = Date.now() + delayMs;
    if (timer && timerAt <= at) return;
    if (timer) clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(claim, delayMs);
    timer.unref();
  }

  /** @param {Promise<void>} work never rejects */
  function track(work) {
    underWay.add(work);
    void work.finally(() => underWay.delete(work));
  }

  function claim() {
    timer = null;
    timerAt = Infinity;
    if (stopped) return;
    if (claiming) {
      // What woke this may have been stored after the running claim read the outbox.
      claimAgain = true;
      return;
    }
    const room = MAX_SENDING - sending;
    if (room <= 0) {
      // The next attempt to end makes room, and claims.
      moreDue = true;
      return;
    }
    claiming = true;
    claimAgain = false;
    track(
      claimAndSend(room)
        .catch((/** @type {unknown} */ error) => {
          moreDue = false;
          // The store is busy or gone for a moment (a restart of PostgreSQL): the next poll tries again.
          log(`webhooks: could not read the outbox (${error instanceof Error ? error.message : String(error)})`);
        })
        .finally(() => {
          claiming = false;
          wake(claimAgain || (moreDue && sending < MAX_SENDING) ? 0 : pollMs);
        }),
    );
  }

  /** @param {number} room */
  async function claimAndSend(room) {
    const claimed = await claimDueDeliveries(store, { now: now(), limit: room, leaseMs });
    moreDue = claimed.length === room;
    for (const delivery of claimed) {
      sending += 1;
      track(
        attempt(delivery).then(
          (outcome) => {
            attemptEnded();
            settleSoon(outcome);
          },
          (/** @type {unknown} */ error) => {
            attemptEnded();
            log(`webhook ${delivery.id}: the attempt broke (${error instanceof Error ? error.message : String(error)}); tried again when its lease runs out`);
          },
        ),
      );
    }
    if (Date.now() - prunedAt > PRUNE_EVERY_MS) {
      prunedAt = Date.now();
      await pruneSettledDeliveries(store, new Date(now().getTime() - KEEP_SETTLED_MS));
    }
  }

  function attemptEnded() {
    sending -= 1;
    // The messages a full claim left over go once half the connections are free: a claim for
    // several rather than one for each attempt that ends.
    if (moreDue && sending <= MAX_SENDING / 2) wake(0);
  }

  /**
   * Settles an ended attempt with the others that end within GATHER_MS, or at once when no other is under way.
   * @param {import('./webhook-deliveries.mjs').DeliveryOutcome} outcome
   */
  function settleSoon(outcome) {
    unsettled.push(outcome);
    // A settlement under way takes it next.
    if (settling) return;
    if (sending === 0 || stopped) settleNow();
    else if (!settleTimer) {
      settleTimer = setTimeout(settleNow, GATHER_MS);
      settleTimer.unref();
    }
  }

  function settleNow() {
    if (settleTimer) clearTimeout(settleTimer);
    settleTimer = null;
    if (!settling && unsettled.length > 0) track(settleAll());
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
        log(`webhooks: could not record ${String(batch.length)} attempts (${error instanceof Error ? error.message : String(error)}); they are made again when their leases run out`);
      }
    }
    settling = false;
    // A message settled let its application's next one go: sooner than at the next poll.
    if (nextDue) wake(GATHER_MS);
  }

  return {
    /** Starts delivering; on the embedded store, first frees the leases a killed process left. */
    async start({ exclusive = false } = {}) {
      if (exclusive) await releaseLeases(store);
      wake(0);
    },
    /** A revision was stored: look at the outbox soon rather than at the next poll. */
    nudge() {
      wake(GATHER_MS);
    },
    /** Stops: attempts in flight are cut short and settled as failed, to be tried again after a restart. */
    async stop() {
      stopped = true;
      stopping.abort();
      if (timer) clearTimeout(timer);
      timer = null;
      // An ended attempt can start a settlement: wait until nothing is left, then settle what waits.
      while (underWay.size > 0 || unsettled.length > 0) {
        settleNow();
        await Promise.all(underWay);
      }
    },
  };
}
