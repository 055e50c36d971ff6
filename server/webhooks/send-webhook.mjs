// One attempt at a webhook: a POST signed as the Standard Webhooks specification says (webhook-id,
// webhook-timestamp, webhook-signature `v1,` HMAC-SHA256, made by the `standardwebhooks` package
// the team's side verifies with), answered within the timeout. Only a 2xx is a delivery: a redirect
// is not followed (the endpoint moved, the team must say where) and counts as a failure, as the
// specification advises. What the endpoint answered is kept short for `deliveries`; it is the
// endpoint's text, never the application's.
// Sent with node:http(s) on kept-alive connections rather than fetch: the deliverer runs in the
// receiver's process, and fetch cost about 1 ms of CPU a request against 0.25 ms (measured here),
// taken from the thread that stores applications.
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { Webhook } from 'standardwebhooks';

const KEPT_ANSWER_CHARS = 200;
/**
 * Connections open to the endpoint at most, and so attempts under way at most (webhook-deliverer.mjs):
 * an attempt beyond them would wait for a connection with its timeout already running. 64, the
 * batch the deliverer claimed before it sent side by side: fewer, and a busy receiver's messages
 * took more claims and settlements on the thread that stores applications (under npm run
 * bench:receiver, with 16 twice as many, with 32 a third more).
 */
export const MAX_ENDPOINT_CONNECTIONS = 64;
const agents = {
  http: new HttpAgent({ keepAlive: true, maxSockets: MAX_ENDPOINT_CONNECTIONS }),
  https: new HttpsAgent({ keepAlive: true, maxSockets: MAX_ENDPOINT_CONNECTIONS }),
};

/** @typedef {{ delivered: boolean, status: number | null, error: string | null }} AttemptResult */

/** @param {unknown} error */
function describe(error) {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return 'no answer within the timeout';
  const code = /** @type {{ code?: unknown }} */ (error).code;
  return `${typeof code === 'string' ? `${code}: ` : ''}${error instanceof Error ? error.message : String(error)}`.slice(0, KEPT_ANSWER_CHARS);
}

/**
 * @param {import('./webhook-settings.mjs').WebhookSettings} settings
 * @param {{ id: string, payload: string }} message
 * @param {Date} [now]
 * @param {AbortSignal} [cancel] aborts the attempt (the receiver is stopping)
 * @returns {Promise<AttemptResult>}
 */
export function sendWebhook({ url, secret, timeoutMs }, { id, payload }, now = new Date(), cancel) {
  const signature = new Webhook(secret).sign(id, now, payload);
  const signal = cancel ? AbortSignal.any([AbortSignal.timeout(timeoutMs), cancel]) : AbortSignal.timeout(timeoutMs);
  const https = url.protocol === 'https:';
  return new Promise((resolve) => {
    let settled = false;
    /** @param {AttemptResult} result */
    const settle = (result) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    const req = (https ? httpsRequest : httpRequest)(
      url,
      {
        method: 'POST',
        agent: https ? agents.https : agents.http,
        signal,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(payload),
          'User-Agent': 'creator-partnership-receiver',
          'webhook-id': id,
          'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
          'webhook-signature': signature,
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 200 && status < 300) {
          // Read to the end, so the connection is kept for the next message.
          res.resume();
          settle({ delivered: true, status, error: null });
          return;
        }
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (/** @type {string} */ chunk) => {
          text += chunk;
          if (text.length >= KEPT_ANSWER_CHARS) res.destroy();
        });
        const done = () => {
          const start = text.replace(/\s+/g, ' ').trim().slice(0, KEPT_ANSWER_CHARS);
          settle({ delivered: false, status, error: `HTTP ${String(status)}${start ? `: ${start}` : ''}` });
        };
        res.on('end', done);
        res.on('close', done);
        res.on('error', done);
      },
    );
    req.on('error', (error) => {
      settle({ delivered: false, status: null, error: describe(error) });
    });
    req.end(payload);
  });
}
