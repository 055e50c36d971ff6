// Drafts in transit ("continue on another device", docs/receiver.md): a creator's browser encrypts
// its draft with a key it never sends, and stores the ciphertext here under a random id; the device
// that opens the link fetches it once. Beside the applications' path: `<prefix>{id}`, the prefix
// being the applications' path's folder plus `drafts/` (/api/applications → /api/drafts/{id}).
//   PUT    application/octet-stream, 1 to 65 536 bytes, optional Draft-Expires-In (seconds) → 201 { expiresAt }
//   GET    → 200 the bytes, once; 410 once used, withdrawn or expired; 404 for an id never stored (or swept)
//   DELETE → 204 withdrawn while still unused; 410 already used, withdrawn or expired; 404 for an id
//            never stored (or swept): the creator's device learns whether its link was opened
// An id is 22 to 64 base64url characters, else 404; a PUT to an id already used is 409 (ids are
// single-use). A PUT meets limits of its own before its body is read (drafts-budget.mjs: a share
// per client, a quota of all drafts, a floor of free space above the applications'), so drafts
// never turn an application away, and the proof of work applications need when it is on (428, as
// for an application); a GET or DELETE counts in the client's share of requests. The server's
// connection and time limits, the same CORS origins, the security headers of every answer. The access log shows the prefix with
// `:id`, never the id (an id with the key in the link's fragment opens the draft), nor any content.
import { CORS_REQUEST_HEADERS } from '../http/cors.mjs';
import { pathnameOf } from '../http/request-context.mjs';
import { Refused, RequestGone, answer, answerBytes, answered, crossOrigin, readBody, refusal } from '../http/respond.mjs';
import { singleHeader } from '../http/request-headers.mjs';
import { storeDraft, sweepDrafts, takeDraft, withdrawDraft } from './drafts-table.mjs';
import { startPeriodicJob } from '../process/periodic-job.mjs';

export const MAX_DRAFT_BYTES = 64 * 1024;
export const MIN_DRAFT_SECONDS = 60;
export const MAX_DRAFT_SECONDS = 30 * 24 * 3600;
export const DEFAULT_DRAFT_SECONDS = 7 * 24 * 3600;
/** How often expired drafts are deleted (they are never served once expired, swept or not). */
export const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

const SECONDS = /^[1-9][0-9]{0,9}$/;

/**
 * The drafts' prefix for the applications' path: its folder, then `drafts/`.
 * @param {string} applicationsPath
 */
export function draftsPrefix(applicationsPath) {
  const folder = applicationsPath.replace(/\/+$/, '').replace(/\/[^/]*$/, '');
  return `${folder}/drafts/`;
}

/**
 * DRAFT_TTL_SECONDS: how long a draft is kept when its PUT asks for no time (7 days by default).
 * @param {Record<string, string | undefined>} env
 */
export function draftTtlSeconds(env) {
  const text = env.DRAFT_TTL_SECONDS?.trim();
  if (!text) return DEFAULT_DRAFT_SECONDS;
  const value = Number(text);
  if (!SECONDS.test(text) || value < MIN_DRAFT_SECONDS || value > MAX_DRAFT_SECONDS) {
    throw new Error(`DRAFT_TTL_SECONDS must be a whole number from ${String(MIN_DRAFT_SECONDS)} to ${String(MAX_DRAFT_SECONDS)}, not "${text}"`);
  }
  return value;
}

/** @param {string | undefined} contentType */
function isOctetStream(contentType) {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() === 'application/octet-stream';
}

/**
 * @typedef {{
 *   store: import('../store/store-types.mjs').Store,
 *   prefix: string,
 *   draftId: RegExp,
 *   allowedOrigins?: ReadonlySet<string>,
 *   admitWrite?: import('../limits/admission.mjs').Admit,
 *   admitRead?: import('../limits/admission.mjs').Admit,
 *   takeBytes?: (bytes: number) => Promise<import('../limits/admission.mjs').Refusal | null>,
 *   proofOfWork?: { check: (req: import('node:http').IncomingMessage) => Promise<{ reason: string, body: unknown } | null> } | null,
 *   ttlSeconds?: number,
 *   maxBytes?: number,
 *   now?: () => Date,
 *   log?: (line: string) => void,
 * }} DraftsOptions
 *   draftId: the page's rule for a draft's id (src/handover/draft-id.ts, built into server/build/);
 *   admitWrite: asked before a PUT's body is read (the drafts' share, floor and quota); admitRead: before a
 *   GET or DELETE (the rate limit: they free space, so the disk floor does not apply);
 *   takeBytes: asked once a PUT's body is read, with its size (the drafts' quota);
 *   proofOfWork: refuses (428) a PUT without a valid, unused solution, before its body is read (proof-of-work.mjs);
 *   ttlSeconds: a draft's lifetime when its PUT names none (DRAFT_TTL_SECONDS)
 */

const GONE = 'This draft was opened already, withdrawn or has expired.';

/**
 * The drafts' routes as an `api` handler of createAppServer: answers requests under its prefix,
 * returns false for any other.
 * @param {DraftsOptions} options
 */
export function createDrafts({
  store,
  prefix,
  draftId,
  allowedOrigins = new Set(),
  admitWrite = () => Promise.resolve(null),
  admitRead = () => Promise.resolve(null),
  takeBytes = () => Promise.resolve(null),
  proofOfWork = null,
  ttlSeconds = DEFAULT_DRAFT_SECONDS,
  maxBytes = MAX_DRAFT_BYTES,
  now = () => new Date(),
  log = () => undefined,
}) {
  /** @param {import('../http/request-context.mjs').RequestContext} ctx */
  async function route(ctx) {
    const { req } = ctx;
    const id = pathnameOf(ctx).slice(prefix.length);
    const cors = crossOrigin(ctx, allowedOrigins, {
      methods: 'GET, PUT, DELETE',
      requestHeaders: `${CORS_REQUEST_HEADERS}, Draft-Expires-In`,
      exposeHeaders: 'Retry-After',
      refusedMessage: 'This origin may not use drafts here.',
    });
    if (cors.preflighted) return;
    ctx.headers = cors.headers;
    if (req.method !== 'PUT' && req.method !== 'GET' && req.method !== 'DELETE') {
      // HEAD too: answering it as a GET would use the draft up.
      throw refusal(405, 'method not allowed', 'Only GET, PUT and DELETE are accepted here.', { Allow: 'GET, PUT, DELETE' });
    }
    if (!draftId.test(id)) throw refusal(404, 'not a draft id', 'No such draft.');
    const refused = await (req.method === 'PUT' ? admitWrite : admitRead)(ctx);
    if (refused) throw refusal(refused.status, refused.reason, refused.message, { 'Retry-After': String(refused.retryAfterSeconds) });
    try {
      if (req.method === 'PUT') await put(ctx, id);
      else if (req.method === 'GET') await get(ctx, id);
      else await withdraw(ctx, id);
    } catch (error) {
      if (error instanceof Refused || error instanceof RequestGone) throw error;
      // The error's text only: a statement's parameters (the id, the content) are never in it.
      log(`drafts: the store failed: ${error instanceof Error ? error.message : String(error)}`);
      if (!ctx.res.headersSent) throw refusal(503, 'store failed', 'The draft could not be stored or read; retry later.', { 'Retry-After': '5' });
    }
  }

  /**
   * @param {import('../http/request-context.mjs').RequestContext} ctx
   * @param {string} id
   */
  async function put(ctx, id) {
    if (!isOctetStream(ctx.req.headers['content-type'])) throw refusal(415, 'not application/octet-stream', 'Send the draft as application/octet-stream.');
    const asked = singleHeader(ctx.req, 'draft-expires-in');
    const seconds = asked === null ? ttlSeconds : typeof asked === 'string' && SECONDS.test(asked) ? Number(asked) : Number.NaN;
    if (!(seconds >= MIN_DRAFT_SECONDS && seconds <= MAX_DRAFT_SECONDS)) {
      throw refusal(
        400,
        'bad Draft-Expires-In',
        `Draft-Expires-In must be one whole number of seconds from ${String(MIN_DRAFT_SECONDS)} to ${String(MAX_DRAFT_SECONDS)}.`,
      );
    }
    const unproven = await proofOfWork?.check(ctx.req);
    if (unproven) throw new Refused(428, unproven.reason, unproven.body);
    const content = await readBody(ctx, maxBytes, `A draft is at most ${String(maxBytes)} bytes.`);
    if (content.length === 0) throw refusal(400, 'empty draft', 'The draft is empty.');
    const full = await takeBytes(content.length);
    if (full) throw refusal(full.status, full.reason, full.message, { 'Retry-After': String(full.retryAfterSeconds) });
    const at = now();
    // A single statement: committed (and on the embedded store, synced to the disk) before the 201.
    const stored = await storeDraft(store, { id, content, now: at, expiresAt: new Date(at.getTime() + seconds * 1000) });
    if (stored.outcome === 'exists') throw refusal(409, 'draft id already used', 'This id was used already; make a new one.');
    answer(ctx, 201, { expiresAt: stored.expiresAt.toISOString() });
  }

  /**
   * @param {import('../http/request-context.mjs').RequestContext} ctx
   * @param {string} id
   */
  async function get(ctx, id) {
    const taken = await takeDraft(store, id, now());
    if (taken.outcome === 'unknown') throw refusal(404, 'no such draft', 'No such draft.');
    if (taken.outcome === 'gone') throw refusal(410, 'draft used, withdrawn or expired', GONE);
    answerBytes(ctx, 200, taken.content);
  }

  /**
   * @param {import('../http/request-context.mjs').RequestContext} ctx
   * @param {string} id
   */
  async function withdraw(ctx, id) {
    const withdrawn = await withdrawDraft(store, id, now());
    if (withdrawn.outcome === 'unknown') throw refusal(404, 'no such draft', 'No such draft.');
    // The answer the creator's device needs: its link was opened already (or had lapsed).
    if (withdrawn.outcome === 'gone') throw refusal(410, 'draft used, withdrawn or expired', GONE);
    answerBytes(ctx, 204);
  }

  /**
   * @param {import('../http/request-context.mjs').RequestContext} ctx
   * @returns {Promise<boolean>}
   */
  return async function drafts(ctx) {
    if (!pathnameOf(ctx).startsWith(prefix)) return false;
    ctx.logPath = `${prefix}:id`;
    return answered(ctx, route);
  };
}

/**
 * Deletes expired drafts now and every intervalMs until stopped; a failure is logged and retried
 * at the next turn.
 * @param {import('../store/store-types.mjs').Queryable} store
 * @param {{ intervalMs?: number, now?: () => Date, log?: (line: string) => void }} [options]
 * @returns {{ sweep: () => Promise<number>, stop: () => Promise<void> }}
 */
export function startDraftSweep(store, { intervalMs = SWEEP_INTERVAL_MS, now = () => new Date(), log = () => undefined } = {}) {
  const job = startPeriodicJob(
    () =>
      sweepDrafts(store, now()).catch((/** @type {unknown} */ error) => {
        log(`drafts: the sweep of expired drafts failed: ${error instanceof Error ? error.message : String(error)}`);
        return 0;
      }),
    intervalMs,
  );
  return { sweep: job.run, stop: job.stop };
}
