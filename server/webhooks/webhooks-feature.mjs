// The webhooks room, as the start composes it: the deliverer that sends each stored revision to
// WEBHOOK_URL, signed and retried (webhook-deliverer.mjs), and its admin endpoints (webhooks-admin.mjs).
import { createWebhookDeliverer } from './webhook-deliverer.mjs';
import { webhooksAdmin } from './webhooks-admin.mjs';

/**
 * @param {{
 *   store: import('../store/store-types.mjs').Store,
 *   settings: import('./webhook-settings.mjs').WebhookSettings | null,
 *   log: (line: string) => void, pollMs: number | undefined,
 * }} options settings: null for none (webhook-settings.mjs)
 */
export function createWebhooksFeature({ store, settings, log, pollMs }) {
  const deliverer = settings ? createWebhookDeliverer({ store, settings, log, pollMs }) : null;
  const nudge = () => deliverer?.nudge();
  return {
    /** Wakes the deliverer: a revision was stored, or deliveries were set to be sent again. */
    nudge,
    admin: webhooksAdmin({ store, onRedeliver: nudge, webhooksOn: deliverer !== null }),
    // The embedded store is this process's alone: leases a killed predecessor left can be freed.
    start: () => deliverer?.start({ exclusive: store.kind === 'embedded' }),
    close: () => deliverer?.stop(),
  };
}
