import { forgetReceipt, keepReceipt } from '../storage/status-keeping';
import type { SendResult } from './send-application';

/**
 * After an accepted PUT, whoever sent it (the page or the service worker): its receipt kept on the
 * device for the last step and the status page, or, from a receiver that gives none, the last
 * application's receipt forgotten, so the last step never shows another application's reference.
 * Any other answer changes nothing. The result is handed on as it came.
 */
export async function keepReceiptOf(result: SendResult, now: number = Date.now()): Promise<SendResult> {
  if (!result.ok) return result;
  await (result.receipt ? keepReceipt({ ...result.receipt, keptAt: now }) : forgetReceipt());
  return result;
}
