// The creator's e-mails' settings from the environment: SMTP_URL (where they are handed over:
// smtp://user:password@host:587, upgraded with STARTTLS where the server offers it, or
// smtps://…:465, TLS from the first byte; the user and password percent-encoded in the URL) and
// MAIL_FROM (the sender's address, `Team <team@example.com>` or `team@example.com`). Without
// SMTP_URL mail is off: nothing is written to the outbox and nothing is sent. A wrong setting
// refuses to start, saying which: an e-mail that can never leave is found at the first
// application, not after three days of retries.
//
// Mail also needs PUBLIC_ORIGIN: every e-mail carries a link to this site, and without it the
// site is whatever a request's Host header names, so anyone could send an application naming a
// stranger's address from a forged Host and have the programme's own mail server send that
// stranger a link to a site of their choosing.
import { FIRST_RETRY_MS, GIVE_UP_AFTER_MS } from './mail-retry.mjs';

/** How long the SMTP server may take to accept a connection, greet, or answer any command. */
export const DEFAULT_SMTP_TIMEOUT_MS = 30_000;

/**
 * @typedef {{
 *   host: string, port: number, secure: boolean, user: string | null, password: string | null,
 *   from: string, fromAddress: string, timeoutMs: number, giveUpAfterMs: number, firstRetryMs: number,
 * }} MailSettings
 *   secure: TLS from the start (smtps://), else STARTTLS when offered; fromAddress: MAIL_FROM's
 *   address alone (its domain names the Message-ID); giveUpAfterMs, firstRetryMs: the retry
 *   schedule (mail-retry.mjs), fixed for a deployer, shortened by the tests
 */

// An address as a deployer writes one: something@domain, no spaces, no angle brackets, no line breaks.
const ADDRESS = /^[^\s<>@"(),;:\\]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

/**
 * MAIL_FROM's address, from `address` or `Name <address>`; null when it is neither.
 * @param {string} from
 */
function addressOf(from) {
  // A line break would let the value write headers of its own.
  if (/[\r\n]/.test(from)) return null;
  const named = /^([^<>"]*|"[^"]*")\s*<([^<>]+)>$/.exec(from);
  const address = named ? (named[2] ?? '') : from;
  return ADDRESS.test(address) ? address : null;
}

/**
 * @param {string} part
 * @param {string} what
 */
function decoded(part, what) {
  try {
    return decodeURIComponent(part);
  } catch {
    throw new Error(`SMTP_URL's ${what} is not percent-encoded correctly: write a % in it as %25.`);
  }
}

/**
 * @param {Record<string, string | undefined>} env
 * @returns {MailSettings | null} null when mail is off
 */
export function mailSettings(env) {
  const url = env.SMTP_URL?.trim() || '';
  const from = env.MAIL_FROM?.trim() || '';
  if (!url) return null;
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    // Not the value itself: it may hold the password.
    throw new Error('SMTP_URL is not a URL: write it as smtp://user:password@host:587 or smtps://user:password@host:465 (docs/mail.md).');
  }
  if (parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:') {
    throw new Error(`SMTP_URL must be smtp:// (STARTTLS where the server offers it) or smtps:// (TLS from the start), not ${parsed.protocol}//`);
  }
  if (!parsed.hostname) throw new Error('SMTP_URL names no host: write it as smtp://user:password@host:587 (docs/mail.md).');
  if (!env.PUBLIC_ORIGIN?.trim()) {
    throw new Error(
      "SMTP_URL is set but PUBLIC_ORIGIN is not: e-mails carry links to this site, and without PUBLIC_ORIGIN a request's Host header would decide where they point. Set it to the address creators open, e.g. PUBLIC_ORIGIN=https://apply.example.com (docs/mail.md).",
    );
  }
  if (!from) throw new Error('SMTP_URL is set but MAIL_FROM is not: set the address the e-mails come from, e.g. MAIL_FROM="Creator team <team@example.com>".');
  const fromAddress = addressOf(from);
  if (fromAddress === null)
    throw new Error(`MAIL_FROM is not an e-mail address: write team@example.com or "Creator team <team@example.com>", not ${JSON.stringify(from)}`);
  const secure = parsed.protocol === 'smtps:';
  const port = parsed.port ? Number(parsed.port) : secure ? 465 : 587;
  const timeoutText = env.SMTP_TIMEOUT_MS?.trim();
  const timeoutMs = timeoutText ? Number(timeoutText) : DEFAULT_SMTP_TIMEOUT_MS;
  if (!Number.isInteger(timeoutMs) || timeoutMs < 100 || timeoutMs > 300_000)
    throw new Error(`SMTP_TIMEOUT_MS must be a whole number of milliseconds from 100 to 300000, not ${String(timeoutText)}`);
  return {
    host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'),
    port,
    secure,
    user: parsed.username ? decoded(parsed.username, 'user name') : null,
    password: parsed.password ? decoded(parsed.password, 'password') : null,
    from,
    fromAddress,
    timeoutMs,
    giveUpAfterMs: GIVE_UP_AFTER_MS,
    firstRetryMs: FIRST_RETRY_MS,
  };
}

/**
 * The start-up line: host and port, never the user or password.
 * @param {MailSettings | null} settings
 */
export function describeMail(settings) {
  if (!settings) return "Mail: off (set SMTP_URL, MAIL_FROM and PUBLIC_ORIGIN to send creators a receipt and the team's decision)";
  return `Mail: on, through ${settings.host.includes(':') ? `[${settings.host}]` : settings.host}:${String(settings.port)} (${settings.secure ? 'TLS' : 'STARTTLS where offered'}), from ${settings.fromAddress}`;
}
