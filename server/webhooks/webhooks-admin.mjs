// The webhooks' admin endpoints, behind the admin door (http/admin-door.mjs): GET /admin/deliveries
// lists the webhooks not delivered; POST /admin/redeliver { "id" } or { "failed": true } sends them again.
import { readSmallJson } from '../http/admin-door.mjs';
import { answer, refusal } from '../http/respond.mjs';
import { undeliveredDeliveries } from './webhook-deliveries.mjs';
import { WEBHOOKS_OFF_HELP, redeliverNow } from './deliveries-commands.mjs';

/**
 * @param {{ store: import('../store/store-types.mjs').Store, onRedeliver?: () => void, webhooksOn?: boolean }} options
 *   onRedeliver: told when webhooks were set to be sent again (wakes the deliverer);
 *   webhooksOn: whether this receiver sends webhooks (redeliver is refused, 409, when it does not)
 * @returns {import('../http/admin-door.mjs').AdminRoute}
 */
export function webhooksAdmin({ store, onRedeliver = () => undefined, webhooksOn = true }) {
  return async (ctx, url) => {
    const { req } = ctx;
    if (url.pathname === '/admin/deliveries' && req.method === 'GET') {
      answer(ctx, 200, await undeliveredDeliveries(store));
      return true;
    }
    if (url.pathname === '/admin/redeliver' && req.method === 'POST') {
      const which = await readSmallJson(ctx, 'Send { "id": "msg_…" } or { "failed": true }.');
      if (typeof which.id !== 'string' && which.failed !== true) throw refusal(400, 'bad admin request', 'Send { "id": "msg_…" } or { "failed": true }.');
      // Marked pending, it would wait for a sender that is not there, while the CLI said "Sending".
      if (!webhooksOn)
        throw refusal(
          409,
          'webhooks off',
          `Webhooks are off on the running receiver (process ${String(process.pid)}), so nothing would send it; nothing was changed. ${WEBHOOKS_OFF_HELP}.`,
        );
      const count = await redeliverNow(store, typeof which.id === 'string' ? { id: which.id } : { failed: true });
      if (count > 0) onRedeliver();
      answer(ctx, 200, { count });
      return true;
    }
    return false;
  };
}
