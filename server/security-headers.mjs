// Security headers on every answer of the server, and a Content-Security-Policy allowing only what
// the configured programme needs: its own origin, plus its analytics host, its error-reporting
// host (from the DSN), its requestUrl and any cover or logo on another host. Derived from
// root/config.json, re-read when that file changes, since deployers edit it without rebuilding.
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

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
 * The policy for a programme's configuration (parsed config.json, or null when unreadable).
 * @param {unknown} config
 */
export function contentSecurityPolicy(config) {
  const programme = /** @type {{ analytics?: { host?: unknown } | null, errorReporting?: { dsn?: unknown } | null, requestUrl?: unknown, backgrounds?: unknown, logo?: unknown } | null} */ (config);
  const connect = new Set(["'self'"]);
  const images = new Set(["'self'", 'data:', 'blob:']);
  for (const origin of [originOf(programme?.analytics?.host), originOf(programme?.errorReporting?.dsn), originOf(programme?.requestUrl)]) if (origin) connect.add(origin);
  imageOrigins([programme?.backgrounds, programme?.logo], images);
  return [
    "default-src 'self'",
    "script-src 'self'",
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
 * The headers for every answer, kept current with root/config.json.
 * @param {string} root
 */
export function securityHeaders(root) {
  const path = join(root, 'config.json');
  let cached = { mtimeMs: -1, headers: /** @type {Record<string, string>} */ ({}) };
  return async () => {
    let mtimeMs;
    try {
      mtimeMs = (await stat(path)).mtimeMs;
    } catch {
      mtimeMs = 0;
    }
    if (mtimeMs !== cached.mtimeMs) {
      let config;
      try {
        config = JSON.parse(await readFile(path, 'utf8'));
      } catch {
        config = null;
      }
      cached = {
        mtimeMs,
        headers: {
          'Content-Security-Policy': contentSecurityPolicy(config),
          'X-Content-Type-Options': 'nosniff',
          'Referrer-Policy': 'strict-origin-when-cross-origin',
          'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
          'X-Frame-Options': 'DENY',
          'Cross-Origin-Opener-Policy': 'same-origin',
        },
      };
    }
    return cached.headers;
  };
}
