// What `npm run -s applications -- mail list [--failed]` and `mail resend SEQ` print and do: the
// e-mails of the outbox, each by its status row's number, its application and state, with its
// address masked (enough to tell two apart, not enough to write to), and putting one sent or failed
// e-mail back to be sent again.
import { mailRecords, resendMail } from './mail-outbox.mjs';

/**
 * An address shown without giving it away: `a•••@e•••.com`.
 * @param {string | null} email
 */
export function maskedEmail(email) {
  if (email === null) return '(no address)';
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const suffix = dot > 0 ? domain.slice(dot) : '';
  return `${email[0] ?? ''}•••@${domain[0] ?? ''}•••${suffix}`;
}

/**
 * One line per e-mail, for people.
 * @param {ReadonlyArray<import('./mail-outbox.mjs').MailRecord & { email: string }>} records email: masked already
 * @param {{ failed?: boolean }} [which]
 */
export function formatMail(records, { failed = false } = {}) {
  if (records.length === 0) return failed ? 'No e-mail has failed.\n' : 'No e-mail in the outbox.\n';
  const lines = records.map((record) => {
    const state =
      record.mailStatus === 'sent'
        ? `sent ${record.sentAt ?? ''}`
        : record.mailStatus === 'pending'
          ? `pending, next attempt ${record.nextAttemptAt ?? 'now'}`
          : record.mailStatus;
    const last = record.lastError ? `; last error: ${record.lastError}` : '';
    return `${String(record.seq)}  ${record.applicationId}  ${record.status}  ${state}  ${String(record.attempts)} attempt(s)  to ${record.email}${last}`;
  });
  const failedCount = records.filter((record) => record.mailStatus === 'failed').length;
  const hint = failedCount > 0 ? ` (npm run -s applications -- mail resend SEQ sends one again)` : '';
  return `${lines.join('\n')}\n${String(records.length)} e-mail(s), ${String(failedCount)} failed${hint}\n`;
}

/** How to turn mail on, for the refusals below. */
export const MAIL_OFF_HELP =
  'E-mails go out only from a receiver started with SMTP_URL and MAIL_FROM set (docs/mail.md): set them, restart the receiver, then run mail resend again';

/**
 * Puts one e-mail back in the outbox; says what happened, or throws saying why not.
 * @param {import('../store/store-types.mjs').Queryable} store
 * @param {number} seq
 * @param {Date} [now]
 */
export async function resendNow(store, seq, now = new Date()) {
  const outcome = await resendMail(store, seq, now);
  if (outcome === 'unknown') throw new Error(`No status ${String(seq)}: \`npm run -s applications -- mail list\` lists the e-mails by their number.`);
  if (outcome === 'not-settled')
    throw new Error(`The e-mail of status ${String(seq)} is not sent nor failed (pending, being sent, or a status no e-mail announces): nothing was changed.`);
  return `E-mail of status ${String(seq)} put back in the outbox, to be sent now.\n`;
}

/**
 * `mail resend` on a store this command opened itself (no receiver holds it). The embedded store
 * opened here has no receiver running, so nothing would send: refused. On PostgreSQL the
 * receivers are other processes: the e-mail is marked, and the first receiver with mail on sends it.
 * @param {import('../store/store-types.mjs').Store} store
 * @param {number} seq
 */
export function resendDirectly(store, seq) {
  if (store.kind === 'embedded')
    return Promise.reject(new Error(`No receiver is running on this folder, so nothing would send the e-mail now; nothing was changed. ${MAIL_OFF_HELP}.`));
  return resendNow(store, seq);
}

/**
 * The outbox for the CLI, each address masked before it leaves this room.
 * @param {import('../store/store-types.mjs').Queryable} store
 * @param {{ failed?: boolean }} which
 */
export async function maskedMailRecords(store, which) {
  return (await mailRecords(store, which)).map((record) => ({ ...record, email: maskedEmail(record.email) }));
}
