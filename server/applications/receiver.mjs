// The application receiver: PUT <requestUrl> stores an application durably, once, with its
// latest answers (docs/receiver.md). The order of the checks is the contract: method (405),
// origin (403), Content-Type (415), headers (400), size (413, reading no further), JSON (400),
// the wizard's own rules (422), then the Idempotency-Key (replay, 422 for another body, 409 while
// the first is still being stored), then the revision (409 with the latest when a revision as high
// is stored already), and 201 with a receipt once the transaction has committed.
import { createHash } from 'node:crypto';
import { CORS_REQUEST_HEADERS } from '../http/cors.mjs';
import { pathnameOf } from '../http/request-context.mjs';
import { siteOf } from '../http/proxy-trust.mjs';
import { answer, answered, crossOrigin, readBody, refusal, Refused } from '../http/respond.mjs';
import { isJsonContentType, isToken, parseContentLanguage, parseRevision, singleHeader } from '../http/request-headers.mjs';
import { receiveApplication } from './applications-table.mjs';
import { normalisedEmail } from '../store/email-match.mjs';
import { createGroupCommit } from './group-commit.mjs';
import { parseJson } from '../http/parse-json.mjs';
import { refusedAnswersReason } from '../log/refused-answers-reason.mjs';
import { notOwnIssues } from './named-files-checks.mjs';

export const MAX_BODY_BYTES = 64 * 1024;

/**
 * @typedef {Array<{ path: string, message: string }>} ValidationIssues
 * @typedef {ValidationIssues | { issues: ValidationIssues, digest: string }} Judged the issues, and the programme that judged (its digest, stored with the revision)
 * @typedef {{
 *   store: import('../store/store-types.mjs').Store,
 *   path: string,
 *   validate: (body: unknown) => Judged | Promise<Judged>,
 *   allowedOrigins?: ReadonlySet<string>,
 *   maxBytes?: number,
 *   log?: (line: string) => void,
 *   now?: () => Date,
 *   defaultLanguage?: string | null | (() => string | null),
 *   webhooks?: { giveUpAfterMs: number } | null,
 *   onStored?: () => void,
 *   proofOfWork?: { check: (req: import('node:http').IncomingMessage) => Promise<{ reason: string, body: unknown } | null> } | null,
 *   admit?: import('../limits/admission.mjs').Admit,
 *   programmeNames?: () => ReadonlySet<string> | Promise<ReadonlySet<string>>,
 *   checkFiles?: import('./named-files-checks.mjs').CheckFiles | null,
 *   status?: { links: import('./applications-table.mjs').StatusLinks, mail: boolean } | null,
 * }} ReceiverOptions
 *   validate: the programme's rules (programme-source.mjs: the current one, or a recent one that accepts it);
 *   defaultLanguage: the programme's `lang`, for a body sent without Content-Language;
 *   webhooks: each revision stored also gets its webhook in the outbox, in the same transaction, to
 *   be retried for giveUpAfterMs;
 *   onStored: told after a new revision was committed (wakes the webhooks' deliverer);
 *   proofOfWork: refuses (428) a PUT without a valid, unused solution, before its body is read (proof-of-work.mjs)
 *   admit: whether a PUT is taken at all, before its body is read (admission.mjs: 429, 503)
 *   programmeNames: the names the programme defines, which a 422's log line may show (refused-answers-reason.mjs)
 *   checkFiles: the checks of the uploads a body names (applications/named-files-checks.mjs: 422), after the
 *   programme's rules; the files it returns are bound to the application in the transaction that stores it
 *   status: each application's status link and first status (server/status/), mail: its receipt is mailed
 */

/** @param {unknown} body */
function emailOf(body) {
  const personalInfo = /** @type {{ personalInfo?: { emailAddress?: unknown } }} */ (body).personalInfo;
  return typeof personalInfo?.emailAddress === 'string' ? normalisedEmail(personalInfo.emailAddress) : null;
}

/**
 * Where an application's status link points: the page that sent it, which is the PUT's Origin once
 * the origin check let it through (the site's own or an allowed one), else the site as
 * PUBLIC_ORIGIN, the trusted proxy or Host name it; null when nothing names it.
 * @param {import('../http/request-context.mjs').RequestContext} ctx
 * @returns {string | null}
 */
export function pageOriginOf(ctx) {
  const origin = ctx.req.headers.origin;
  if (typeof origin === 'string' && /^https?:\/\/[^/]+$/.test(origin)) return origin;
  const { origins } = siteOf(ctx.req, ctx.trust);
  const encrypted = 'encrypted' in ctx.req.socket && ctx.req.socket.encrypted === true;
  return origins.find((each) => each.startsWith(encrypted ? 'https:' : 'http:')) ?? origins[0] ?? null;
}

/**
 * The receiver as an `api` handler of createAppServer: answers requests to its path, returns
 * false for any other.
 * @param {ReceiverOptions} options
 */
export function createReceiver({
  store,
  path,
  validate,
  allowedOrigins = new Set(),
  maxBytes = MAX_BODY_BYTES,
  log = () => undefined,
  now = () => new Date(),
  defaultLanguage = null,
  webhooks = null,
  onStored = () => undefined,
  proofOfWork = null,
  admit = () => Promise.resolve(null),
  programmeNames = () => new Set(),
  checkFiles = null,
  status = null,
}) {
  /** Keys whose first request is being stored by this process right now. */
  const inProgress = new Set();
  const decoder = new TextDecoder('utf-8', { fatal: true });
  // The embedded store runs one statement at a time: applications arriving together are committed
  // together (applications/group-commit.mjs). PostgreSQL runs a pool of connections side by side instead.
  const receiveOptions = {
    ...(webhooks ? { webhooks: true, giveUpAfterMs: webhooks.giveUpAfterMs } : {}),
    ...(status ? { links: status.links, mail: status.mail } : {}),
  };
  /** @type {(received: import('./applications-table.mjs').Received) => Promise<import('./applications-table.mjs').ReceiveResult>} */
  const storeApplication =
    store.kind === 'embedded' ? createGroupCommit(store, { receiveOptions }) : (received) => receiveApplication(store, received, receiveOptions);

  /** @param {import('../http/request-context.mjs').RequestContext} ctx */
  async function receive(ctx) {
    const { req } = ctx;
    // Retry-After is not a header a page on another origin may read unless it is exposed.
    const cors = crossOrigin(ctx, allowedOrigins, {
      methods: 'PUT',
      requestHeaders: CORS_REQUEST_HEADERS,
      exposeHeaders: 'Retry-After',
      refusedMessage: 'This origin may not send applications here.',
    });
    if (cors.preflighted) return;
    if (req.method !== 'PUT') throw new Refused(405, 'method not allowed', { error: 'Only PUT is accepted here.' }, { Allow: 'PUT' });
    ctx.headers = cors.headers;
    // Before anything is read or stored: the client's share (429) and the disk's room (503).
    const refused = await admit(ctx);
    if (refused) throw refusal(refused.status, refused.reason, refused.message, { 'Retry-After': String(refused.retryAfterSeconds) });
    if (!isJsonContentType(req.headers['content-type'])) throw refusal(415, 'not application/json', 'Send the application as application/json.');
    const key = singleHeader(req, 'idempotency-key');
    if (!isToken(key)) throw refusal(400, 'bad or missing Idempotency-Key', 'Send one Idempotency-Key of 1 to 255 visible ASCII characters.');
    const applicationIdHeader = singleHeader(req, 'application-id');
    if (applicationIdHeader !== null && !isToken(applicationIdHeader))
      throw refusal(400, 'bad Application-Id', 'Application-Id must be 1 to 255 visible ASCII characters.');
    const clientRevision = parseRevision(singleHeader(req, 'application-revision'));
    if (Number.isNaN(clientRevision)) throw refusal(400, 'bad Application-Revision', 'Application-Revision must be a whole number from 1.');
    const unproven = await proofOfWork?.check(req);
    if (unproven) throw new Refused(428, unproven.reason, unproven.body);

    const raw = await readBody(ctx, maxBytes, `An application is at most ${String(maxBytes)} bytes.`);
    let body;
    try {
      body = parseJson(decoder.decode(raw));
    } catch {
      throw refusal(400, 'body not JSON in UTF-8', 'The body is not valid JSON in UTF-8.');
    }
    const judged = await validate(body);
    const issues = Array.isArray(judged) ? judged : judged.issues;
    // The client is given its issues; the log only rules and the programme's paths, never its keys.
    if (issues.length > 0) throw new Refused(422, refusedAnswersReason(issues, await programmeNames()), issues);
    const files = checkFiles ? await checkFiles(body, applicationIdHeader ?? key) : { issues: [], files: [] };
    if (files.issues.length > 0) throw new Refused(422, refusedAnswersReason(files.issues, await programmeNames()), files.issues);

    if (inProgress.has(key))
      throw refusal(409, 'Idempotency-Key in progress', 'A request with this Idempotency-Key is still being processed; retry shortly.', { 'Retry-After': '1' });
    const applicationId = applicationIdHeader ?? key;
    const fingerprint = createHash('sha256')
      .update(`${applicationId}\n${String(clientRevision)}\n`)
      .update(raw)
      .digest('hex');
    inProgress.add(key);
    try {
      const language =
        parseContentLanguage(singleHeader(req, 'content-language')) ?? (typeof defaultLanguage === 'function' ? defaultLanguage() : defaultLanguage);
      let result;
      try {
        result = await storeApplication({
          key,
          applicationId,
          clientRevision,
          fingerprint,
          body,
          email: emailOf(body),
          language,
          receivedAt: now(),
          files: files.files,
          pageOrigin: pageOriginOf(ctx),
          programmeDigest: Array.isArray(judged) ? null : judged.digest,
        });
      } catch (error) {
        log(`could not store application ${applicationId}: ${error instanceof Error ? error.message : String(error)}`);
        throw refusal(503, 'store failed', 'The application could not be stored; retry later.', { 'Retry-After': '5' });
      }
      if (result.outcome === 'erased') {
        // Erased at its creator's request, or by retention: a device that still holds it is told it
        // is final (the page clears its copy) and nothing is stored or announced again.
        log(`refused application ${applicationId}: erased`);
        throw new Refused(410, 'application erased', { error: 'This application was erased and is not stored again.', code: 'application-erased' });
      }
      if (result.outcome === 'file-not-own') {
        // Bound to another application by a PUT stored a moment before this one (the checks above saw it free).
        const refused = notOwnIssues(body, result.uploadIds);
        throw new Refused(422, refusedAnswersReason(refused, await programmeNames()), refused);
      }
      if (result.outcome === 'mismatch')
        throw refusal(422, 'Idempotency-Key reused for another body', 'This Idempotency-Key was used for another request; use a new key for a new body.');
      if (result.outcome === 'stale') {
        // A device whose copy is older than the one stored (another device continued the application):
        // final, not worth a retry; the device learns which revision it would have to build on.
        log(`refused application ${applicationId} revision ${String(clientRevision)}: revision ${String(result.latestRevision)} is stored`);
        throw new Refused(409, 'newer revision stored', {
          error: 'A newer revision of this application is stored already.',
          code: 'newer-revision-stored',
          latestRevision: result.latestRevision,
          receivedAt: result.receivedAt,
        });
      }
      if (result.outcome === 'created') onStored();
      log(
        `${result.outcome === 'created' ? 'received' : 'repeat of'} application ${applicationId}${clientRevision === null ? '' : ` revision ${String(clientRevision)}`}`,
      );
      answer(ctx, 201, result.receipt, result.outcome === 'replayed' ? { 'Idempotent-Replayed': 'true' } : {});
    } finally {
      inProgress.delete(key);
    }
  }

  /**
   * @param {import('../http/request-context.mjs').RequestContext} ctx
   * @returns {Promise<boolean>}
   */
  return async function receiver(ctx) {
    if (pathnameOf(ctx) !== path) return false;
    return answered(ctx, receive);
  };
}
