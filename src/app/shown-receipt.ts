import type { StatusReceipt } from '../storage/status-keeping';

/**
 * How long after a receipt was kept the application's acceptance may be marked and still be the
 * same sending: the marker is written just after the PUT's answer (outbox/clear-after-acceptance.ts),
 * by the page or the service worker; a minute leaves room for a slow store.
 */
export const RECEIPT_SLACK_MS = 60_000;

/**
 * The receipt the last step shows: the one kept for the application accepted at `submittedAt`,
 * never a previous application's (a later one sent with no receiver, `requestUrl: null`, keeps no
 * receipt and must not show the last). null: none to show, and the step shows what it always did.
 */
export function shownReceipt(receipt: StatusReceipt | null, submittedAt: number | null): StatusReceipt | null {
  if (!receipt || submittedAt === null) return null;
  const after = submittedAt - receipt.keptAt;
  return after >= 0 && after <= RECEIPT_SLACK_MS ? receipt : null;
}
