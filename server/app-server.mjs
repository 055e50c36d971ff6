// A small HTTP server for the built app: static files from dist/ (compressed, see
// compressed-file.mjs), with index.html for navigations to any other path (team/index.html for
// those under /team/, the programme team's app), plus an optional handler for the receiver.
// `npm start` and the end-to-end tests both use it, so the tests drive
// the same server a person starts. Hardened as a public server must be: nothing outside dist/
// (no `..`, encoded or not, no symlink leading out), malformed percent-encoding is 400, a missing
// asset is 404 rather than index.html, source maps are 404, ETag and 304, and security headers on
// every answer.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { compressedBody, compressedFile } from './http/compressed-file.mjs';
import { cacheControlFor, contentTypeOf, fallbackPage, fileAt, isInside, isSourceMap } from './http/dist-files.mjs';
import { createRequestContext } from './http/request-context.mjs';
import { clientPseudonym } from './log/client-pseudonym.mjs';
import { securityHeaders } from './http/security-headers.mjs';

/**
 * @param {string} etag
 * @param {string | undefined} ifNoneMatch
 */
function matches(etag, ifNoneMatch) {
  if (!ifNoneMatch) return false;
  const weak = (/** @type {string} */ tag) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || weak(tag) === weak(etag));
}

/**
 * One log line per request once it is over: its path without the query string (which could carry
 * anything), or the one its handler noted in its place (ctx.logPath), and the status, or 0 when
 * the connection closed before an answer was sent; for a refusal, the client's pseudonym, never its address.
 * @param {import('./http/request-context.mjs').RequestContext} ctx
 * @param {(entry: import('./log/server-log.mjs').RequestEntry) => void} logRequest
 */
function logWhenDone(ctx, logRequest) {
  const { req, res } = ctx;
  const started = performance.now();
  res.once('close', () => {
    const finished = res.writableFinished;
    let path = ctx.logPath;
    if (path === undefined) {
      try {
        path = new URL(req.url ?? '/', 'http://localhost').pathname;
      } catch {
        path = '(malformed)';
      }
    }
    const reason = finished ? ctx.refusal : 'connection closed before an answer';
    logRequest({
      method: req.method ?? '',
      path,
      status: finished ? res.statusCode : 0,
      ms: performance.now() - started,
      reason,
      // Who was refused, by pseudonym only: the log counts a client's repeated refusals (server-log.mjs).
      ...(reason ? { client: clientPseudonym(ctx) } : {}),
    });
  });
}

/**
 * Bytes made for this request (a file rewritten for the programme): its ETag is its content's.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {Buffer} content
 * @param {{ 'Content-Type': string, 'Cache-Control': string, Vary: string }} headers
 */
function sendBytes(req, res, content, headers) {
  const compressed = compressedBody(content, headers['Content-Type'], req.headers['accept-encoding']);
  const etag = `W/"${createHash('sha1').update(content).digest('hex').slice(0, 16)}${compressed ? `-${compressed.encoding}` : ''}"`;
  if (matches(etag, req.headers['if-none-match'])) {
    res.writeHead(304, { ETag: etag, 'Cache-Control': headers['Cache-Control'], Vary: headers.Vary }).end();
    return;
  }
  const body = compressed ? compressed.body : content;
  res.writeHead(200, { ...headers, ETag: etag, ...(compressed ? { 'Content-Encoding': compressed.encoding } : {}), 'Content-Length': body.length });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * @param {{
 *   root: string,
 *   api?: (ctx: import('./http/request-context.mjs').RequestContext) => boolean | Promise<boolean>,
 *   trust?: import('./http/proxy-trust.mjs').ProxyTrust,
 *   logRequest?: (entry: import('./log/server-log.mjs').RequestEntry) => void,
 *   rewrite?: (path: string) => Promise<Buffer | null>,
 *   servedConfig?: import('./http/security-headers.mjs').ServedConfig,
 * }} options
 *   `api` answers the requests it recognises and returns true; everything else is a static file.
 *   `trust`: TRUST_PROXY and PUBLIC_ORIGIN, carried in each request's context (proxy-trust.mjs).
 *   `logRequest` is told of each request once it is over (server-log.mjs).
 *   `rewrite` gives a file's bytes as they should be served, or null to serve the file as it is
 *   (programme-pages.mjs).
 *   `servedConfig` is the config.json pages are given, when it is not root's as it is (its
 *   Content-Security-Policy follows it: security-headers.mjs).
 */
export function createAppServer({ root, api, trust, logRequest, rewrite, servedConfig }) {
  const base = resolve(root);
  const realBase = realpath(base).catch(() => base);
  const headersFor = securityHeaders(base, servedConfig);
  return createServer((req, res) => void answerRequest(req, res));

  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   */
  async function answerRequest(req, res) {
    const ctx = createRequestContext(req, res, trust);
    if (logRequest) logWhenDone(ctx, logRequest);
    try {
      for (const [name, value] of Object.entries(await headersFor())) res.setHeader(name, value);
      if (api && (await api(ctx))) return;
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        ctx.refusal = 'method not allowed';
        res.writeHead(405, { Allow: 'GET, HEAD' }).end();
        return;
      }
      const url = new URL(req.url ?? '/', 'http://localhost');
      let decoded;
      try {
        decoded = decodeURIComponent(url.pathname);
      } catch {
        ctx.refusal = 'malformed percent-encoding';
        res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Bad request');
        return;
      }
      if (decoded.includes('\0')) {
        ctx.refusal = 'NUL in path';
        res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Bad request');
        return;
      }
      const rootPath = await realBase;
      const normalised = resolve(rootPath, `.${decoded}`);
      // Source maps are the build's, for an error tracker's upload: the public never gets them.
      // The path is judged as the file system will read it: `x.js.map/.` and `x.js.map//` name the map.
      if (isSourceMap(decoded) || isSourceMap(normalised)) {
        ctx.refusal = 'source maps are not served';
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
        return;
      }
      // A path leading out of dist/ (`/..%2fdist-old/x`) is not a navigation: nothing is there.
      if (!isInside(normalised, rootPath)) {
        ctx.refusal = 'path outside the app';
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
        return;
      }
      const fallback = fallbackPage(decoded);
      const file = (await fileAt(rootPath, decoded)) ?? (fallback ? await fileAt(rootPath, fallback) : null);
      // A link inside dist/ pointing at a map is a map too: what is sent is judged, not only its name.
      if (file && isSourceMap(file.path)) {
        ctx.refusal = 'source maps are not served';
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
        return;
      }
      if (!file) {
        ctx.refusal = 'no such file';
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
        return;
      }
      const contentType = contentTypeOf(file.path);
      const headers = {
        'Content-Type': contentType,
        'Cache-Control': cacheControlFor(file.path),
        Vary: 'Accept-Encoding',
      };
      const rewritten = rewrite ? await rewrite(file.path) : null;
      if (rewritten) {
        sendBytes(req, res, rewritten, headers);
        return;
      }
      const compressed = await compressedFile(file.path, contentType, file.size, req.headers['accept-encoding']);
      const etag = `W/"${file.size.toString(16)}-${Math.floor(file.mtimeMs).toString(16)}${compressed ? `-${compressed.encoding}` : ''}"`;
      const lastModified = new Date(file.mtimeMs).toUTCString();
      if (matches(etag, req.headers['if-none-match'])) {
        res.writeHead(304, { ETag: etag, 'Cache-Control': headers['Cache-Control'], Vary: headers.Vary }).end();
        return;
      }
      if (compressed) {
        res.writeHead(200, {
          ...headers,
          ETag: etag,
          'Last-Modified': lastModified,
          'Content-Encoding': compressed.encoding,
          'Content-Length': compressed.body.length,
        });
        res.end(req.method === 'HEAD' ? undefined : compressed.body);
        return;
      }
      res.writeHead(200, { ...headers, ETag: etag, 'Last-Modified': lastModified, 'Content-Length': file.size });
      if (req.method === 'HEAD') res.end();
      else createReadStream(file.path).pipe(res);
    } catch {
      // Never the error's text: it may name paths on this machine.
      ctx.refusal = 'internal error';
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Internal error');
    }
  }
}

/**
 * Reads a request body as text (the end-to-end tests' scripted endpoint; the receiver reads with a limit).
 * @param {import('node:http').IncomingMessage} req
 * @returns {Promise<string>}
 */
export function readBody(req) {
  return new Promise((resolveBody, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (/** @type {string} */ chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      resolveBody(body);
    });
    req.on('error', reject);
  });
}
