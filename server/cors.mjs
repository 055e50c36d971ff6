// Cross-origin requests to the receiver are refused unless their origin is configured
// (CORS_ORIGINS, a comma-separated list of origins such as https://apply.example.com). A browser
// sends Origin with every PUT, same-origin ones included, so the page's own origin always passes.

export const CORS_REQUEST_HEADERS = 'Content-Type, Content-Language, Idempotency-Key, Application-Id, Application-Revision';

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
 * @returns {'same' | 'allowed' | 'refused'}
 */
export function originVerdict(req, allowed) {
  const origin = req.headers.origin;
  if (origin === undefined) return 'same';
  const host = req.headers.host;
  if (host && (origin === `http://${host}` || origin === `https://${host}`)) return 'same';
  return allowed.has(origin) ? 'allowed' : 'refused';
}
