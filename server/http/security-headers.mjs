// Security headers on every answer of the server, and a Content-Security-Policy allowing only what
// the configured programme needs: its own origin, plus its analytics host, its error-reporting
// host (from the DSN), its requestUrl and any cover or logo on another host. Derived from the
// config.json pages are given (by `npm start`, the last valid programme the file held:
// programme-source.mjs), followed as it changes, since deployers edit it without rebuilding.
// The inline scripts of root/index.html (the build's starter and resume hint, see
// scripts/prerender-welcome.ts) are allowed by their SHA-256, and nothing else inline is.
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { siteOf } from './proxy-trust.mjs';

/** A year, subdomains included: sent only by a site known to be https. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * The headers that depend on how the request reached the site: Strict-Transport-Security when the
 * site is https (PUBLIC_ORIGIN is https://…, or the trusted proxy says the client used https);
 * never for plain http, where it would be a lie (and is ignored), nor when no proxy is trusted.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('./proxy-trust.mjs').ProxyTrust} [trust] TRUST_PROXY and PUBLIC_ORIGIN (the request's context carries them); else none
 * @returns {Record<string, string>}
 */
export function transportSecurityHeaders(req, trust) {
  return siteOf(req, trust).https ? { 'Strict-Transport-Security': STRICT_TRANSPORT_SECURITY } : {};
}

/** @param {unknown} value */
function originOf(value) {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * Every absolute http(s) URL under a part of the configuration (covers: `src` and `srcset` entries).
 * @param {unknown} node
 * @param {Set<string>} into
 */
function imageOrigins(node, into) {
  if (typeof node === 'string') {
    for (const candidate of node.split(',')) {
      const origin = originOf(candidate.trim().split(/\s+/)[0]);
      if (origin) into.add(origin);
    }
  } else if (Array.isArray(node)) for (const item of node) imageOrigins(item, into);
  else if (typeof node === 'object' && node !== null) for (const value of Object.values(node)) imageOrigins(value, into);
}

/**
 * The CSP sources that allow each inline `<script>` of an HTML page, by the SHA-256 of its text.
 * @param {string} html
 * @returns {string[]}
 */
export function inlineScriptHashes(html) {
  const hashes = new Set();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(match[1] ?? '')) continue;
    // A data block (the configuration the build checked, type="application/json") never runs.
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(match[1] ?? '')?.[1]?.toLowerCase();
    if (type && type !== 'module' && !/javascript|ecmascript/.test(type)) continue;
    hashes.add(
      `'sha256-${createHash('sha256')
        .update(match[2] ?? '', 'utf8')
        .digest('base64')}'`,
    );
  }
  return [...hashes];
}

/**
 * The policy for a programme's configuration (parsed config.json, or null when unreadable) and
 * the inline scripts index.html carries (from inlineScriptHashes).
 * @param {unknown} config
 * @param {readonly string[]} [scriptHashes]
 */
export function contentSecurityPolicy(config, scriptHashes = []) {
  const programme =
    /** @type {{ analytics?: { host?: unknown } | null, errorReporting?: { dsn?: unknown } | null, requestUrl?: unknown, backgrounds?: unknown, logo?: unknown } | null} */ (
      config
    );
  const connect = new Set(["'self'"]);
  const images = new Set(["'self'", 'data:', 'blob:']);
  for (const origin of [originOf(programme?.analytics?.host), originOf(programme?.errorReporting?.dsn), originOf(programme?.requestUrl)])
    if (origin) connect.add(origin);
  imageOrigins([programme?.backgrounds, programme?.logo], images);
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes].join(' '),
    // React sets style attributes (the cover's position, the step bar's widths): attributes only.
    "style-src 'self' 'unsafe-inline'",
    `img-src ${[...images].join(' ')}`,
    `connect-src ${[...connect].join(' ')}`,
    "font-src 'self' data:",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The modification time of a file, 0 when it is missing.
 * @param {string} path
 */
async function modifiedAt(path) {
  try {
    return (await stat(path)).mtimeMs;
  } catch {
    return 0;
  }
}

/** The headers every answer carries, whatever the programme. */
const COMMON_HEADERS = Object.freeze({
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
});

/**
 * The headers of an answer written before any handler ran (a request timed out or malformed,
 * connection-limits.mjs): no page, so a policy that allows nothing.
 */
export const BARE_ANSWER_HEADERS = Object.freeze({ ...COMMON_HEADERS, 'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'" });

/**
 * @typedef {() => Promise<{ version: string, text: () => Promise<string> }>} ServedConfig
 *   the config.json pages are given: a version that changes with it, and its text
 */

/**
 * config.json as it is in root: its modification time, and its text read only when that changes.
 * @param {string} path
 * @returns {ServedConfig}
 */
function configOnDisk(path) {
  return async () => ({ version: String(await modifiedAt(path)), text: () => readFile(path, 'utf8') });
}

/**
 * The headers for every answer, kept current with the served config.json and root/index.html.
 * @param {string} root
 * @param {ServedConfig} [servedConfig] root/config.json unless the server gives pages another (the last valid one)
 */
export function securityHeaders(root, servedConfig = configOnDisk(join(root, 'config.json'))) {
  const htmlPath = join(root, 'index.html');
  let cached = { version: '', headers: /** @type {Record<string, string>} */ ({}) };
  return async () => {
    const [config, htmlVersion] = await Promise.all([servedConfig(), modifiedAt(htmlPath)]);
    const version = `${config.version}/${String(htmlVersion)}`;
    if (version !== cached.version) {
      let parsed;
      try {
        parsed = JSON.parse(await config.text());
      } catch {
        parsed = null;
      }
      const html = await readFile(htmlPath, 'utf8').catch(() => '');
      cached = {
        version,
        headers: { ...COMMON_HEADERS, 'Content-Security-Policy': contentSecurityPolicy(parsed, inlineScriptHashes(html)) },
      };
    }
    return cached.headers;
  };
}
