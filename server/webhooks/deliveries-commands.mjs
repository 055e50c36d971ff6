// What `npm run -s applications -- deliveries` and `redeliver ID|--failed` print and do: the webhooks
// not delivered (pending, with their next attempt, and failed), each with the endpoint's last
// answer, and sending some again. Names applications by id, never by content.
import { redeliver } from '../store/webhook-deliveries.mjs';
import { GIVE_UP_AFTER_MS } from './retry-schedule.mjs';

/**
 * One line per message, for people; `--json` gives JSON lines instead.
 * @param {ReadonlyArray<import('../store/webhook-deliveries.mjs').DeliveryRecord>} deliveries
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
