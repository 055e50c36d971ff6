// The small HTTP core every handler shares (after vercel/micro): a JSON answer, a refusal with
// the reason its log line gives, the cross-origin check with its preflight, and a body read up to
// a limit with its 413. A handler reads like its contract: it returns an answer, or throws a
// Refused the server turns into one (answered), and never writes headers by hand.
import { originVerdict } from './cors.mjs';
import { BodyTooLarge, readLimitedBody } from './read-limited-body.mjs';

/** @typedef {import('./request-context.mjs').RequestContext} RequestContext */

/** A refusal thrown by a handler; answered() sends it as JSON with its status, headers and reason. */
export class Refused extends Error {
  /**
   * @param {number} status
   * @param {string} reason for the log line: never a value the client sent
   * @param {unknown} body
   * @param {Record<string, string>} [headers]
   */
  constructor(status, reason, body, headers = {}) {
    super(reason);
    this.status = status;
    this.reason = reason;
    this.body = body;
    this.headers = headers;
  }
}

/** The request went away while its body was read: nothing more is answered. */
export class RequestGone extends Error {}

/**
 * A refusal whose body is `{ error: message }`, the shape of every refusal a handler makes.
 * @param {number} status
 * @param {string} reason for the log line: never a value the client sent
 * @param {string} message for the client
 * @param {Record<string, string>} [headers]
 */
export function refusal(status, reason, message, headers = {}) {
  return new Refused(status, reason, { error: message }, headers);
}

/**
 * Answers with a JSON body, never cached, with the context's headers (CORS) and these.
 * @param {RequestContext} ctx
 * @param {number} status
 * @param {unknown} body
 * @param {Record<string, string>} [headers]
 */
export function answer(ctx, status, body, headers = {}) {
  const text = JSON.stringify(body);
  ctx.res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Length': Buffer.byteLength(text),
    ...ctx.headers,
    ...headers,
  });
  ctx.res.end(ctx.req.method === 'HEAD' ? undefined : text);
}

/**
 * Answers with bytes (200) or nothing (204), never cached, with the context's headers.
 * @param {RequestContext} ctx
 * @param {200 | 204} status
 * @param {Buffer} [content] application/octet-stream
 */
export function answerBytes(ctx, status, content) {
  if (!content) {
    ctx.res.writeHead(status, { ...ctx.headers, 'Cache-Control': 'no-store' }).end();
    return;
  }
  ctx.res.writeHead(status, { ...ctx.headers, 'Content-Type': 'application/octet-stream', 'Cache-Control': 'no-store', 'Content-Length': content.length });
  ctx.res.end(content);
}

/**
 * Answers a refusal, noting its reason for the request's log line.
 * @param {RequestContext} ctx
 * @param {number} status
 * @param {string} reason never a value the client sent
 * @param {unknown} body
 * @param {Record<string, string>} [headers]
 */
export function refuse(ctx, status, reason, body, headers = {}) {
  ctx.refusal = reason;
  answer(ctx, status, body, headers);
}

/**
 * Runs a handler: a Refused it throws is answered, a request gone is left alone; true, as an `api`
 * handler of createAppServer returns when it took the request.
 * @param {RequestContext} ctx
 * @param {(ctx: RequestContext) => Promise<void>} handler
 * @returns {Promise<true>}
 */
export async function answered(ctx, handler) {
  try {
    await handler(ctx);
  } catch (error) {
    if (error instanceof RequestGone) return true;
    if (!(error instanceof Refused)) throw error;
    refuse(ctx, error.status, error.reason, error.body, error.headers);
  }
  return true;
}

/**
 * The cross-origin check (cors.mjs): an origin not allowed is refused (403); an allowed one's
 * preflight (OPTIONS) is answered here (204, then `preflighted`), and its CORS headers are given
 * for the handler to add to its answers (ctx.headers) once it has checked the method.
 * @param {RequestContext} ctx
 * @param {ReadonlySet<string>} allowedOrigins CORS_ORIGINS
 * @param {{ methods: string, requestHeaders?: string, exposeHeaders?: string, refusedMessage: string }} options
 *   methods, requestHeaders: what a preflight allows; exposeHeaders: what a page on another origin may read
 * @returns {{ preflighted: boolean, headers: Record<string, string> }}
 */
export function crossOrigin(ctx, allowedOrigins, { methods, requestHeaders, exposeHeaders, refusedMessage }) {
  const verdict = originVerdict(ctx.req, allowedOrigins, ctx.trust);
  if (verdict === 'refused') throw refusal(403, 'origin not allowed', refusedMessage);
  if (verdict === 'same') return { preflighted: false, headers: {} };
  /** @type {Record<string, string>} */
  const headers = {
    'Access-Control-Allow-Origin': String(ctx.req.headers.origin),
    ...(exposeHeaders ? { 'Access-Control-Expose-Headers': exposeHeaders } : {}),
    Vary: 'Origin',
  };
  if (ctx.req.method !== 'OPTIONS' || requestHeaders === undefined) return { preflighted: false, headers };
  ctx.res
    .writeHead(204, { ...headers, 'Access-Control-Allow-Methods': methods, 'Access-Control-Allow-Headers': requestHeaders, 'Access-Control-Max-Age': '600' })
    .end();
  return { preflighted: true, headers };
}

/**
 * The request's body, up to maxBytes and not a byte further: over it, a 413 that closes the
 * connection instead of draining the rest; a request that goes away is destroyed (RequestGone).
 * @param {RequestContext} ctx
 * @param {number} maxBytes
 * @param {string} message the 413's, for the client
 * @returns {Promise<Buffer>}
 */
export async function readBody(ctx, maxBytes, message) {
  try {
    return await readLimitedBody(ctx.req, maxBytes);
  } catch (error) {
    if (error instanceof BodyTooLarge) {
      ctx.res.on('finish', () => ctx.req.destroy());
      throw refusal(413, 'body too large', message, { Connection: 'close' });
    }
    ctx.req.destroy();
    throw new RequestGone();
  }
}
