// Which file of the build (dist/) a request's path names, for server/app-server.mjs: never one
// outside it (no `..`, no symlink leading out), index.html (or the team's) for a navigation and
// nothing for a missing asset, source maps told apart, and each file's type and caching.
import { realpath, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';

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
};

/**
 * Files whose content changes without their name changing must be revalidated on every load.
 * @param {string} path
 */
export function cacheControlFor(path) {
  if (/\/assets\//.test(path)) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}

/** @param {string} path @param {string} root */
export function isInside(path, root) {
  return path === root || path.startsWith(root.endsWith(sep) ? root : `${root}${sep}`);
}

/**
 * The file a decoded URL path names inside root (the real root, symlinks resolved), or null.
 * @param {string} root
 * @param {string} decoded
 * @returns {Promise<{ path: string, size: number, mtimeMs: number } | null>}
 */
export async function fileAt(root, decoded) {
  const path = resolve(root, `.${decoded}`);
  if (!isInside(path, root)) return null;
  try {
    // A symlink inside dist/ may point anywhere: only its real target counts.
    const real = await realpath(path);
    if (!isInside(real, root)) return null;
    const info = await stat(real);
    if (info.isFile()) return { path: real, size: info.size, mtimeMs: info.mtimeMs };
    if (info.isDirectory()) return await fileAt(root, join(decoded, 'index.html'));
  } catch {
    return null;
  }
  return null;
}

/**
 * @param {string} path
 */
export function isSourceMap(path) {
  return path.toLowerCase().endsWith('.map');
}

/**
 * Only a navigation (a path without an extension, outside /assets/) falls back to index.html;
 * a missing script, style or image is a 404, not HTML under its name.
 * @param {string} decoded
 */
function isNavigation(decoded) {
  return !decoded.startsWith('/assets/') && extname(decoded) === '';
}

/**
 * The page a navigation falls back to: the team's app for its own addresses (/team/, a deep link
 * such as /team/applications/<id>), the wizard for any other. The team's API and assets are not
 * pages: a path there that nothing answered is a 404.
 * @param {string} decoded
 * @returns {string | null}
 */
export function fallbackPage(decoded) {
  if (!isNavigation(decoded)) return null;
  if (decoded !== '/team' && !decoded.startsWith('/team/')) return '/index.html';
  return /^\/team\/(api|assets)(\/|$)/.test(decoded) ? null : '/team/index.html';
}

/**
 * The Content-Type of a file of the build, by its extension.
 * @param {string} path
 */
export function contentTypeOf(path) {
  return CONTENT_TYPES[extname(path)] ?? 'application/octet-stream';
}
