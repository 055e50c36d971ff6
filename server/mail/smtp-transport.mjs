// The one way this receiver talks to its SMTP server: a nodemailer transport made from MailSettings,
// with every step of the conversation timed (connecting, the greeting, each answer, the DNS
// lookup), so a server that hangs costs an attempt SMTP_TIMEOUT_MS, never a stuck sender. The
// creators' outbox pools its connections; the team's sign-in links send one now and then.
import nodemailer from 'nodemailer';

/**
 * @param {import('./mail-settings.mjs').MailSettings} settings
 * @param {{ pool?: { maxConnections: number } }} [options] pool: keep this many connections open
 */
export function createSmtpTransport(settings, { pool } = {}) {
  return nodemailer.createTransport({
    ...(pool ? { pool: true, maxConnections: pool.maxConnections } : {}),
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    ...(settings.user === null ? {} : { auth: { user: settings.user, pass: settings.password ?? '' } }),
    connectionTimeout: settings.timeoutMs,
    greetingTimeout: settings.timeoutMs,
    socketTimeout: settings.timeoutMs,
    dnsTimeout: settings.timeoutMs,
  });
}
