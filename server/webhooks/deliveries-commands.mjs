// What `npm run -s applications -- deliveries` and `redeliver ID|--failed` print and do: the webhooks
// not delivered (pending, with their next attempt, and failed), each with the endpoint's last
// answer, and sending some again. Names applications by id, never by content.
import { redeliver } from './webhook-deliveries.mjs';
import { GIVE_UP_AFTER_MS } from './retry-schedule.mjs';

/**
 * One line per message, for people; `--json` gives JSON lines instead.
 * @param {ReadonlyArray<import('./webhook-deliveries.mjs').DeliveryRecord>} deliveries
 */
export function formatDeliveries(deliveries) {
  if (deliveries.length === 0) return 'Every webhook has been delivered.\n';
  const lines = deliveries.map((delivery) => {
    const when = delivery.status === 'pending' ? `next attempt ${delivery.nextAttemptAt ?? 'now'}` : `gave up after ${String(delivery.attempts)} attempts`;
    const last = delivery.lastAttemptAt ? `last answer: ${delivery.lastError ?? String(delivery.lastStatus)} (${delivery.lastAttemptAt})` : 'not tried yet';
    return `${delivery.id}  ${delivery.status}  ${delivery.type} of application ${delivery.applicationId}, received ${delivery.createdAt}; ${String(delivery.attempts)} attempt(s), ${when}; ${last}`;
  });
  const failed = deliveries.filter((delivery) => delivery.status === 'failed').length;
  const summary = `${String(deliveries.length - failed)} pending, ${String(failed)} failed${failed > 0 ? ' (npm run -s applications -- redeliver --failed sends them again)' : ''}`;
  return `${lines.join('\n')}\n${summary}\n`;
}

/**
 * @param {import('../store/store-types.mjs').Queryable} store
 * @param {{ id: string } | { failed: true }} which
 * @param {Date} [now]
 */
export function redeliverNow(store, which, now = new Date()) {
  return redeliver(store, which, { now, giveUpAfterMs: GIVE_UP_AFTER_MS });
}

/**
 * @param {{ id: string } | { failed: true }} which
 * @param {number} count
 */
export function describeRedelivery(which, count) {
  if ('id' in which) return count === 0 ? null : `Sending webhook ${which.id} again now.\n`;
  return count === 0 ? 'No failed webhooks to send again.\n' : `Sending ${String(count)} failed webhook(s) again now.\n`;
}

/** How to turn webhooks on, for the refusals below. */
export const WEBHOOKS_OFF_HELP =
  'Webhooks go out only from a receiver started with WEBHOOK_URL and WEBHOOK_SECRET set (docs/receiver.md, "Webhooks"; in the systemd unit, Environment= lines): set them, restart the receiver, then run redeliver again';

/**
 * `redeliver` on a store this command opened itself, never claiming a sending that will not happen.
 * The embedded store opened here has no receiver running on it, so nothing would
 * send: refused, nothing changed. On PostgreSQL the receivers are other processes whose settings
 * this one cannot read: the messages are marked, then watched for up to `waitMs`; one that no
 * receiver took by then means webhooks are off on every receiver of the database, and that is
 * said (exit 1), the messages staying pending for the first receiver that sends.
 * @param {import('../store/store-types.mjs').Store} store
 * @param {{ id: string } | { failed: true }} which
 * @param {{ waitMs?: number, now?: Date }} [options]
 * @returns {Promise<number>} how many were marked and taken by a receiver
 */
export async function redeliverDirectly(store, which, { waitMs = 5000, now = new Date() } = {}) {
  if (store.kind === 'embedded')
    throw new Error(`No receiver is running on this folder, so nothing would send the webhook now; nothing was changed. ${WEBHOOKS_OFF_HELP}.`);
  const count = await redeliverNow(store, which, now);
  if (count === 0) return 0;
  const deadline = Date.now() + waitMs;
  for (;;) {
    // Marked by this command and not yet taken: a receiver that takes one leases it, or settles it.
    const { rows } = await store.query(
      `SELECT count(*) AS count FROM webhook_deliveries WHERE status = 'pending' AND leased_until IS NULL AND redelivered AND next_attempt_at = $1::timestamptz`,
      [now.toISOString()],
    );
    const waiting = Number(rows[0]?.count ?? 0);
    if (waiting === 0) return count;
    if (Date.now() >= deadline) {
      throw new Error(
        `${String(waiting)} webhook(s) are marked to be sent again, but no receiver on this database took them within ${String(Math.round(waitMs / 1000))} s: webhooks look off on every receiver here. ${WEBHOOKS_OFF_HELP} (they stay pending until then: npm run -s applications -- deliveries).`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
