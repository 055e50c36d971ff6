// Drafts in transit ("continue on another device", docs/receiver.md): a creator's browser encrypts
// its draft with a key it never sends, and stores the ciphertext here under a random id; the device
// that opens the link fetches it once. Beside the applications' path: `<prefix>{id}`, the prefix
// being the applications' path's folder plus `drafts/` (/api/applications → /api/drafts/{id}).
//   PUT    application/octet-stream, 1 to 65 536 bytes, optional Draft-Expires-In (seconds) → 201 { expiresAt }
//   GET    → 200 the bytes, once; 410 once used, withdrawn or expired; 404 for an id never stored (or swept)
//   DELETE → 204 withdrawn while still unused; 410 already used, withdrawn or expired; 404 for an id
//            never stored (or swept): the creator's device learns whether its link was opened
// An id is 22 to 64 base64url characters, else 404; a PUT to an id already used is 409 (ids are
// single-use). The same limits as the applications' path: the client's rate-limit share and the
// disk floor (admission.mjs) before a body is read, the server's connection and time limits, the
// same CORS origins, the security headers of every answer. The access log shows the prefix with
// `:id`, never the id (an id with the key in the link's fragment opens the draft), nor any content.
import { CORS_REQUEST_HEADERS, originVerdict } from './cors.mjs';
import { BodyTooLarge, readLimitedBody } from './read-limited-body.mjs';
import { noteLogPath, noteRefusal } from './refusal-reason.mjs';
import { singleHeader } from './request-headers.mjs';
import { storeDraft, sweepDrafts, takeDraft, withdrawDraft } from './store/drafts.mjs';

export const MAX_DRAFT_BYTES = 64 * 1024;
export const MIN_DRAFT_SECONDS = 60;
export const MAX_DRAFT_SECONDS = 30 * 24 * 3600;
export const DEFAULT_DRAFT_SECONDS = 7 * 24 * 3600;
/** How often expired drafts are deleted (they are never served once expired, swept or not). */
export const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

const DRAFT_ID = /^[A-Za-z0-9_-]{22,64}$/;
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

/**
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {unknown} body
 * @param {Record<string, string>} headers
 */
function answer(res, status, body, headers) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

/**
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {string} reason for the log line: never the id nor a value the client sent
 * @param {string} message
 * @param {Record<string, string>} headers
 */
function refuse(res, status, reason, message, headers) {
  noteRefusal(res, reason);
  answer(res, status, { error: message }, headers);
}

/** @param {string | undefined} contentType */
function isOctetStream(contentType) {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() === 'application/octet-stream';
}

/**
 * @typedef {{
 *   store: import('./store/store-types.mjs').Store,
 *   prefix: string,
 *   allowedOrigins?: ReadonlySet<string>,
 *   admitWrite?: import('./admission.mjs').Admit,
 *   admitRead?: import('./admission.mjs').Admit,
 *   ttlSeconds?: number,
 *   maxBytes?: number,
 *   now?: () => Date,
 *   log?: (line: string) => void,
 * }} DraftsOptions
 *   admitWrite: asked before a PUT's body is read (rate limit and disk floor); admitRead: before a
 *   GET or DELETE (the rate limit: they free space, so the disk floor does not apply);
 *   ttlSeconds: a draft's lifetime when its PUT names none (DRAFT_TTL_SECONDS)
 */

/**
 * The drafts' routes as an `api` handler of createAppServer: answers requests under its prefix,
 * returns false for any other.
 * @param {DraftsOptions} options
 */
export function createDrafts({
  store, prefix, allowedOrigins = new Set(), admitWrite = () => Promise.resolve(null), admitRead = () => Promise.resolve(null),
  ttlSeconds = DEFAULT_DRAFT_SECONDS, maxBytes = MAX_DRAFT_BYTES, now = () => new Date(), log = () => undefined,
}) {
  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   */
  return async function drafts(req, res) {
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (!pathname.startsWith(prefix)) return false;
    noteLogPath(res, `${prefix}:id`);
    const id = pathname.slice(prefix.length);
    const origin = originVerdict(req, allowedOrigins);
    if (origin === 'refused') {
      refuse(res, 403, 'origin not allowed', 'This origin may not use drafts here.', {});
      return true;
    }
    /** @type {Record<string, string>} */
    const cors = origin === 'allowed' ? { 'Access-Control-Allow-Origin': String(req.headers.origin), 'Access-Control-Expose-Headers': 'Retry-After', Vary: 'Origin' } : {};
    if (req.method === 'OPTIONS' && origin === 'allowed') {
      res.writeHead(204, { ...cors, 'Access-Control-Allow-Methods': 'GET, PUT, DELETE', 'Access-Control-Allow-Headers': `${CORS_REQUEST_HEADERS}, Draft-Expires-In`, 'Access-Control-Max-Age': '600' }).end();
      return true;
    }
    if (req.method !== 'PUT' && req.method !== 'GET' && req.method !== 'DELETE') {
      // HEAD too: answering it as a GET would use the draft up.
      refuse(res, 405, 'method not allowed', 'Only GET, PUT and DELETE are accepted here.', { ...cors, Allow: 'GET, PUT, DELETE' });
      return true;
    }
    if (!DRAFT_ID.test(id)) {
      refuse(res, 404, 'not a draft id', 'No such draft.', cors);
      return true;
    }
    const refusal = await (req.method === 'PUT' ? admitWrite : admitRead)(req);
    if (refusal) {
      refuse(res, refusal.status, refusal.reason, refusal.message, { ...cors, 'Retry-After': String(refusal.retryAfterSeconds) });
      return true;
    }
    try {
      if (req.method === 'PUT') await put(req, res, id, cors);
      else if (req.method === 'GET') await get(res, id, cors);
      else await withdraw(res, id, cors);
    } catch (error) {
      // The error's text only: a statement's parameters (the id, the content) are never in it.
      log(`drafts: the store failed: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent) refuse(res, 503, 'store failed', 'The draft could not be stored or read; retry later.', { ...cors, 'Retry-After': '5' });
    }
    return true;
  };

  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {string} id
   * @param {Record<string, string>} cors
   */
  async function put(req, res, id, cors) {
    if (!isOctetStream(req.headers['content-type'])) {
      refuse(res, 415, 'not application/octet-stream', 'Send the draft as application/octet-stream.', cors);
      return;
    }
    const asked = singleHeader(req, 'draft-expires-in');
    const seconds = asked === null ? ttlSeconds : typeof asked === 'string' && SECONDS.test(asked) ? Number(asked) : Number.NaN;
    if (!(seconds >= MIN_DRAFT_SECONDS && seconds <= MAX_DRAFT_SECONDS)) {
      refuse(res, 400, 'bad Draft-Expires-In', `Draft-Expires-In must be one whole number of seconds from ${String(MIN_DRAFT_SECONDS)} to ${String(MAX_DRAFT_SECONDS)}.`, cors);
      return;
    }
    let content;
    try {
      content = await readLimitedBody(req, maxBytes);
    } catch (error) {
      if (error instanceof BodyTooLarge) {
        // As the applications' path: answer, then close the connection instead of draining the rest.
        refuse(res, 413, 'body too large', `A draft is at most ${String(maxBytes)} bytes.`, { ...cors, Connection: 'close' });
        res.on('finish', () => req.destroy());
        return;
      }
      req.destroy();
      return;
    }
    if (content.length === 0) {
      refuse(res, 400, 'empty draft', 'The draft is empty.', cors);
      return;
    }
    const at = now();
    // A single statement: committed (and on the embedded store, synced to the disk) before the 201.
    const stored = await storeDraft(store, { id, content, now: at, expiresAt: new Date(at.getTime() + seconds * 1000) });
    if (stored.outcome === 'exists') {
      refuse(res, 409, 'draft id already used', 'This id was used already; make a new one.', cors);
      return;
    }
    answer(res, 201, { expiresAt: stored.expiresAt.toISOString() }, cors);
  }

  /**
   * @param {import('node:http').ServerResponse} res
   * @param {string} id
   * @param {Record<string, string>} cors
   */
  async function get(res, id, cors) {
    const taken = await takeDraft(store, id, now());
    if (taken.outcome === 'unknown') {
      refuse(res, 404, 'no such draft', 'No such draft.', cors);
      return;
    }
    if (taken.outcome === 'gone') {
      refuse(res, 410, 'draft used, withdrawn or expired', 'This draft was opened already, withdrawn or has expired.', cors);
      return;
    }
    res.writeHead(200, { ...cors, 'Content-Type': 'application/octet-stream', 'Cache-Control': 'no-store', 'Content-Length': taken.content.length });
    res.end(taken.content);
  }

  /**
   * @param {import('node:http').ServerResponse} res
   * @param {string} id
   * @param {Record<string, string>} cors
   */
  async function withdraw(res, id, cors) {
    const withdrawn = await withdrawDraft(store, id, now());
    if (withdrawn.outcome === 'unknown') {
      refuse(res, 404, 'no such draft', 'No such draft.', cors);
      return;
    }
    if (withdrawn.outcome === 'gone') {
      // The answer the creator's device needs: its link was opened already (or had lapsed).
      refuse(res, 410, 'draft used, withdrawn or expired', 'This draft was opened already, withdrawn or has expired.', cors);
      return;
    }
    res.writeHead(204, { ...cors, 'Cache-Control': 'no-store' }).end();
  }
}

/**
 * Deletes expired drafts now and every intervalMs until stopped; a failure is logged and retried
 * at the next turn.
 * @param {import('./store/store-types.mjs').Queryable} store
 * @param {{ intervalMs?: number, now?: () => Date, log?: (line: string) => void }} [options]
 * @returns {{ sweep: () => Promise<number>, stop: () => Promise<void> }}
 */
export function startDraftSweep(store, { intervalMs = SWEEP_INTERVAL_MS, now = () => new Date(), log = () => undefined } = {}) {
  /** @type {Promise<number> | null} */
  let running = null;
  const sweep = () => {
    running ??= sweepDrafts(store, now())
      .catch((/** @type {unknown} */ error) => {
        log(`drafts: the sweep of expired drafts failed: ${error instanceof Error ? error.message : String(error)}`);
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => void sweep(), intervalMs);
  timer.unref();
  void sweep();
  return {
    sweep,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
