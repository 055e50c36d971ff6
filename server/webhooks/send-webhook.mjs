// One attempt at a webhook: a POST signed as the Standard Webhooks specification says (webhook-id,
// webhook-timestamp, webhook-signature `v1,` HMAC-SHA256, made by the `standardwebhooks` package
// the team's side verifies with), answered within the timeout. Only a 2xx is a delivery: a redirect
// is not followed (the endpoint moved, the team must say where) and counts as a failure, as the
// specification advises. What the endpoint answered is kept short for `deliveries`; it is the
// endpoint's text, never the application's.
import { Webhook } from 'standardwebhooks';

const KEPT_ANSWER_CHARS = 200;

/** @typedef {{ delivered: boolean, status: number | null, error: string | null }} AttemptResult */

/**
 * The start of a response's text, without reading the rest of a large or endless body.
 * @param {Response} response
 */
async function answerStart(response) {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    while (text.length < KEPT_ANSWER_CHARS) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return text.replace(/\s+/g, ' ').trim().slice(0, KEPT_ANSWER_CHARS);
}

/** @param {unknown} error */
function describe(error) {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return 'no answer within the timeout';
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const code = /** @type {{ code?: unknown }} */ (cause).code;
  return `${typeof code === 'string' ? `${code}: ` : ''}${cause instanceof Error ? cause.message : String(cause)}`.slice(0, KEPT_ANSWER_CHARS);
}

/**
 * @param {import('./webhook-settings.mjs').WebhookSettings} settings
 * @param {{ id: string, payload: string }} message
 * @param {Date} [now]
 * @param {AbortSignal} [cancel] aborts the attempt (the receiver is stopping)
 * @returns {Promise<AttemptResult>}
 */
export async function sendWebhook({ url, secret, timeoutMs }, { id, payload }, now = new Date(), cancel = undefined) {
  const signature = new Webhook(secret).sign(id, now, payload);
  const signal = cancel ? AbortSignal.any([AbortSignal.timeout(timeoutMs), cancel]) : AbortSignal.timeout(timeoutMs);
  try {
    const response = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      signal,
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': 'creator-partnership-receiver',
        'webhook-id': id,
        'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
        'webhook-signature': signature,
      },
      body: payload,
    });
    if (response.status >= 200 && response.status < 300) {
      await response.body?.cancel().catch(() => undefined);
      return { delivered: true, status: response.status, error: null };
    }
    const text = await answerStart(response);
    return { delivered: false, status: response.status, error: `HTTP ${String(response.status)}${text ? `: ${text}` : ''}` };
  } catch (error) {
    return { delivered: false, status: null, error: describe(error) };
  }
}
