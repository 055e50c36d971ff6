// What the outbox keeps of a failed attempt (mail_last_error, shown by `mail list`): the SMTP
// server's answer or the connection's fault, bounded, on one line, and without an address (an SMTP
// server often repeats the recipient: "550 5.1.1 <ada@example.com>: Recipient address rejected").

const MAX_ERROR_LENGTH = 300;

/**
 * @param {unknown} error what nodemailer rejected with
 * @returns {string}
 */
export function mailErrorText(error) {
  const fault = /** @type {{ code?: unknown, responseCode?: unknown, response?: unknown, message?: unknown }} */ (error ?? {});
  const said = typeof fault.response === 'string' ? fault.response : typeof fault.message === 'string' ? fault.message : String(error);
  const prefix = [typeof fault.code === 'string' ? fault.code : null, typeof fault.responseCode === 'number' ? String(fault.responseCode) : null]
    .filter(Boolean)
    .join(' ');
  const text = `${prefix ? `${prefix}: ` : ''}${said}`
    .replace(/[^\s<>()[\]"',;:@]+@[^\s<>()[\]"',;:@]+/g, '<address>')
    // Control characters (a CR LF the server sent) would break the line `mail list` prints.
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text;
}
