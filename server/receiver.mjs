// The application receiver: PUT <requestUrl> stores an application durably, once, with its
// latest answers (docs/receiver.md). The order of the checks is the contract: method (405),
// origin (403), Content-Type (415), headers (400), size (413, reading no further), JSON (400),
// the wizard's own rules (422), then the Idempotency-Key (replay, 422 for another body, 409 while
// the first is still being stored), then the revision (409 with the latest when a revision as high
// is stored already), and 201 with a receipt once the transaction has committed.
import { createHash } from 'node:crypto';
import { CORS_REQUEST_HEADERS, originVerdict } from './cors.mjs';
import { BodyTooLarge, readLimitedBody } from './read-limited-body.mjs';
import { noteRefusal } from './refusal-reason.mjs';
import { isJsonContentType, isToken, parseContentLanguage, parseRevision, singleHeader } from './request-headers.mjs';
import { normalisedEmail, receiveApplication } from './store/applications.mjs';
import { createGroupCommit } from './store/group-commit.mjs';

export const MAX_BODY_BYTES = 64 * 1024;

/**
 * @typedef {Array<{ path: string, message: string }>} ValidationIssues
 * @typedef {{
 *   store: import('./store/store-types.mjs').Store,
 *   path: string,
 *   validate: (body: unknown) => ValidationIssues | Promise<ValidationIssues>,
 *   allowedOrigins?: ReadonlySet<string>,
 *   maxBytes?: number,
 *   log?: (line: string) => void,
 *   now?: () => Date,
 *   defaultLanguage?: string | null | (() => string | null),
 *   webhooks?: { giveUpAfterMs: number } | null,
 *   onStored?: () => void,
 *   proofOfWork?: { check: (req: import('node:http').IncomingMessage) => Promise<{ reason: string, body: unknown } | null> } | null,
 *   admit?: import('./admission.mjs').Admit,
 * }} ReceiverOptions
 *   validate: the programme's rules (programme-source.mjs: the current one, or a recent one that accepts it);
 *   defaultLanguage: the programme's `lang`, for a body sent without Content-Language;
 *   webhooks: each revision stored also gets its webhook in the outbox, in the same transaction, to
 *   be retried for giveUpAfterMs;
 *   onStored: told after a new revision was committed (wakes the webhooks' deliverer);
 *   proofOfWork: refuses (428) a PUT without a valid, unused solution, before its body is read (proof-of-work.mjs)
 *   admit: whether a PUT is taken at all, before its body is read (admission.mjs: 429, 503)
 */

/**
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {unknown} body
 * @param {Record<string, string>} [headers]
 */
function answer(res, status, body, headers = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

/**
 * An answer that refuses the request, with the reason its log line gives (server-log.mjs).
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {string} reason never a value the client sent
 * @param {unknown} body
 * @param {Record<string, string>} [headers]
 */
function refuse(res, status, reason, body, headers = {}) {
  noteRefusal(res, reason);
  answer(res, status, body, headers);
}

/** @param {unknown} body */
function emailOf(body) {
  const personalInfo = /** @type {{ personalInfo?: { emailAddress?: unknown } }} */ (body).personalInfo;
  return typeof personalInfo?.emailAddress === 'string' ? normalisedEmail(personalInfo.emailAddress) : null;
}

/**
 * The receiver as an `api` handler of createAppServer: answers requests to its path, returns
 * false for any other.
 * @param {ReceiverOptions} options
 */
export function createReceiver({
  store, path, validate, allowedOrigins = new Set(), maxBytes = MAX_BODY_BYTES, log = () => undefined, now = () => new Date(),
  defaultLanguage = null, webhooks = null, onStored = () => undefined, proofOfWork = null, admit = () => Promise.resolve(null),
}) {
  /** Keys whose first request is being stored by this process right now. */
  const inProgress = new Set();
  const decoder = new TextDecoder('utf-8', { fatal: true });
  // The embedded store runs one statement at a time: applications arriving together are committed
  // together (store/group-commit.mjs). PostgreSQL runs a pool of connections side by side instead.
  const receiveOptions = webhooks ? { webhooks: true, giveUpAfterMs: webhooks.giveUpAfterMs } : {};
  /** @type {(received: import('./store/applications.mjs').Received) => Promise<import('./store/applications.mjs').ReceiveResult>} */
  const storeApplication = store.kind === 'embedded' ? createGroupCommit(store, { receiveOptions }) : (received) => receiveApplication(store, received, receiveOptions);

  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   */
  return async function receive(req, res) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== path) return false;
    const origin = originVerdict(req, allowedOrigins);
    if (origin === 'refused') {
      refuse(res, 403, 'origin not allowed', { error: 'This origin may not send applications here.' });
      return true;
    }
    /** @type {Record<string, string>} */
    // Retry-After is not a header a page on another origin may read unless it is exposed.
    const corsHeaders = origin === 'allowed' ? { 'Access-Control-Allow-Origin': String(req.headers.origin), 'Access-Control-Expose-Headers': 'Retry-After', Vary: 'Origin' } : {};
    if (req.method === 'OPTIONS' && origin === 'allowed') {
      res
        .writeHead(204, { ...corsHeaders, 'Access-Control-Allow-Methods': 'PUT', 'Access-Control-Allow-Headers': CORS_REQUEST_HEADERS, 'Access-Control-Max-Age': '600' })
        .end();
      return true;
    }
    if (req.method !== 'PUT') {
      refuse(res, 405, 'method not allowed', { error: 'Only PUT is accepted here.' }, { Allow: 'PUT' });
      return true;
    }
    // Before anything is read or stored: the client's share (429) and the disk's room (503).
    const refusal = await admit(req);
    if (refusal) {
      refuse(res, refusal.status, refusal.reason, { error: refusal.message }, { ...corsHeaders, 'Retry-After': String(refusal.retryAfterSeconds) });
      return true;
    }
    if (!isJsonContentType(req.headers['content-type'])) {
      refuse(res, 415, 'not application/json', { error: 'Send the application as application/json.' }, corsHeaders);
      return true;
    }
    const key = singleHeader(req, 'idempotency-key');
    if (!isToken(key)) {
      refuse(res, 400, 'bad or missing Idempotency-Key', { error: 'Send one Idempotency-Key of 1 to 255 visible ASCII characters.' }, corsHeaders);
      return true;
    }
    const applicationIdHeader = singleHeader(req, 'application-id');
    if (applicationIdHeader !== null && !isToken(applicationIdHeader)) {
      refuse(res, 400, 'bad Application-Id', { error: 'Application-Id must be 1 to 255 visible ASCII characters.' }, corsHeaders);
      return true;
    }
    const clientRevision = parseRevision(singleHeader(req, 'application-revision'));
    if (Number.isNaN(clientRevision)) {
      refuse(res, 400, 'bad Application-Revision', { error: 'Application-Revision must be a whole number from 1.' }, corsHeaders);
      return true;
    }
    const unproven = await proofOfWork?.check(req);
    if (unproven) {
      refuse(res, 428, unproven.reason, unproven.body, corsHeaders);
      return true;
    }

    let raw;
    try {
      raw = await readLimitedBody(req, maxBytes);
    } catch (error) {
      if (error instanceof BodyTooLarge) {
        // Read no further: answer, then close the connection instead of draining the rest.
        refuse(res, 413, 'body too large', { error: `An application is at most ${String(maxBytes)} bytes.` }, { ...corsHeaders, Connection: 'close' });
        res.on('finish', () => req.destroy());
        return true;
      }
      req.destroy();
      return true;
    }
    let body;
    try {
      body = JSON.parse(decoder.decode(raw));
    } catch {
      refuse(res, 400, 'body not JSON in UTF-8', { error: 'The body is not valid JSON in UTF-8.' }, corsHeaders);
      return true;
    }
    const issues = await validate(body);
    if (issues.length > 0) {
      refuse(res, 422, `answers the wizard would refuse: ${[...new Set(issues.map((issue) => issue.path))].slice(0, 10).join(', ')}`, issues, corsHeaders);
      return true;
    }

    if (inProgress.has(key)) {
      refuse(res, 409, 'Idempotency-Key in progress', { error: 'A request with this Idempotency-Key is still being processed; retry shortly.' }, { ...corsHeaders, 'Retry-After': '1' });
      return true;
    }
    const applicationId = applicationIdHeader ?? key;
    const fingerprint = createHash('sha256').update(`${applicationId}\n${String(clientRevision)}\n`).update(raw).digest('hex');
    inProgress.add(key);
    try {
      const language = parseContentLanguage(singleHeader(req, 'content-language')) ?? (typeof defaultLanguage === 'function' ? defaultLanguage() : defaultLanguage);
      const result = await storeApplication({ key, applicationId, clientRevision, fingerprint, body, email: emailOf(body), language, receivedAt: now() });
      if (result.outcome === 'mismatch') {
        refuse(res, 422, 'Idempotency-Key reused for another body', { error: 'This Idempotency-Key was used for another request; use a new key for a new body.' }, corsHeaders);
        return true;
      }
      if (result.outcome === 'stale') {
        // A device whose copy is older than the one stored (another device continued the application):
        // final, not worth a retry; the device learns which revision it would have to build on.
        log(`refused application ${applicationId} revision ${String(clientRevision)}: revision ${String(result.latestRevision)} is stored`);
        refuse(res, 409, 'newer revision stored', {
          error: 'A newer revision of this application is stored already.', code: 'newer-revision-stored', latestRevision: result.latestRevision, receivedAt: result.receivedAt,
        }, corsHeaders);
        return true;
      }
      if (result.outcome === 'created') onStored();
      log(`${result.outcome === 'created' ? 'received' : 'repeat of'} application ${applicationId}${clientRevision === null ? '' : ` revision ${String(clientRevision)}`}`);
      answer(res, 201, result.receipt, result.outcome === 'replayed' ? { ...corsHeaders, 'Idempotent-Replayed': 'true' } : corsHeaders);
    } catch (error) {
      log(`could not store application ${applicationId}: ${error instanceof Error ? error.message : String(error)}`);
      refuse(res, 503, 'store failed', { error: 'The application could not be stored; retry later.' }, { ...corsHeaders, 'Retry-After': '5' });
    } finally {
      inProgress.delete(key);
    }
    return true;
  };
}
