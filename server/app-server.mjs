// A small HTTP server for the built app: static files from dist/ (compressed, see
// compressed-file.mjs) with a fallback to index.html
// for any other path, plus an optional handler for the application endpoint. `npm start` and
// the end-to-end tests both use it, so the tests drive the same server a person starts.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { compressedFile } from './compressed-file.mjs';

/** @type {Record<string, string>} */
const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** Files whose content changes without their name changing must be revalidated on every load. */
/** @param {string} path */
function cacheControlFor(path) {
  if (/\/assets\//.test(path)) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}

/**
 * @param {string} root
 * @param {string} urlPath
 * @returns {Promise<{ path: string, size: number } | null>}
 */
async function fileAt(root, urlPath) {
  const decoded = decodeURIComponent(urlPath);
  const path = normalize(join(root, decoded));
  if (!path.startsWith(root)) return null;
  try {
    const info = await stat(path);
    if (info.isFile()) return { path, size: info.size };
    if (info.isDirectory()) return fileAt(root, join(decoded, 'index.html'));
  } catch {
    return null;
  }
  return null;
}

/**
 * @param {{ root: string, api?: (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => boolean | Promise<boolean> }} options
 *   `api` answers the requests it recognises and returns true; everything else is a static file.
 */
export function createAppServer({ root, api }) {
  const base = resolve(root);
  return createServer(async (req, res) => {
    try {
      if (api && (await api(req, res))) return;
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { Allow: 'GET, HEAD' }).end();
        return;
      }
      const url = new URL(req.url ?? '/', 'http://localhost');
      const file = (await fileAt(base, url.pathname)) ?? (await fileAt(base, '/index.html'));
      if (!file) {
        res.writeHead(404).end('Not found');
        return;
      }
      const contentType = CONTENT_TYPES[extname(file.path)] ?? 'application/octet-stream';
      const headers = {
        'Content-Type': contentType,
        'Cache-Control': cacheControlFor(file.path),
        'X-Content-Type-Options': 'nosniff',
        Vary: 'Accept-Encoding',
      };
      const compressed = await compressedFile(file.path, contentType, file.size, req.headers['accept-encoding']);
      if (compressed) {
        res.writeHead(200, { ...headers, 'Content-Encoding': compressed.encoding, 'Content-Length': compressed.body.length });
        res.end(req.method === 'HEAD' ? undefined : compressed.body);
        return;
      }
      res.writeHead(200, { ...headers, 'Content-Length': file.size });
      if (req.method === 'HEAD') res.end();
      else createReadStream(file.path).pipe(res);
    } catch (error) {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(error));
    }
  });
}

/**
 * Reads a request body as text.
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
