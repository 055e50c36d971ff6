// The mail room, as the start composes it: the deliverer that sends the creator's e-mails from the
// outbox (mail-deliverer.mjs) when SMTP_URL is set, and its admin endpoints (mail-admin.mjs).
import { mailAdmin } from './mail-admin.mjs';

/**
 * @param {Omit<import('./mail-deliverer.mjs').MailDelivererOptions, 'settings'> & {
 *   settings: import('./mail-settings.mjs').MailSettings | null,
 * }} options settings: null when mail is off (mail-settings.mjs)
 */
export async function createMailFeature({ settings, ...rest }) {
  // Loaded only when mail is on: nodemailer is a few megabytes a receiver without SMTP_URL, on a
  // 512 MB server, does without.
  const deliverer = settings ? (await import('./mail-deliverer.mjs')).createMailDeliverer({ ...rest, settings }) : null;
  const nudge = () => deliverer?.nudge();
  return {
    /** Whether e-mails are sent: the status rows are written 'pending' only then. */
    mailOn: deliverer !== null,
    /** Wakes the deliverer: a status row was written, or an e-mail put back. */
    nudge,
    admin: mailAdmin({ store: rest.store, onResend: nudge, mailOn: deliverer !== null, log: rest.log ?? (() => undefined) }),
    start: () => deliverer?.start(),
    close: () => deliverer?.stop(),
  };
}
