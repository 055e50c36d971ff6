// The mail room's admin endpoints, behind the admin door (http/admin-door.mjs), for the CLI on the
// embedded store while the receiver holds it: GET /admin/mail[?failed=1] lists the outbox (addresses
// masked), POST /admin/mail/resend { "seq": N } puts one sent or failed e-mail back.
import { readSmallJson } from '../http/admin-door.mjs';
import { answer, refusal } from '../http/respond.mjs';
import { MAIL_OFF_HELP, maskedMailRecords, resendNow } from './mail-commands.mjs';

/**
 * @param {{ store: import('../store/store-types.mjs').Store, onResend: () => void, mailOn: boolean, log: (line: string) => void }} options
 *   onResend: wakes the deliverer; mailOn: whether this receiver sends e-mails (resend is refused, 409, when not);
 *   log: the receiver's log, which records each e-mail put back
 * @returns {import('../http/admin-door.mjs').AdminRoute}
 */
export function mailAdmin({ store, onResend, mailOn, log }) {
  return async (ctx, url) => {
    const { req } = ctx;
    if (url.pathname === '/admin/mail' && req.method === 'GET') {
      answer(ctx, 200, await maskedMailRecords(store, { failed: url.searchParams.get('failed') === '1' }));
      return true;
    }
    if (url.pathname === '/admin/mail/resend' && req.method === 'POST') {
      const { seq } = await readSmallJson(ctx, 'Send { "seq": N }, a status row\'s number (mail list).');
      if (typeof seq !== 'number' || !Number.isSafeInteger(seq) || seq < 1)
        throw refusal(400, 'bad admin request', 'Send { "seq": N }, a status row\'s number (mail list).');
      if (!mailOn)
        throw refusal(
          409,
          'mail off',
          `Mail is off on the running receiver (process ${String(process.pid)}), so nothing would send it; nothing was changed. ${MAIL_OFF_HELP}.`,
        );
      let told;
      try {
        told = await resendNow(store, seq);
      } catch (error) {
        throw refusal(409, 'not resent', error instanceof Error ? error.message : String(error));
      }
      log(`mail for status ${String(seq)} put back in the outbox by the CLI (mail resend)`);
      onResend();
      answer(ctx, 200, { told });
      return true;
    }
    return false;
  };
}
