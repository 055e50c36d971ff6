// Sends the creator's e-mails from the outbox (mail-outbox.mjs): claims the due rows, writes each
// e-mail (mail-message.mjs) in the application's language, hands it to the SMTP server through one
// pooled nodemailer transport, and settles it: sent, tried again later (mail-retry.mjs), or failed
// three days after its status. It runs beside the receiver, never in a creator's request: a slow or
// absent SMTP server costs a creator nothing. It claims soon after a status row is written
// (`nudge`) and polls for retries that fall due and for what other receivers on the same
// PostgreSQL wrote. A claimed row keeps its lease through a restart: a process that died
// mid-attempt may have handed the e-mail over, so it is sent again only once the lease runs out,
// with the same Message-ID.
import { mailErrorText } from './mail-error.mjs';
import { createSmtpTransport } from './smtp-transport.mjs';
import { isMailedStatus, mailContent, mailMessageId } from './mail-message.mjs';
import { claimDueMail, settleMail } from './mail-outbox.mjs';
import { afterFailedMail } from './mail-retry.mjs';
import { createOutboxLoop } from '../process/outbox-loop.mjs';

/** E-mails handed over at once: the transport's connections, so none waits in its queue untimed. */
const MAX_SENDING = 2;
/** How long a wake-up waits for company: rows written meanwhile go in the same claim. */
const GATHER_MS = 50;

/**
 * @typedef {import('../../src/config/mail-programme.ts').MailProgramme} MailProgramme
 * @typedef {{
 *   store: import('../store/store-types.mjs').Store,
 *   settings: import('./mail-settings.mjs').MailSettings,
 *   statusUrlFor: (applicationId: string, pageOrigin: string) => Promise<string>,
 *   programme: (language: string | null) => Promise<MailProgramme>,
 *   mailWords: typeof import('../../src/i18n/mail-words.ts').mailWords,
 *   log?: (line: string) => void,
 *   pollMs?: number,
 *   now?: () => Date,
 *   random?: () => number,
 * }} MailDelivererOptions
 *   statusUrlFor: the application's status link (the status room derives it from its key);
 *   programme: the programme in force as an e-mail in that language reads it (the application's
 *   language, null for none: the programme's own); mailWords: the e-mails' words in a language under
 *   the programme's own (src/i18n/mail-words.ts, from server/build/ in production)
 */

/** @param {MailDelivererOptions} options */
export function createMailDeliverer({
  store,
  settings,
  statusUrlFor,
  programme,
  mailWords,
  log = () => undefined,
  pollMs = 1000,
  now = () => new Date(),
  random = Math.random,
}) {
  // An attempt is cut at this, whatever the SMTP server does: each step has the timeout, but a
  // server trickling its answers a byte at a time would reset it for ever.
  const attemptMs = 4 * settings.timeoutMs;
  // Longer than an attempt can take and its settling, so a lease outlives the attempt it covers;
  // short enough that another receiver takes over within minutes of one dying mid-attempt.
  const leaseMs = attemptMs + settings.timeoutMs + 5_000;
  const stopping = new AbortController();
  const transport = createSmtpTransport(settings, { pool: { maxConnections: MAX_SENDING } });
  // A pooled connection that breaks while idle is reported here; the next attempt opens another.
  transport.on('error', (error) => {
    log(`mail: the SMTP connection broke (${mailErrorText(error)})`);
  });
  // The scheduling (one timer, a claim at a time, MAX_SENDING at once, the poll) is the webhooks'
  // too. An attempt counts against MAX_SENDING until it is settled; the next claim follows an
  // ended attempt at once when its claim was full (more are due), else after GATHER_MS.
  const loop = createOutboxLoop({
    maxInFlight: MAX_SENDING,
    pollMs,
    claimDue: (room) => claimDueMail(store, { now: now(), limit: room, leaseMs }),
    attempt: (/** @type {import('./mail-outbox.mjs').ClaimedMail} */ row) =>
      attempt(row)
        .then((outcome) => settleMail(store, outcome))
        .catch((/** @type {unknown} */ error) => {
          log(
            `mail for status ${String(row.seq)}: could not record the attempt (${error instanceof Error ? error.message : String(error)}); tried again when its lease runs out`,
          );
        }),
    attemptEnded: (claimWasFull) => {
      loop.wake(claimWasFull ? 0 : GATHER_MS);
    },
    claimFailed: (error) => {
      // The store is busy or gone for a moment (a restart of PostgreSQL): the next poll tries again.
      log(`mail: could not read the outbox (${error instanceof Error ? error.message : String(error)})`);
    },
  });

  /**
   * @param {import('./mail-outbox.mjs').ClaimedMail} row
   * @returns {Promise<import('./mail-outbox.mjs').MailOutcome>}
   */
  async function attempt(row) {
    const base = { seq: row.seq, attempts: row.attempts };
    // Nothing to send it to, or no link to send: no later attempt would do better.
    if (row.email === null || row.email.trim() === '')
      return { ...base, status: 'failed', nextAttemptAt: null, lastError: 'the application gives no e-mail address', at: now() };
    if (!isMailedStatus(row.status))
      return { ...base, status: 'failed', nextAttemptAt: null, lastError: `no e-mail announces the status ${row.status}`, at: now() };
    if (row.reference === null || row.pageOrigin === null)
      return { ...base, status: 'failed', nextAttemptAt: null, lastError: 'the application has no status link', at: now() };
    try {
      const { lang, programmeTitle, messages } = await programme(row.language);
      const words = mailWords(lang, messages);
      const link = await statusUrlFor(row.applicationId, row.pageOrigin);
      const content = mailContent({ words, status: row.status, programmeTitle, reference: row.reference, link, message: row.message });
      await transport.sendMail({
        from: settings.from,
        to: row.email,
        subject: content.subject,
        text: content.text,
        html: content.html,
        messageId: mailMessageId({ applicationId: row.applicationId, seq: row.seq, domain: domainOf(row.pageOrigin, settings.fromAddress) }),
        date: now(),
        // RFC 3834: an automatic message, so out-of-office replies do not answer it.
        headers: { 'Auto-Submitted': 'auto-generated', 'Content-Language': lang },
        signal: AbortSignal.any([stopping.signal, AbortSignal.timeout(attemptMs)]),
      });
      log(`mail for status ${String(row.seq)} (${row.status}) of application ${row.applicationId} sent`);
      return { ...base, status: 'sent', nextAttemptAt: null, lastError: null, at: now() };
    } catch (error) {
      const at = now();
      const lastError = mailErrorText(error);
      // Cut short by stop(): not the SMTP server's fault, tried again at the next start.
      if (loop.stopped) return { ...base, status: 'pending', nextAttemptAt: at, lastError, at };
      const next = afterFailedMail({
        attempts: row.attempts,
        failedAt: at,
        giveUpAt: new Date(row.changedAt.getTime() + settings.giveUpAfterMs),
        random,
        firstRetryMs: settings.firstRetryMs,
      });
      if ('giveUp' in next) {
        log(
          `mail for status ${String(row.seq)} of application ${row.applicationId} failed for good after ${String(row.attempts)} attempts (${lastError}); npm run -s applications -- mail resend ${String(row.seq)}`,
        );
        return { ...base, status: 'failed', nextAttemptAt: null, lastError, at };
      }
      log(
        `mail for status ${String(row.seq)} of application ${row.applicationId}: attempt ${String(row.attempts)} failed (${lastError}); next at ${next.retryAt.toISOString()}`,
      );
      return { ...base, status: 'pending', nextAttemptAt: next.retryAt, lastError, at };
    }
  }

  return {
    /** Starts sending what is due. */
    start() {
      loop.wake(0);
    },
    /** A status row was written, or an e-mail put back: look at the outbox soon rather than at the next poll. */
    nudge() {
      loop.wake(GATHER_MS);
    },
    /** Stops: attempts in flight are cut short and tried again at the next start; then the pool is closed. */
    async stop() {
      loop.stop();
      stopping.abort();
      while (loop.busy) await loop.settled();
      transport.close({ force: true });
    },
  };
}

/**
 * The site's domain, for the Message-ID: the page's host, else MAIL_FROM's domain.
 * @param {string} pageOrigin
 * @param {string} fromAddress
 */
function domainOf(pageOrigin, fromAddress) {
  try {
    const host = new URL(pageOrigin).hostname;
    if (host) return host;
  } catch {
    // Not a URL: the sender's domain names the site as well.
  }
  return fromAddress.slice(fromAddress.lastIndexOf('@') + 1);
}
