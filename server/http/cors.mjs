// Cross-origin requests to the receiver are refused unless their origin is configured
// (CORS_ORIGINS, a comma-separated list of origins such as https://apply.example.com). A browser
// sends Origin with every PUT, same-origin ones included, so the page's own origin always passes:
// the site as Host names it, or, behind a reverse proxy, as PUBLIC_ORIGIN or the trusted proxy's
// headers name it (proxy-trust.mjs).
import { siteOf } from './proxy-trust.mjs';

export const CORS_REQUEST_HEADERS = 'Content-Type, Content-Language, Idempotency-Key, Application-Id, Application-Revision, Altcha';

/**
 * @param {string | undefined} list
 * @returns {Set<string>}
 */
export function parseOrigins(list) {
  return new Set(
    (list ?? '')
      .split(',')
      .map((origin) => origin.trim().replace(/\/+$/, ''))
      .filter(Boolean),
  );
}

/**
 * 'same' for no Origin or the server's own, 'allowed' for a configured one, else 'refused'.
 * @param {import('node:http').IncomingMessage} req
 * @param {ReadonlySet<string>} allowed
 * @param {import('./proxy-trust.mjs').ProxyTrust} [trust] TRUST_PROXY and PUBLIC_ORIGIN (the request's context carries them); else none
 * @returns {'same' | 'allowed' | 'refused'}
 */
export function originVerdict(req, allowed, trust) {
  const origin = req.headers.origin;
  if (origin === undefined) return 'same';
  if (siteOf(req, trust).origins.includes(origin)) return 'same';
  return allowed.has(origin) ? 'allowed' : 'refused';
}
