// The status lookup the status page calls: GET <folder of the receiver's path>/status (for
// /api/applications: /api/status), the link's secret in `Authorization: Bearer <secret>`, never in
// the path or the query, so no access log, proxy log or Referer carries it. Answers (docs/receiver.md):
// 200 where the application stands (nothing personal), 410 `withdrawn` for a link whose application
// was erased (erasure.mjs leaves a tombstone of the link's hash), 404 for any other, 400 for a
// malformed bearer, 405 for another method, 429 past the client's share of requests. CORS as the
// receiver's, Authorization allowed; never cached, no Referer. The secret is hashed at once and
// never logged; the log line's reason is a fixed phrase.
import { tombstoneHash } from '../applications/tombstones.mjs';
import { pathnameOf } from '../http/request-context.mjs';
import { Refused, answer, answered, crossOrigin, refusal } from '../http/respond.mjs';
import { singleHeader } from '../http/request-headers.mjs';
import { secretHash } from './status-link-key.mjs';
import { applicationOfLink, publicStanding, standingOf } from './status-history.mjs';

/** A secret as status-link-key.mjs makes it: 32 bytes in base64url, 43 characters. */
const BEARER = /^Bearer ([A-Za-z0-9_-]{43})$/;

/**
 * The lookup's path for the receiver's: its folder, then `status`.
 * @param {string} applicationsPath
 */
export function statusPath(applicationsPath) {
  const folder = applicationsPath.replace(/\/+$/, '').replace(/\/[^/]*$/, '');
  return `${folder}/status`;
}

/**
 * @param {{
 *   store: import('../store/store-types.mjs').Store, path: string, allowedOrigins?: ReadonlySet<string>,
 *   admit?: import('../limits/admission.mjs').Admit, log?: (line: string) => void,
 * }} options path: the lookup's (statusPath); admit: the client's share of requests (429)
 */
export function createStatusLookup({ store, path, allowedOrigins = new Set(), admit = () => Promise.resolve(null), log = () => undefined }) {
  /** @param {import('../http/request-context.mjs').RequestContext} ctx */
  async function lookup(ctx) {
    const cors = crossOrigin(ctx, allowedOrigins, {
      methods: 'GET',
      requestHeaders: 'Authorization',
      exposeHeaders: 'Retry-After',
      refusedMessage: 'This origin may not look up applications here.',
    });
    if (cors.preflighted) return;
    ctx.headers = { ...cors.headers, 'Referrer-Policy': 'no-referrer' };
    if (ctx.req.method !== 'GET') throw refusal(405, 'method not allowed', 'Only GET is accepted here.', { Allow: 'GET' });
    const refused = await admit(ctx);
    if (refused) throw refusal(refused.status, refused.reason, refused.message, { 'Retry-After': String(refused.retryAfterSeconds) });
    const bearer = BEARER.exec(singleHeader(ctx.req, 'authorization') ?? '');
    if (!bearer) throw refusal(400, 'bad status bearer', "Send the status link's secret as Authorization: Bearer <secret>.");
    const hash = secretHash(/** @type {string} */ (bearer[1]));
    try {
      const applicationId = await applicationOfLink(store, hash);
      const standing = applicationId === null ? null : await standingOf(store, applicationId);
      if (standing) {
        answer(ctx, 200, publicStanding(standing));
        return;
      }
      const { rows } = await store.query('SELECT 1 FROM erased WHERE hash = $1', [tombstoneHash(hash)]);
      if (rows.length > 0)
        throw new Refused(410, 'status link of an erased application', {
          error: 'This application was erased.',
          code: 'application-erased',
          status: 'withdrawn',
        });
    } catch (error) {
      if (error instanceof Refused) throw error;
      // The error's text only: a statement's parameters (the hash) are never in it.
      log(`status: the store failed: ${error instanceof Error ? error.message : String(error)}`);
      throw refusal(503, 'store failed', 'Where the application stands cannot be read right now; retry later.', { 'Retry-After': '5' });
    }
    throw new Refused(404, 'unknown status link', { error: 'No application has this status link.', code: 'unknown-status-link' });
  }

  /**
   * @param {import('../http/request-context.mjs').RequestContext} ctx
   * @returns {Promise<boolean>}
   */
  return async function statusLookup(ctx) {
    if (pathnameOf(ctx) !== path) return false;
    return answered(ctx, lookup);
  };
}
