// The webhooks' settings from the environment: WEBHOOK_URL (where every stored application and
// revision is POSTed), WEBHOOK_SECRET (the `whsec_…` signing secret of Standard Webhooks, which the
// team's endpoint verifies with) and WEBHOOK_TIMEOUT_MS. Either both or neither: a URL without a
// secret would send personal data unsigned, and a secret without a URL is a typo; both refuse to start.

import { FIRST_RETRY_MS, GIVE_UP_AFTER_MS } from './retry-schedule.mjs';

export const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * @typedef {{ url: URL, secret: string, timeoutMs: number, giveUpAfterMs: number, firstRetryMs: number }} WebhookSettings
 *   giveUpAfterMs and firstRetryMs are the retry schedule's (retry-schedule.mjs): fixed for a
 *   deployer, shortened by the tests.
 */

/**
 * @param {Record<string, string | undefined>} env
 * @returns {WebhookSettings | null} null when webhooks are off
 */
export function webhookSettings(env) {
  const url = env.WEBHOOK_URL?.trim() || '';
  const secret = env.WEBHOOK_SECRET?.trim() || '';
  if (!url && !secret) return null;
  if (!url) throw new Error('WEBHOOK_SECRET is set but WEBHOOK_URL is not: set the URL that receives the webhooks, or unset both.');
  if (!secret) throw new Error('WEBHOOK_URL is set but WEBHOOK_SECRET is not: set a whsec_… secret (docs/receiver.md says how to make one).');
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`WEBHOOK_URL is not a URL: ${url}`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw new Error(`WEBHOOK_URL must be an https:// URL (or http:// on this machine), not ${parsed.protocol}`);
  if (parsed.username || parsed.password)
    throw new Error('WEBHOOK_URL must not carry a user name or password: the signature is what authenticates the webhooks.');
  const key = secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : null;
  if (key === null || !/^[A-Za-z0-9+/]+={0,2}$/.test(key) || Buffer.from(key, 'base64').length < 24) {
    throw new Error('WEBHOOK_SECRET must be whsec_ followed by at least 24 random bytes in base64 (docs/receiver.md says how to make one).');
  }
  const timeoutText = env.WEBHOOK_TIMEOUT_MS?.trim();
  const timeoutMs = timeoutText ? Number(timeoutText) : DEFAULT_TIMEOUT_MS;
  if (!Number.isInteger(timeoutMs) || timeoutMs < 100 || timeoutMs > 120_000)
    throw new Error(`WEBHOOK_TIMEOUT_MS must be a whole number of milliseconds from 100 to 120000, not ${String(timeoutText)}`);
  return { url: parsed, secret, timeoutMs, giveUpAfterMs: GIVE_UP_AFTER_MS, firstRetryMs: FIRST_RETRY_MS };
}

/**
 * Whether the webhooks would cross the network unencrypted (an http:// URL to another machine).
 * @param {URL} url
 */
export function isPlainTextToAnotherMachine(url) {
  return url.protocol === 'http:' && !['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}
