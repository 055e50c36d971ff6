// The status room's admin endpoints, behind the admin door (http/admin-door.mjs), for the CLI while
// a receiver holds the embedded store: POST /admin/decide { applicationId, status, message? }
// records a decision (decide.mjs; 409 with the reason when refused), GET /admin/status?application=ID
// gives what `show` prints (null for an unknown id). A decision made here is mailed when this
// receiver's mail is on: its outbox is the one that sends.
import { parseJson } from '../http/parse-json.mjs';
import { Refused, RequestGone, answer, readBody, refusal } from '../http/respond.mjs';
import { DecisionRefused, decide } from './decide.mjs';
import { applicationRecord } from './status-history.mjs';

/**
 * @param {{ store: import('../store/store-types.mjs').Store, mail: boolean, webhooks: { giveUpAfterMs: number } | null }} options
 * @returns {import('../http/admin-door.mjs').AdminRoute}
 */
export function statusAdmin({ store, mail, webhooks }) {
  return async (ctx, url) => {
    if (url.pathname === '/admin/decide' && ctx.req.method === 'POST') {
      const expected = 'Send { "applicationId": "…", "status": "in-review" | "accepted" | "declined", "message": "…" }.';
      // Larger than the admin door's small bodies: a message of 2,000 characters may take 8 kB in UTF-8.
      /** @type {Record<string, unknown>} */
      let asked;
      try {
        asked = /** @type {Record<string, unknown>} */ (parseJson((await readBody(ctx, 16 * 1024, expected)).toString('utf8')) ?? {});
      } catch (error) {
        if (error instanceof Refused || error instanceof RequestGone) throw error;
        throw refusal(400, 'bad admin request', expected);
      }
      const { applicationId, status, message = null } = asked;
      if (typeof applicationId !== 'string' || typeof status !== 'string' || (message !== null && typeof message !== 'string'))
        throw refusal(400, 'bad admin request', expected);
      try {
        answer(ctx, 200, await decide(store, { applicationId, status, message, by: 'cli', mail, webhooks }));
      } catch (error) {
        if (error instanceof DecisionRefused) throw refusal(409, 'decision refused', error.message);
        throw error;
      }
      return true;
    }
    if (url.pathname === '/admin/status' && ctx.req.method === 'GET') {
      answer(ctx, 200, await applicationRecord(store, url.searchParams.get('application') ?? ''));
      return true;
    }
    return false;
  };
}
